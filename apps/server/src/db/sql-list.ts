// A list of values for `column in (...)`, each a bound parameter: status lists live in @bq/domain (e.g.
// RESULT_STATUSES, OPEN_FOR_ANSWERS_STATUSES), so a change to the lifecycle reaches every SQL condition that uses them
// instead of a copy spelled out in the SQL text.
import { sql, type SQL } from 'drizzle-orm';

export function sqlList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
