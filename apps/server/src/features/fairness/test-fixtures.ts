// Test data for the fairness tests: an account with the selection product, candidates with finished results, their
// self-identification through the candidate's own call (with the participant key their submit would have handed
// out), and decisions through the evaluator's.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TSelfIdentificationRequest } from '@bq/contracts/fairness';
import { interactionInstances, participantKeys } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';
import { TestClient, type TestApp } from '../../test/test-app';
import { PARTICIPANT_KEY_COOKIE } from '../questionnaire/participant-key';
import { campaignAccount } from '../repeated-measurements/test-fixtures';

/** What the submitting browser holds for a result seeded without a submit: its key is stored as submit stores it. */
export async function participantCookie(t: TestApp, token: string): Promise<{ cookie: string }> {
  const [instance] = await t.db.select({ id: interactionInstances.id }).from(interactionInstances).where(eq(interactionInstances.token, token));
  const key = randomBytes(32).toString('base64url');
  await t.db.insert(participantKeys).values({ instanceId: instance!.id, keyHash: hashToken(key) });
  return { cookie: `${PARTICIPANT_KEY_COOKIE}=${key}` };
}

export interface SeedPerson {
  sex?: string;
  ethnicGroup?: string;
  ageBand?: string;
  decision?: 'advance' | 'hold' | 'reject';
}

export async function fairnessAccount(t: TestApp) {
  const a = await campaignAccount(t);
  const campaign = await a.createCampaign('Hiring 2026');
  const candidate = new TestClient(t.app);
  let seed = 1000;

  /** The candidate's browser per result token: the participant key's cookie (see participantCookie). */
  const browsers = new Map<string, { cookie: string }>();
  /** A call of the candidate, from the browser that submitted the result's questionnaire. */
  const browserOf = (token: string) => browsers.get(token) ?? { cookie: '' };
  const asCandidate = (method: 'GET' | 'POST', token: string, body?: unknown) =>
    candidate.request(method, `/api/q/${token}/self-identification`, body, browserOf(token));

  /** A candidate with a finished result who states what is given and gets the decision given; returns the result token. */
  async function addPerson(person: SeedPerson): Promise<string> {
    seed += 1;
    const client = await a.addClient(`Cand${seed}`, 'Person');
    const token = await a.measure(campaign.id, client.id, 1, seed);
    browsers.set(token, await participantCookie(t, token));
    const statement: TSelfIdentificationRequest = {};
    if (person.sex) statement.sex = person.sex;
    if (person.ethnicGroup) statement.ethnicGroup = person.ethnicGroup;
    if (person.ageBand) statement.ageBand = person.ageBand;
    if (Object.keys(statement).length) {
      const res = await asCandidate('POST', token, statement);
      expect(res.statusCode, res.body).toBe(200);
    }
    if (person.decision) await decide(token, person.decision);
    return token;
  }

  async function decide(token: string, decision: 'advance' | 'hold' | 'reject', reason = 'Interview panel agreed') {
    const res = await a.http.request('POST', `/api/instance/${token}/decision`, { decision, reason });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  return { ...a, campaign, candidate, browserOf, asCandidate, addPerson, decide };
}

/** n people of the group, `advanced` of them advanced and the rest rejected. */
export function group(n: number, advanced: number, who: Omit<SeedPerson, 'decision'>): SeedPerson[] {
  return Array.from({ length: n }, (_, i) => ({ ...who, decision: i < advanced ? 'advance' : 'reject' }));
}
