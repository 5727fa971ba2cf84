// Test fixtures of the yearly review tests: an adviser of a risk product, and clients of it with a finished, unlocked
// result dated as the test needs (the due rule reads the result's date).
import { eq } from 'drizzle-orm';
import { interactionInstances } from '../../db/schema';
import { answerCalculateUnlock } from '../../test/finished-result';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { TestClient, type TestApp } from '../../test/test-app';

export const MONTH = 30 * 86_400_000;

export async function riskAdviser(t: TestApp) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'], credits: 10 });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const configId = acc.configs.find((c) => c.productType === 'BQ_RISK')!.id;
  const selectionId = acc.configs.find((c) => c.productType === 'BQ_SELECTION')!.id;
  return { http, user, accountId: acc.account.id, configId, selectionId };
}

export async function newClient(a: Awaited<ReturnType<typeof riskAdviser>>, firstName = 'Rita') {
  return (await a.http.request('POST', '/api/u', { firstName, lastName: 'Review', email: uniqueEmail('client'), productConfigurationId: a.configId })).json() as { token: string };
}

/** A client with a result finished at `finished` (the answers of seeded respondent `seed`, with `overrides`). */
export async function clientWithResult(t: TestApp, a: Awaited<ReturnType<typeof riskAdviser>>, finished: Date, opts: { seed?: number; overrides?: Record<string, number | string>; firstName?: string } = {}) {
  const client = await newClient(a, opts.firstName);
  const instance = (await a.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: a.configId })).json() as { token: string };
  const { id } = await answerCalculateUnlock(t, a.http, instance.token, 'BQ_RISK', opts.seed ?? 11, opts.overrides);
  await t.db.update(interactionInstances).set({ filledAt: finished }).where(eq(interactionInstances.id, id));
  return { client, resultId: id, resultToken: instance.token, finished };
}

export async function adviserWithResult(t: TestApp, opts: { monthsAgo: number }) {
  const a = await riskAdviser(t);
  const result = await clientWithResult(t, a, new Date(Date.now() - opts.monthsAgo * MONTH));
  return { ...a, ...result };
}
