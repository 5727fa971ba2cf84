-- ==== hand-written (docs/decisions/0043): a client's erasure ====
-- An erased client keeps its row as a pseudonym (its kept results and the BI and team figures point at it); this
-- says when its identity was erased.
ALTER TABLE "clients" ADD COLUMN "erased_at" timestamp with time zone;
