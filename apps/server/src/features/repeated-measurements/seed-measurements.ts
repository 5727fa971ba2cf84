// Finished measurements for the demo and for tests: a simulated respondent (seeded, so the same every time) scored
// by the calculation's own code, stored as an instance of the campaign's interaction and linked to the campaign.
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import type { Db } from '../../db/client';
import { interactionInstances, repeatedMeasurementInstances } from '../../db/schema';
import { newPublicToken } from '../clients/client-tokens';
import { definitionForProduct } from '../interactions/definitions';
import { scoreResult } from '../calculation/score-result';

const DAY = 86_400_000;

export async function insertFinishedMeasurement(
  db: Db,
  opts: {
    accountId: string;
    productConfigurationId: string;
    productType: ProductType;
    campaignId: string;
    clientId: string;
    initiatorId?: string | null;
    measurement: number;
    seed: number;
    filledAt: Date;
    lockStatus?: 'LOCKED' | 'UNLOCKED' | 'TRIAL';
    /**
     * The same person again, changed: this share of the items (0-1) is answered as the respondent of `seed` answers
     * them, the rest as the respondent of `changedFrom`. Without it, an independent respondent.
     */
    changedFrom?: { seed: number; share: number };
  },
): Promise<string> {
  const definition = definitionForProduct(opts.productType);
  const respond = (seed: number) =>
    simulateRespondents(definition, { count: 1, seed, consistency: 0.8 })[0]!.answers as Record<string, number | string>;
  const own = respond(opts.seed);
  const before = opts.changedFrom ? respond(opts.changedFrom.seed) : null;
  const share = opts.changedFrom?.share ?? 1;
  const answers = before
    ? Object.fromEntries(Object.keys(own).map((key, i) => [key, (i * 37) % 100 < share * 100 ? own[key]! : (before[key] ?? own[key]!)]))
    : own;
  const results = scoreResult(definition, answers, new Date(opts.filledAt.getTime() + 5_000));
  const token = newPublicToken();
  const [row] = await db
    .insert(interactionInstances)
    .values({
      accountId: opts.accountId,
      token,
      clientId: opts.clientId,
      productConfigurationId: opts.productConfigurationId,
      initiatorId: opts.initiatorId ?? null,
      interactionId: PRODUCT_TYPE_INFO[opts.productType].interactionSlug,
      status: 'RESULTS_AVAILABLE',
      lockStatus: opts.lockStatus ?? 'UNLOCKED',
      answers,
      definitionVersion: definition.version,
      results,
      createdAt: new Date(opts.filledAt.getTime() - 2 * DAY),
      openedAt: new Date(opts.filledAt.getTime() - DAY),
      filledAt: opts.filledAt,
      expiresAt: new Date(opts.filledAt.getTime() + 28 * DAY),
      unlockedAt: opts.lockStatus === 'LOCKED' ? null : opts.filledAt,
    })
    .returning({ id: interactionInstances.id });
  await db.insert(repeatedMeasurementInstances).values({
    repeatedMeasurementId: opts.campaignId,
    instanceId: row!.id,
    clientId: opts.clientId,
    accountId: opts.accountId,
    measurement: opts.measurement,
  });
  return token;
}
