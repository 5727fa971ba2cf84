// Test data for the fairness tests: an account with the selection product, candidates with finished results, their
// self-identification through the candidate's own call, and decisions through the evaluator's.
import { expect } from 'vitest';
import type { TSelfIdentificationRequest } from '@bq/contracts/fairness';
import { TestClient, type TestApp } from '../../test/test-app';
import { campaignAccount } from '../repeated-measurements/test-fixtures';

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

  /** A candidate with a finished result who states what is given and gets the decision given; returns the result token. */
  async function addPerson(person: SeedPerson): Promise<string> {
    seed += 1;
    const client = await a.addClient(`Cand${seed}`, 'Person');
    const token = await a.measure(campaign.id, client.id, 1, seed);
    const statement: TSelfIdentificationRequest = {};
    if (person.sex) statement.sex = person.sex;
    if (person.ethnicGroup) statement.ethnicGroup = person.ethnicGroup;
    if (person.ageBand) statement.ageBand = person.ageBand;
    if (Object.keys(statement).length) {
      const res = await candidate.request('POST', `/api/q/${token}/self-identification`, statement);
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

  return { ...a, campaign, candidate, addPerson, decide };
}

/** n people of the group, `advanced` of them advanced and the rest rejected. */
export function group(n: number, advanced: number, who: Omit<SeedPerson, 'decision'>): SeedPerson[] {
  return Array.from({ length: n }, (_, i) => ({ ...who, decision: i < advanced ? 'advance' : 'reject' }));
}
