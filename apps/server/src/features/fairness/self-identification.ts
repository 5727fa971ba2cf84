// The candidate's voluntary self-identification after submitting a selection or performance questionnaire
// (docs/decisions/0051). The instance token is the credential. Stored in its own table, apart from answers and
// results; never scored, never shown per person to the account, never exported: only the adverse-impact report reads
// it, as counts of at least k. The token holder (the candidate) may read back and change what they stated.
import { eq } from 'drizzle-orm';
import {
  FAIRNESS_PRODUCTS,
  PREFER_NOT_TO_SAY,
  SELF_ID_CATEGORIES,
  type FairnessProduct,
  type TSelfIdentificationForm,
  type TSelfIdentificationRequest,
} from '@bq/contracts/fairness';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { isOpenForAnswers } from '@bq/domain/interaction-lifecycle';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { interactionInstances, productConfigurations, selfIdentifications } from '../../db/schema';
import { selfIdentificationSettings } from './self-identification-settings';

export const SELF_ID_ERRORS = {
  notSubmitted: 'error.self_identification.not_submitted',
  notOffered: 'error.self_identification.not_offered',
  invalidOption: 'error.self_identification.invalid_option',
} as const;

async function instanceOf(db: Db | Tx, token: string) {
  const [row] = await db
    .select({ id: interactionInstances.id, accountId: interactionInstances.accountId, clientId: interactionInstances.clientId, status: interactionInstances.status, productType: productConfigurations.productType })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(eq(interactionInstances.token, token))
    .limit(1);
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return row;
}

const offeredFor = (productType: string) => (FAIRNESS_PRODUCTS as readonly string[]).includes(productType);

export async function selfIdentificationForm(db: Db, token: string): Promise<TSelfIdentificationForm> {
  const instance = await instanceOf(db, token);
  if (!offeredFor(instance.productType) || isOpenForAnswers(instance.status) || instance.status === 'CLOSED') {
    return { offered: false, categories: [], given: null };
  }
  const settings = await selfIdentificationSettings(db, instance.accountId);
  const categories = settings.categories.filter((c) => c.asked).map(({ category, options }) => ({ category, options }));
  const [given] = await db.select().from(selfIdentifications).where(eq(selfIdentifications.instanceId, instance.id));
  return {
    offered: categories.length > 0,
    categories,
    given: given
      ? Object.fromEntries(SELF_ID_CATEGORIES.map((c) => [c, given[c]]).filter(([, v]) => v !== null))
      : null,
  };
}

/** POST /api/q/{token}/self-identification: saves (or replaces) the statement; a category left out is not stated. */
export async function saveSelfIdentification(db: Db, token: string, input: TSelfIdentificationRequest): Promise<{ saved: true }> {
  return db.transaction(async (tx) => {
    const instance = await instanceOf(tx, token);
    if (instance.status === 'CLOSED' || !offeredFor(instance.productType as FairnessProduct)) {
      throw new AppError(SELF_ID_ERRORS.notOffered, 409, 'Self-identification is not asked for this questionnaire');
    }
    if (isOpenForAnswers(instance.status)) throw new AppError(SELF_ID_ERRORS.notSubmitted, 409, 'Submit the questionnaire first');
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
