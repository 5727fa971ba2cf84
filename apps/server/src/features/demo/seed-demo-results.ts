// Finished demo results, so a first look at the product shows dashboards: clients who answered their
// questionnaire (answers from the simulated-respondent generator, seeded, so every start gives the same people),
// scored by the same code as the calculation job. One locked result per risk product to unlock, an unlocked and a
// trial one, and results in the selection and self-assessment products for the admin. The risk clients show the
// verdict of decision 0013: Lukas Becker needs his money in 1-3 years, which caps his class and puts his own
// estimate above it; Olivia Bennett invests regularly but gets two knowledge questions wrong.
import type { ProductType } from '@bq/domain/product-types';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import { simulateRiskRespondents } from '@bq/scoring/simulate-risk';
import type { Db } from '../../db/client';
import { clientProducts, clients, creditLedger, interactionInstances } from '../../db/schema';
import { newPublicToken } from '../clients/client-tokens';
import { definitionForProduct } from '../interactions/definitions';
import { predictResult, scoreResult } from '../calculation/score-result';
import { riskSectionForResults } from '../results/risk-section';

const DAY = 86_400_000;

// Shared facts of the demo's risk clients, so each shows one thing clearly rather than a pile of limits.
const PASSES_TEST = { knowledge_check_1: 'falls', knowledge_check_2: 'risk_spread', knowledge_check_3: 'can_halve', knowledge_funds: 'occasional' };
const CAN_BEAR_LOSSES = { vulnerability: 'no', borrowing: 'none', amount_band: 'k50to250k', loss_money: 'k25to50k', loss_percent: 'p20', loss_reaction_2: 2, loss_reaction_3: 4 };
const LONG_HORIZON = { horizon_1: 'gt10y', liquidity_need: 'none', horizon_3: 4 };

export const DEMO_RESULTS = [
  {
    productType: 'BQ_RISK', firstName: 'Lukas', lastName: 'Becker', email: 'lukas.becker@example.com', locale: 'DE_DE', lockStatus: 'LOCKED', seed: 11, daysAgo: 2,
    answers: { ...PASSES_TEST, ...CAN_BEAR_LOSSES, horizon_1: 'y1to3', horizon_3: 4, tolerance_1: 4, tolerance_3: 4, tolerance_7: 'wide', loss_reaction_1: 'hold', self_estimate: 5 },
  },
  {
    productType: 'BQ_RISK', firstName: 'Olivia', lastName: 'Bennett', email: 'olivia.bennett@example.com', locale: 'EN_US', lockStatus: 'UNLOCKED', seed: 12, daysAgo: 9,
    answers: { ...CAN_BEAR_LOSSES, ...LONG_HORIZON, knowledge_shares: 'regular', knowledge_funds: 'regular', knowledge_check_1: 'rises', knowledge_check_2: 'cannot_fall', knowledge_check_3: 'can_halve', self_estimate: 4 },
  },
  // A year and two weeks ago: her yearly review is due (docs/decisions/0093), so the demo shows it.
  {
    productType: 'BQ_RISK', firstName: 'Hannah', lastName: 'Vogel', email: 'hannah.vogel@example.com', locale: 'DE_DE', lockStatus: 'UNLOCKED', seed: 13, daysAgo: 380,
    answers: { ...PASSES_TEST, ...CAN_BEAR_LOSSES, ...LONG_HORIZON, tolerance_1: 3, self_estimate: 4 },
  },
  {
    productType: 'BQ_ADVISORY_BANK', firstName: 'Markus', lastName: 'Richter', email: 'markus.richter@example.com', locale: 'DE_DE', lockStatus: 'LOCKED', seed: 21, daysAgo: 4,
    answers: { ...PASSES_TEST, ...CAN_BEAR_LOSSES, horizon_1: 'y6to10', liquidity_need: 'up_to_quarter', self_estimate: 3 },
  },
  {
    productType: 'BQ_ADVISORY_WEALTH', firstName: 'Clara', lastName: 'Neumann', email: 'clara.neumann@example.com', locale: 'DE_DE', lockStatus: 'TRIAL', seed: 31, daysAgo: 6,
    answers: { ...PASSES_TEST, ...CAN_BEAR_LOSSES, ...LONG_HORIZON, capacity_share: 'gt75', self_estimate: 5 },
  },
  { productType: 'BQ_SELECTION', firstName: 'Sophie', lastName: 'Keller', email: 'sophie.keller@example.com', locale: 'EN_UK', lockStatus: 'UNLOCKED', seed: 41, daysAgo: 3 },
  { productType: 'BQ_PERFORMANCE_SELF_ASSESSMENT', firstName: 'Jan', lastName: 'Hartmann', email: 'jan.hartmann@example.com', locale: 'DE_DE', lockStatus: 'UNLOCKED', seed: 51, daysAgo: 5 },
] as const;

export async function seedDemoResults(
  tx: Db,
  opts: { accountId: string; initiatorId: string; configOf: (p: ProductType) => string | undefined },
): Promise<void> {
  for (const demo of DEMO_RESULTS) {
    const configId = opts.configOf(demo.productType);
    if (!configId) continue;
    const definition = definitionForProduct(demo.productType);
    // Risk clients estimate themselves consistently with their situation (the flag shows only where it should).
    const [respondent] = definition.risk
      ? simulateRiskRespondents(definition as Parameters<typeof simulateRiskRespondents>[0], { count: 1, seed: demo.seed, consistency: 0.8, selfEstimate: 'consistent' })
      : simulateRespondents(definition, { count: 1, seed: demo.seed, consistency: 0.8 });
    const answers = { ...respondent!.answers, ...('answers' in demo ? demo.answers : {}) } as Record<string, number | string>;
    const filledAt = new Date(Date.now() - demo.daysAgo * DAY);
    const calculatedAt = new Date(filledAt.getTime() + 5_000);
    const scored = scoreResult(definition, answers, calculatedAt);
    // Stored with the result, as the calculation job does (decision 0014).
    scored.riskSection = await riskSectionForResults(tx, scored, calculatedAt);
    const results = definition.prediction ? { ...scored, prediction: predictResult(definition, scored) } : scored;
    const [client] = await tx
      .insert(clients)
      .values({
        accountId: opts.accountId,
        token: newPublicToken(),
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        clientGroup: 'ESTABLISHED',
        locale: demo.locale,
        createdBy: opts.initiatorId,
        createdAt: new Date(filledAt.getTime() - 3 * DAY),
      })
      .returning();
    await tx.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: configId, accountId: opts.accountId });
    const token = newPublicToken();
    await tx.insert(interactionInstances).values({
      accountId: opts.accountId,
      token,
      clientId: client!.id,
      productConfigurationId: configId,
      initiatorId: opts.initiatorId,
      interactionId: PRODUCT_TYPE_INFO[demo.productType].interactionSlug,
      status: 'RESULTS_AVAILABLE',
      lockStatus: demo.lockStatus,
      answers,
      definitionVersion: definition.version,
      results,
      createdAt: new Date(filledAt.getTime() - 2 * DAY),
      openedAt: new Date(filledAt.getTime() - DAY),
      filledAt,
      expiresAt: new Date(filledAt.getTime() + 28 * DAY),
      unlockedAt: demo.lockStatus === 'UNLOCKED' ? filledAt : null,
      unlockedBy: demo.lockStatus === 'UNLOCKED' ? opts.initiatorId : null,
    });
    if (demo.lockStatus === 'UNLOCKED') {
      await tx.insert(creditLedger).values({ accountId: opts.accountId, delta: -1, reason: 'UNLOCK', reference: token, userId: opts.initiatorId });
    }
  }
}
