ALTER TABLE "client_products" ADD COLUMN "latest_instance_id" uuid;--> statement-breakpoint
ALTER TABLE "client_products" ADD COLUMN "latest_instance_status" text;--> statement-breakpoint
ALTER TABLE "client_products" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED;--> statement-breakpoint
CREATE INDEX "client_products_config_status_idx" ON "client_products" USING btree ("product_configuration_id","active","latest_instance_status");--> statement-breakpoint
CREATE INDEX "clients_account_name_idx" ON "clients" USING btree ("account_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_account_created_idx" ON "clients" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "interaction_instances_client_config_created_idx" ON "interaction_instances" USING btree ("client_id","product_configuration_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: the client list at scale (docs/decisions/0017-jobs-and-search-at-scale.md). Trigram indexes for the
-- "contains" search on names and e-mail (pg_trgm: PostgreSQL contrib, loaded into PGlite in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- hand-written: the search matches lower(first || ' ' || last name) (search_name, which contains each name) or the
-- (lower-case) e-mail.
CREATE INDEX "clients_search_name_trgm_idx" ON "clients" USING gin ("search_name" gin_trgm_ops);
--> statement-breakpoint
-- hand-written
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- hand-written (drizzle cannot declare INCLUDE): a page of a configuration's clients by last activity, read in
-- order; the filters on active and the latest status are checked in the index.
CREATE INDEX "client_products_config_activity_idx" ON "client_products" USING btree ("product_configuration_id", "last_activity_at" DESC, "client_id" DESC) INCLUDE ("active", "latest_instance_status");
--> statement-breakpoint
-- hand-written: client_products.latest_instance_id/_status and last_activity_at are kept by the triggers below, so every
-- writer of instances (now and later) keeps them right. Refresh: lock the memberships in a fixed order first, then read
-- the instances in a new statement; under READ COMMITTED it sees every writer that refreshed before, so two concurrent
-- writers cannot leave an older instance as the latest.
CREATE FUNCTION refresh_client_product_activity(client_ids uuid[], config_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF client_ids IS NULL OR cardinality(client_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM client_products cp
    JOIN unnest(client_ids, config_ids) AS p(client_id, config_id) ON cp.client_id = p.client_id AND cp.product_configuration_id = p.config_id
    ORDER BY cp.client_id, cp.product_configuration_id
    FOR UPDATE OF cp;
  UPDATE client_products cp
  SET latest_instance_id = li.id, latest_instance_status = li.status, last_activity_at = coalesce(li.updated_at, c.updated_at)
  FROM unnest(client_ids, config_ids) AS p(client_id, config_id)
  JOIN clients c ON c.id = p.client_id
  LEFT JOIN LATERAL (
    SELECT ii.id, ii.status, ii.updated_at FROM interaction_instances ii
    WHERE ii.client_id = p.client_id AND ii.product_configuration_id = p.config_id
    ORDER BY ii.created_at DESC, ii.id DESC
    LIMIT 1
  ) li ON true
  WHERE cp.client_id = p.client_id AND cp.product_configuration_id = p.config_id
    AND (cp.latest_instance_id, cp.latest_instance_status, cp.last_activity_at) IS DISTINCT FROM (li.id, li.status, coalesce(li.updated_at, c.updated_at));
END $$;
--> statement-breakpoint
-- hand-written: one statement-level trigger function for insert, update and delete (transition tables: a bulk insert
-- refreshes once, not per row); an update refreshes only where something the list shows changed.
CREATE FUNCTION interaction_instances_refresh_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  client_ids uuid[];
  config_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.client_id), array_agg(d.config_id) INTO client_ids, config_ids
    FROM (SELECT DISTINCT n.client_id, n.product_configuration_id AS config_id FROM new_rows n) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.client_id), array_agg(d.config_id) INTO client_ids, config_ids
    FROM (SELECT DISTINCT o.client_id, o.product_configuration_id AS config_id FROM old_rows o) d;
  ELSE
    SELECT array_agg(d.client_id), array_agg(d.config_id) INTO client_ids, config_ids
    FROM (
      SELECT DISTINCT x.client_id, x.config_id
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.client_id, n.product_configuration_id), (o.client_id, o.product_configuration_id)) AS x(client_id, config_id)
      WHERE (n.status, n.updated_at, n.created_at, n.client_id, n.product_configuration_id)
        IS DISTINCT FROM (o.status, o.updated_at, o.created_at, o.client_id, o.product_configuration_id)
    ) d;
  END IF;
  PERFORM refresh_client_product_activity(client_ids, config_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- hand-written
CREATE TRIGGER interaction_instances_activity_insert AFTER INSERT ON interaction_instances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_instances_refresh_activity();
--> statement-breakpoint
-- hand-written
CREATE TRIGGER interaction_instances_activity_update AFTER UPDATE ON interaction_instances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_instances_refresh_activity();
--> statement-breakpoint
-- hand-written
CREATE TRIGGER interaction_instances_activity_delete AFTER DELETE ON interaction_instances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION interaction_instances_refresh_activity();
--> statement-breakpoint
-- hand-written: a client without instances is as active as its own last change.
CREATE FUNCTION clients_refresh_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE client_products SET last_activity_at = NEW.updated_at
  WHERE client_id = NEW.id AND latest_instance_id IS NULL AND last_activity_at IS DISTINCT FROM NEW.updated_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- hand-written
CREATE TRIGGER clients_activity AFTER UPDATE OF updated_at ON clients
  FOR EACH ROW WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at) EXECUTE FUNCTION clients_refresh_activity();
--> statement-breakpoint
-- hand-written: a new membership starts from what already exists (a client's instances, or its own last change).
CREATE FUNCTION client_products_init_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_row record;
BEGIN
  SELECT li.id, li.status, coalesce(li.updated_at, c.updated_at) AS activity INTO found_row
  FROM clients c
  LEFT JOIN LATERAL (
    SELECT ii.id, ii.status, ii.updated_at FROM interaction_instances ii
    WHERE ii.client_id = NEW.client_id AND ii.product_configuration_id = NEW.product_configuration_id
    ORDER BY ii.created_at DESC, ii.id DESC
    LIMIT 1
  ) li ON true
  WHERE c.id = NEW.client_id;
  IF FOUND THEN
    NEW.latest_instance_id := found_row.id;
    NEW.latest_instance_status := found_row.status;
    NEW.last_activity_at := found_row.activity;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- hand-written
CREATE TRIGGER client_products_activity_init BEFORE INSERT ON client_products
  FOR EACH ROW EXECUTE FUNCTION client_products_init_activity();
--> statement-breakpoint
-- hand-written: existing memberships.
UPDATE client_products cp
SET (latest_instance_id, latest_instance_status, last_activity_at) = (
  SELECT li.id, li.status, coalesce(li.updated_at, c.updated_at)
  FROM clients c
  LEFT JOIN LATERAL (
    SELECT ii.id, ii.status, ii.updated_at FROM interaction_instances ii
    WHERE ii.client_id = cp.client_id AND ii.product_configuration_id = cp.product_configuration_id
    ORDER BY ii.created_at DESC, ii.id DESC
    LIMIT 1
  ) li ON true
  WHERE c.id = cp.client_id
);
