-- client_products' BEFORE INSERT trigger (client_products_init_activity) looks up one client by its id and that
-- client's latest instance: always an index probe. PL/pgSQL keeps the first generic plan of its query for the whole
-- session; planned while clients was (nearly) empty - the first import into a fresh account whose tables were last
-- analysed empty - that plan is a sequential scan, and each later row of the same import scanned every client
-- inserted before it. 20,000 imported rows took 17 s instead of 5, 100,000 more than five minutes (issue 26).
-- Inside this function only, sequential scans are off, so its plan is the index probe whatever the table's size.
ALTER FUNCTION client_products_init_activity() SET enable_seqscan = off;
