// What a locked (unpaid) result gives away: that it exists, nothing more (docs/decisions/0029). Every read that
// shows, counts by value or aggregates results filters through these, so the rule lives here and in the database
// function result_is_open (migration 0026) that the BI triggers use; the SQL form below calls that function.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

/** The BI bucket of a client whose latest finished result is locked: counted, never by its values. */
export const LOCKED_BUCKET = 'LOCKED';

/** In memory: the result needs a credit before anything of it is shown. */
export function isLocked(lockStatus: string | null | undefined): boolean {
  return lockStatus === 'LOCKED';
}

/** In SQL: the instance's result may be shown or aggregated (unlocked or trial). */
export function resultIsOpen(lockStatus: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`result_is_open(${lockStatus})`;
}
