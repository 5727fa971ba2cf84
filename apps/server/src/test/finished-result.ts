// A finished, unlocked result for API tests, left as the participant and the worker leave it: the instance answered
// by a seeded simulated respondent and submitted through the participant's calls, calculated as the worker would,
// then unlocked with a credit by the adviser.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ProductType } from '@bq/domain/product-types';
import { simulateRespondents } from '@bq/scoring/simulate';
import { interactionInstances } from '../db/schema';
import { calculateInstance } from '../features/calculation/calculate-instance';
import { definitionForProduct } from '../features/interactions/definitions';
import { TestClient, type TestApp } from './test-app';

/** Answers, submits, calculates and unlocks the instance; returns its id. */
export async function answerCalculateUnlock(
  t: Pick<TestApp, 'app' | 'db'>,
  adviser: TestClient,
  instanceToken: string,
  product: ProductType,
  seed: number,
  /** Answers that replace the simulated respondent's (the rest stays as simulated). */
  overrides: Record<string, number | string> = {},
): Promise<{ id: string }> {
  const answers = { ...simulateRespondents(definitionForProduct(product), { count: 1, seed, consistency: 0.8 })[0]!.answers, ...overrides };
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${instanceToken}/answers`, { answers })).statusCode).toBe(200);
  expect((await participant.request('POST', `/api/q/${instanceToken}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instanceToken));
  await calculateInstance(t.db, row!.id);
  expect((await adviser.request('POST', '/api/credit/unlock', { interactionToken: instanceToken })).statusCode).toBe(200);
  return { id: row!.id };
}
