// The consistency flag's resolution (DESIGN.md section 4): when tolerance, capacity for loss and the client's own
// estimate disagree strongly, the adviser may not simply rely on the profile; they discuss it with the client and
// record how it was resolved. Records are append-only (a later note amends an earlier one) and appear on the
// dashboard and in the client's report.
import { asc, eq, sql } from 'drizzle-orm';
import type { TConsistencyResolution, TConsistencyResolutionRequest } from '@bq/contracts/dashboard';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { consistencyResolutions, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { requireOpenResult } from './result-access';

export const CONSISTENCY_ERRORS = { notFlagged: 'error.consistency.not_flagged' } as const;

type ResolutionRow = typeof consistencyResolutions.$inferSelect;

function toResolution(row: ResolutionRow): TConsistencyResolution {
  return { note: row.note, authorName: row.authorName, resolvedAt: row.createdAt.toISOString() };
}

/** The records of one instance, oldest first (the order they were written in). */
/** Prepared (db/prepared.ts): every dashboard and report of a flagged result reads them. */
const resolutionsQuery = prepared((db: Db) =>
  db
    .select()
    .from(consistencyResolutions)
    .where(eq(consistencyResolutions.instanceId, sql.placeholder('instanceId')))
    .orderBy(asc(consistencyResolutions.createdAt), asc(consistencyResolutions.id))
    .prepare('consistency_resolutions_of_instance'),
);

export async function consistencyResolutionsOf(db: Db, instanceId: string): Promise<TConsistencyResolution[]> {
  const rows = await resolutionsQuery(db).execute({ instanceId });
  return rows.map(toResolution);
}

/** POST /api/dashboard/{token}/consistency/resolution: needs INDIVIDUAL_RESULTS/UPDATE and a flagged, open result. */
export async function recordConsistencyResolution(
  db: Db,
  auth: AuthContext,
  token: string,
  input: TConsistencyResolutionRequest,
): Promise<TConsistencyResolution> {
  const { instance, results } = await requireOpenResult(db, auth, token, 'INDIVIDUAL_RESULTS', 'UPDATE');
  if (!results.risk?.consistency.flagged) {
    throw new AppError(CONSISTENCY_ERRORS.notFlagged, 409, 'This result has no consistency flag to resolve');
  }
  const [author] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, auth.userId));
  const authorName = author ? `${author.firstName} ${author.lastName}`.trim() || author.email : '';
  const [row] = await db
    .insert(consistencyResolutions)
    .values({ accountId: instance.accountId, instanceId: instance.id, userId: auth.userId, authorName, note: input.note })
    .returning();
  return toResolution(row!);
}
