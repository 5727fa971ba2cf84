CREATE TABLE "bi_counts" (
	"product_configuration_id" uuid NOT NULL,
	"category_key" text NOT NULL,
	"bucket" text NOT NULL,
	"client_group" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bi_counts_product_configuration_id_category_key_bucket_client_group_pk" PRIMARY KEY("product_configuration_id","category_key","bucket","client_group")
);
--> statement-breakpoint
ALTER TABLE "bi_facts" DROP CONSTRAINT "bi_facts_instance_id_interaction_instances_id_fk";
--> statement-breakpoint
ALTER TABLE "bi_counts" ADD CONSTRAINT "bi_counts_product_configuration_id_product_configurations_id_fk" FOREIGN KEY ("product_configuration_id") REFERENCES "public"."product_configurations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- ==== hand-written (bi-anonymisation, docs/decisions/0021): bi_counts, kept by the BI triggers ====
-- Counts of bi_facts per configuration, category, bucket and group, changed in the same statements that change the
-- facts, so a category's distribution and a client page's total read a handful of rows. The facts of a deleted
-- instance now leave through the trigger (which also adjusts the counts), not through a foreign-key cascade.
CREATE OR REPLACE FUNCTION bi_refresh_many(p_clients uuid[], p_configs uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- bi_counts follows every row that leaves or enters bi_facts (in a fixed order, so concurrent refreshes lock
  -- the counter rows in the same order).
  WITH gone AS (
    DELETE FROM bi_facts f USING unnest(p_clients, p_configs) AS k(client_id, config_id)
    WHERE f.client_id = k.client_id AND f.product_configuration_id = k.config_id
    RETURNING f.product_configuration_id, f.category_key, f.bucket, f.client_group
  )
  INSERT INTO bi_counts AS b (product_configuration_id, category_key, bucket, client_group, n)
  SELECT product_configuration_id, category_key, bucket, client_group, -count(*) FROM gone
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_configuration_id, category_key, bucket, client_group) DO UPDATE SET n = b.n + excluded.n;
  WITH added AS (
  INSERT INTO bi_facts (client_id, product_configuration_id, category_key, bucket, client_group, account_id, instance_id, finished_at)
  SELECT r.client_id, r.config_id, x.category_key, x.bucket, r.client_group, r.account_id, r.id, r.finished_at
  FROM (
    SELECT DISTINCT ON (k.client_id, k.config_id) k.client_id, k.config_id, ii.id, ii.account_id, ii.results,
           coalesce(ii.filled_at, ii.created_at) AS finished_at, c.client_group
    FROM (SELECT DISTINCT u.client_id, u.config_id FROM unnest(p_clients, p_configs) AS u(client_id, config_id)) k
    JOIN interaction_instances ii ON ii.client_id = k.client_id AND ii.product_configuration_id = k.config_id
    JOIN clients c ON c.id = k.client_id
    WHERE ii.status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR') AND ii.results IS NOT NULL
    ORDER BY k.client_id, k.config_id, coalesce(ii.filled_at, ii.created_at) DESC, ii.id DESC
  ) r
  CROSS JOIN LATERAL (
    SELECT 'dimension.' || (d->>'key') AS category_key,
           CASE WHEN (d->>'stanine')::numeric <= 3 THEN 'LOW' WHEN (d->>'stanine')::numeric <= 6 THEN 'AVERAGE' ELSE 'HIGH' END AS bucket
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.results->'dimensions') = 'array' THEN r.results->'dimensions' ELSE '[]'::jsonb END) d
    WHERE jsonb_typeof(d->'stanine') = 'number' AND d->>'key' IS NOT NULL
    UNION ALL
    SELECT 'risk_class', ((r.results->'risk'->>'suitableClass')::numeric)::int::text
    WHERE jsonb_typeof(r.results->'risk'->'suitableClass') = 'number'
    UNION ALL
    SELECT 'investment_style', r.results->'prediction'->>'predictedClass'
    WHERE jsonb_typeof(r.results->'prediction'->'predictedClass') = 'string'
  ) x
  ON CONFLICT DO NOTHING
  RETURNING product_configuration_id, category_key, bucket, client_group
  )
  INSERT INTO bi_counts AS b (product_configuration_id, category_key, bucket, client_group, n)
  SELECT product_configuration_id, category_key, bucket, client_group, count(*) FROM added
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_configuration_id, category_key, bucket, client_group) DO UPDATE SET n = b.n + excluded.n;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bi_facts_on_client_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    UPDATE bi_facts SET client_group = NEW.client_group WHERE client_id = NEW.id
    RETURNING product_configuration_id, category_key, bucket
  ), deltas AS (
    SELECT product_configuration_id, category_key, bucket, OLD.client_group AS client_group, -1 AS d FROM moved
    UNION ALL
    SELECT product_configuration_id, category_key, bucket, NEW.client_group, 1 FROM moved
  )
  INSERT INTO bi_counts AS b (product_configuration_id, category_key, bucket, client_group, n)
  SELECT product_configuration_id, category_key, bucket, client_group, sum(d) FROM deltas
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (product_configuration_id, category_key, bucket, client_group) DO UPDATE SET n = b.n + excluded.n;
  RETURN NEW;
END $$;
--> statement-breakpoint
INSERT INTO bi_counts (product_configuration_id, category_key, bucket, client_group, n)
SELECT product_configuration_id, category_key, bucket, client_group, count(*) FROM bi_facts GROUP BY 1, 2, 3, 4;
