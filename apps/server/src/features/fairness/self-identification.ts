// The candidate's voluntary self-identification after submitting a selection or performance questionnaire
// (docs/decisions/0051, 0063). Only the browser that submitted may read it back or change it: its participant key
// (questionnaire/participant-key.ts), never the instance token, which every evaluator holds; a signed-in or
// API-credential request never, whatever cookie it carries. Stored in its own table, apart from answers and results;
// never scored, never shown per person to the account: only the adverse-impact report reads it, as counts of at least
// k, and the person's own copy of their data (Art. 15). Once a decision about the result is recorded it is fixed.
import { eq } from 'drizzle-orm';
import {
  FAIRNESS_PRODUCTS,
  PREFER_NOT_TO_SAY,
  SELF_ID_CATEGORIES,
  SELF_ID_ERRORS,
  type FairnessProduct,
  type TSelfIdentificationForm,
  type TSelfIdentificationRequest,
} from '@bq/contracts/fairness';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { isOpenForAnswers } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { interactionInstances, productConfigurations, resultDecisions, selfIdentifications } from '../../db/schema';
import { isParticipantKey } from '../questionnaire/participant-key';
import { selfIdentificationSettings } from './self-identification-settings';

/** Who calls: the participant key the request's cookie carries, and whether the request is the account's. */
export interface SelfIdCaller {
  participantKey: string | undefined;
  accountRequest: boolean;
}

async function instanceOf(db: Db | Tx, token: string, forUpdate = false) {
  const query = db
    .select({ id: interactionInstances.id, accountId: interactionInstances.accountId, clientId: interactionInstances.clientId, status: interactionInstances.status, productType: productConfigurations.productType })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(eq(interactionInstances.token, token))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: interactionInstances }) : await query;
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return row;
}

const offeredFor = (productType: string) => (FAIRNESS_PRODUCTS as readonly string[]).includes(productType);

const isParticipant = async (db: Db | Tx, instanceId: string, caller: SelfIdCaller) =>
  !caller.accountRequest && (await isParticipantKey(db, instanceId, caller.participantKey));

async function isDecided(db: Db | Tx, instanceId: string): Promise<boolean> {
  const [decision] = await db.select({ id: resultDecisions.id }).from(resultDecisions).where(eq(resultDecisions.instanceId, instanceId)).limit(1);
  return decision !== undefined;
}

const NOT_OFFERED: TSelfIdentificationForm = { offered: false, categories: [], given: null, changeable: false };

/**
 * GET /api/q/{token}/self-identification. Anyone but the submitting browser gets NOT_OFFERED, the same answer whether
 * or not a statement exists: to the evaluator even "this candidate answered" would be a statement about them.
 */
export async function selfIdentificationForm(db: Db, token: string, caller: SelfIdCaller): Promise<TSelfIdentificationForm> {
  const instance = await instanceOf(db, token);
  if (!offeredFor(instance.productType) || isOpenForAnswers(instance.status) || instance.status === 'CLOSED') return NOT_OFFERED;
  if (!(await isParticipant(db, instance.id, caller))) return NOT_OFFERED;
  const settings = await selfIdentificationSettings(db, instance.accountId);
  const categories = settings.categories.filter((c) => c.asked).map(({ category, options }) => ({ category, options }));
  const [given] = await db.select().from(selfIdentifications).where(eq(selfIdentifications.instanceId, instance.id));
  return {
    offered: categories.length > 0,
    categories,
    given: given
      ? Object.fromEntries(SELF_ID_CATEGORIES.map((c) => [c, given[c]]).filter(([, v]) => v !== null))
      : null,
    changeable: !(await isDecided(db, instance.id)),
  };
}

/**
 * POST /api/q/{token}/self-identification: saves (or replaces) the statement; a category left out is not stated.
 * The instance row is locked, as recordDecision locks it, so a decision and a change never pass each other.
 */
export async function saveSelfIdentification(db: Db, token: string, input: TSelfIdentificationRequest, caller: SelfIdCaller): Promise<{ saved: true }> {
  if (caller.accountRequest) throw new AppError(SELF_ID_ERRORS.notTheParticipant, 403, 'Only the candidate, in the browser that submitted, gives this');
  return db.transaction(async (tx) => {
    const instance = await instanceOf(tx, token, true);
    if (instance.status === 'CLOSED' || !offeredFor(instance.productType as FairnessProduct)) {
      throw new AppError(SELF_ID_ERRORS.notOffered, 409, 'Self-identification is not asked for this questionnaire');
    }
    if (!(await isParticipant(tx, instance.id, caller))) {
      throw new AppError(SELF_ID_ERRORS.notTheParticipant, 403, 'Only the candidate, in the browser that submitted, gives this');
    }
    if (isOpenForAnswers(instance.status)) throw new AppError(SELF_ID_ERRORS.notSubmitted, 409, 'Submit the questionnaire first');
    if (await isDecided(tx, instance.id)) throw new AppError(SELF_ID_ERRORS.decided, 409, 'A decision is recorded: the statement can no longer be changed');
    const settings = await selfIdentificationSettings(tx, instance.accountId);
    const values: Record<(typeof SELF_ID_CATEGORIES)[number], string | null> = { sex: null, ageBand: null, ethnicGroup: null };
    for (const category of SELF_ID_CATEGORIES) {
      const answer = input[category];
      if (answer === undefined) continue;
      const setting = settings.categories.find((c) => c.category === category);
      const allowed = answer === PREFER_NOT_TO_SAY || Boolean(setting?.asked && setting.options.some((o) => o.code === answer));
      if (!allowed) throw new AppError(SELF_ID_ERRORS.invalidOption, 400, `Not an option of ${category}`);
      values[category] = answer;
    }
    await tx
      .insert(selfIdentifications)
      .values({ instanceId: instance.id, accountId: instance.accountId, clientId: instance.clientId, ...values })
      .onConflictDoUpdate({ target: selfIdentifications.instanceId, set: { ...values, updatedAt: new Date() } });
    return { saved: true as const };
  });
}
