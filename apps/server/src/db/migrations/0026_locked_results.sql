-- ==== hand-written (locked results, docs/decisions/0029): a locked result gives nothing away ====
-- The one rule, used by the BI triggers below and by the application's queries (features/results/locked-results.ts):
-- a result may be shown, counted by its values or aggregated only when it is not LOCKED (unlocked or trial).
CREATE FUNCTION result_is_open(lock_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT lock_status IS DISTINCT FROM 'LOCKED'
$$;
--> statement-breakpoint
-- BI facts: a client whose latest finished result is locked is counted in the bucket LOCKED ("n locked, not
-- included"), not in the bucket of its class or band. Unlocking updates the instance, whose trigger refreshes the
-- pair, so the result then counts by its values.
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
  -- A locked result counts in every category it has, in the bucket LOCKED, never in the bucket of its value.
  SELECT r.client_id, r.config_id, x.category_key, CASE WHEN result_is_open(r.lock_status) THEN x.bucket ELSE 'LOCKED' END,
         r.client_group, r.account_id, r.id, r.finished_at
  FROM (
    SELECT DISTINCT ON (k.client_id, k.config_id) k.client_id, k.config_id, ii.id, ii.account_id, ii.results, ii.lock_status,
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
SELECT bi_refresh_many(array_agg(client_id), array_agg(product_configuration_id))
FROM (SELECT DISTINCT client_id, product_configuration_id FROM interaction_instances WHERE status IN ('RESULTS_AVAILABLE', 'PREDICTION_ERROR')) x;
