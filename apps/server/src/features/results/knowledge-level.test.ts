// Issue 37 point 2 (docs/decisions/0086): the dashboard and the client's report word knowledge and experience from
// the client's own answers and never level it above them. The reviewer's two cases: a client who knows how products
// work but never invested in any was "Above average: Sound knowledge and regular experience, including more complex
// products"; a client with two of three knowledge questions wrong was "Average" beside "2 of 3 wrong".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCORE_LEVELS } from '@bq/contracts/dashboard';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { answerCalculateUnlock } from '../../test/finished-result';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
let http: TestClient;
let configId: string;
beforeAll(async () => {
  t = await createTestApp();
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  configId = acc.configs.find((c) => c.productType === 'BQ_RISK')!.id;
  const { email, password } = await createUser(t.db, acc.account.id);
  http = new TestClient(t.app);
  await http.login(email, password);
});
afterAll(() => t.close());

const EVERY_PRODUCT = ['knowledge_shares', 'knowledge_funds', 'knowledge_bonds', 'knowledge_complex'];
const experience = (answer: string) => Object.fromEntries(EVERY_PRODUCT.map((item) => [item, answer]));
const ALL_RIGHT = { knowledge_check_1: 'falls', knowledge_check_2: 'risk_spread', knowledge_check_3: 'can_halve' };

async function result(lastName: string, overrides: Record<string, string>) {
  const client = (await http.request('POST', '/api/u', { firstName: 'Ida', lastName, email: `ida.${lastName.toLowerCase()}@example.com`, productConfigurationId: configId })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
  await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', 3, overrides);
  const dashboard = (await http.request('GET', `/api/dashboard/${instance.token}`)).json();
  const knowledge = dashboard.dimensions.find((d: { key: string }) => d.key === 'knowledge');
  const report = (locale: string) => http.request('GET', `/api/report/content/bqa/${instance.token}?locale=${locale}`).then((r) => r.json());
  const reported = async (locale: string) => (await report(locale)).dimensions.find((d: { key: string }) => d.key === 'knowledge');
  return { knowledge, reported };
}

const rank = (level: string) => SCORE_LEVELS.indexOf(level as (typeof SCORE_LEVELS)[number]);

describe('knowledge and experience in the client\'s own answers', () => {
  it('a client who never invested in anything is never said to have experience, in the dashboard or the report', async () => {
    const { knowledge, reported } = await result('Never', { ...experience('aware'), ...ALL_RIGHT });
    expect(knowledge.knowledge.experience.map((e: { answer: string }) => e.answer)).toEqual(['aware', 'aware', 'aware', 'aware']);
    expect(rank(knowledge.level)).toBeLessThanOrEqual(rank('BELOW_AVERAGE'));
    const en = await reported('EN_US');
    expect(en.levelText).not.toMatch(/sound knowledge|regular experience/i);
    expect(en.levelText).toContain('Knows how they work but has never invested: bonds, funds (including ETFs), shares, and complex products.');
    expect(en.levelText).toContain('Knowledge questions: 3 of 3 answered correctly.');
    const de = await reported('DE_DE');
    expect(de.levelText).toContain('Kennt die Funktionsweise, hat aber nie investiert: Anleihen, Fonds (auch ETFs), Aktien und komplexe Produkte.');
  });

  it('two of three knowledge questions wrong keep the level below average, and the report says why', async () => {
    const { knowledge, reported } = await result('Wrong', { ...experience('regular'), ...ALL_RIGHT, knowledge_check_1: 'rises', knowledge_check_3: 'dont_know' });
    expect(knowledge.knowledge.test).toEqual({ asked: 3, correct: 1 });
    expect(rank(knowledge.level)).toBeLessThanOrEqual(rank('BELOW_AVERAGE'));
    const en = await reported('EN_US');
    expect(en.level).toBe(knowledge.level);
    expect(en.levelText).toContain('Regular experience: bonds, funds (including ETFs), shares, and complex products.');
    expect(en.levelText).toContain('Knowledge questions: 1 of 3 answered correctly.');
  });

  it('regular experience and every question right leave the score\'s own level', async () => {
    const { knowledge } = await result('Expert', { ...experience('regular'), ...ALL_RIGHT });
    expect(knowledge.knowledge.cap).toBe('HIGH');
    expect(knowledge.level).toBe(['LOW', 'BELOW_AVERAGE', 'AVERAGE', 'ABOVE_AVERAGE', 'HIGH'][[1, 3, 4, 7, 8].findLastIndex((s) => knowledge.stanine >= s)]);
  });
});
