// People decide, the product does not (GDPR Art. 22, EU AI Act Annex III(4)): the evaluator records a decision
// (advance, hold, reject) with a reason on a selection result. Append-only: a later decision supersedes, never
// overwrites, so the history shows who decided what and when; the latest counts (dashboard, adverse-impact report).
import { asc, eq, sql } from 'drizzle-orm';
import { FAIRNESS_PRODUCTS, type TRecordDecisionRequest, type TResultDecision, type TResultDecisions } from '@bq/contracts/fairness';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { interactionInstances, resultDecisions, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { requireOpenResult } from '../results/result-access';

export const DECISION_ERRORS = { notApplicable: 'error.decision.not_applicable' } as const;

type DecisionRow = typeof resultDecisions.$inferSelect;

function toDecision(row: DecisionRow): TResultDecision {
  return { decision: row.decision, reason: row.reason, authorName: row.authorName, decidedAt: row.createdAt.toISOString() };
}

/** Prepared (db/prepared.ts): every dashboard of a selection result reads them. */
const decisionsQuery = prepared((db: Db) =>
  db
    .select()
    .from(resultDecisions)
    .where(eq(resultDecisions.instanceId, sql.placeholder('instanceId')))
    .orderBy(asc(resultDecisions.createdAt), asc(resultDecisions.id))
    .prepare('result_decisions_of_instance'),
);

export async function decisionsOf(db: Db, instanceId: string): Promise<TResultDecisions> {
  const history = (await decisionsQuery(db).execute({ instanceId })).map(toDecision);
  return { current: history.at(-1) ?? null, history };
}

export const decidesPeople = (productType: string) => (FAIRNESS_PRODUCTS as readonly string[]).includes(productType);

/** POST /api/instance/{token}/decision: INDIVIDUAL_RESULTS/UPDATE on an open selection result (its event commits with it). */
export async function recordDecision(
  db: Db,
  auth: AuthContext,
  token: string,
  input: TRecordDecisionRequest,
): Promise<TResultDecisions> {
  const { instance, productType } = await requireOpenResult(db, auth, token, 'INDIVIDUAL_RESULTS', 'UPDATE');
  if (!decidesPeople(productType)) throw new AppError(DECISION_ERRORS.notApplicable, 409, 'Decisions are recorded on selection and performance results only');
  const [author] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, auth.userId));
  const authorName = author ? `${author.firstName} ${author.lastName}`.trim() || author.email : '';
  await db.transaction(async (tx) => {
    // The candidate's self-identification is fixed once a decision exists (self-identification.ts locks the same row
    // for update): a change in flight finishes before the decision, or is refused after it.
    await tx.select({ id: interactionInstances.id }).from(interactionInstances).where(eq(interactionInstances.id, instance.id)).for('share');
    await tx.insert(resultDecisions).values({ accountId: instance.accountId, instanceId: instance.id, userId: auth.userId, authorName, decision: input.decision, reason: input.reason });
  });
  return decisionsOf(db, instance.id);
}
