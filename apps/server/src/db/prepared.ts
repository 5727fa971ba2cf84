// Prepared statements for the hottest queries (docs/decisions/0026): drizzle builds a query's SQL text anew on every
// call, which the CPU profile of a signed-in GET showed as a fifth of its time. A prepared query builds it once per
// database handle, and on PostgreSQL it is a named statement that each pooled connection parses and plans once.
// Only for queries whose shape never changes (no optional conditions); values go in through sql.placeholder().
import type { Db } from './client';
import { currentHandle } from './request-work';

/** `prepared(build)` returns a getter that builds the prepared query on first use for each database handle (or transaction). */
export function prepared<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (handle) => {
    // The request-scoped handle stands for the database or a unit's transaction (db/request-work.ts): keyed by which.
    const db = currentHandle(handle);
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
