// "Changed since the last review" on the client's page (docs/decisions/0093 addendum): once the client has submitted
// the review, the adviser's client profile shows the suitable class then and now, the answers the client changed (in
// the adviser's language) and the dimensions' repeated-measurement comparison; nothing for a result that is not a
// review, nor while the review's result is locked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClientProfile } from '@bq/contracts/clients';
import { interactionInstances } from '../../db/schema';
import { answerCalculateUnlock } from '../../test/finished-result';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MONTH, clientWithResult, riskAdviser } from './review-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A client who could take much risk: then a short horizon and half the money needed soon, which caps the class down. */
const BEFORE: Record<string, string | number> = {
  age_band: 'lt30', objective: 'growth', horizon_1: 'gt10y', liquidity_need: 'none', horizon_3: 5, income_band: 'gt250k', assets_band: 'gt1m',
  commitments_band: 'lt500', amount_band: 'k50to250k', loss_money: 'gt100k', capacity_income: 'very_secure', capacity_reserves: 'gt12m', capacity_share: 'lt25', dependence: 'no', borrowing: 'none',
  tolerance_7: 'very_wide', tolerance_1: 5, tolerance_2: 1, tolerance_3: 5, loss_percent: 'gt30', loss_reaction_1: 'buy_more', loss_reaction_2: 1,
  loss_reaction_3: 5, knowledge_bonds: 'regular', knowledge_funds: 'regular', knowledge_shares: 'regular', knowledge_complex: 'regular',
  knowledge_check_1: 'falls', knowledge_check_2: 'risk_spread', knowledge_check_3: 'can_halve', self_estimate: 7,
};
const AFTER = { horizon_1: 'lt1y', liquidity_need: 'more_than_half' };

async function reviewed(after: Record<string, string | number>) {
  const a = await riskAdviser(t);
  const first = await clientWithResult(t, a, new Date(Date.now() - 13 * MONTH), { overrides: BEFORE });
  const started = (await a.http.request('POST', '/api/instance', { clientToken: first.client.token, productConfigurationId: a.configId, startFromPrevious: true })).json() as { token: string };
  await answerCalculateUnlock(t, a.http, started.token, 'BQ_RISK', 11, { ...BEFORE, ...after });
  const profile = async () => (await a.http.request('GET', `/api/client/${first.client.token}/product/${a.configId}/profile`)).json() as TClientProfile;
  return { a, first, reviewToken: started.token, profile };
}

const suitableClass = async (token: string) => (await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token)))[0]!.results!.risk!.suitableClass;

describe('changed since the last review', () => {
  it('shows the class moving down, the two changed answers in words, the dates, and the dimensions compared', async () => {
    const { first, reviewToken, profile } = await reviewed(AFTER);
    const change = (await profile()).reviewChange!;
    const [before, after] = [await suitableClass(first.resultToken), await suitableClass(reviewToken)];
    expect(after).toBeLessThan(before);
    expect(change).toMatchObject({
      previous: { token: first.resultToken, finishedAt: first.finished.toISOString(), riskClass: before },
      latest: { token: reviewToken, riskClass: after },
      classMoved: 'down',
    });
    expect(change.answers).toEqual([
      { itemKey: 'horizon_1', question: 'How many years from now do you expect to need most of this money?', previous: 'More than 10 years', latest: 'Less than 1 year' },
      { itemKey: 'liquidity_need', question: 'How much of this money might you need at short notice, within the next 12 months?', previous: 'None of it', latest: 'More than half' },
    ]);
    // The repeated-measurement rows: one per computable dimension, each with its verdict.
    expect(change.dimensions.length).toBeGreaterThan(2);
    for (const d of change.dimensions) expect(['up', 'down', 'unchanged']).toContain(d.direction);
  });

  it('says unchanged, with no answers listed, when the client confirmed every answer', async () => {
    const { profile } = await reviewed({});
    const change = (await profile()).reviewChange!;
    expect(change.classMoved).toBe('unchanged');
    expect(change.answers).toEqual([]);
    expect(change.dimensions.every((d) => d.direction === 'unchanged' && d.difference === 0)).toBe(true);
  });

  it('shows nothing for a first result, nor while the review result is locked', async () => {
    const a = await riskAdviser(t);
    const only = await clientWithResult(t, a, new Date(Date.now() - MONTH));
    const profile = (await a.http.request('GET', `/api/client/${only.client.token}/product/${a.configId}/profile`)).json() as TClientProfile;
    expect(profile.reviewChange).toBeNull();

    const r = await reviewed(AFTER);
    await t.db.update(interactionInstances).set({ lockStatus: 'LOCKED' }).where(eq(interactionInstances.token, r.reviewToken));
    expect((await r.profile()).reviewChange).toBeNull();
  });
});
