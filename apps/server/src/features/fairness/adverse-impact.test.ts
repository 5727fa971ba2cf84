// The adverse-impact report through the API, on PGlite and PostgreSQL: its figures equal an independent computation
// from the seeded rows (rates, ratios, Fisher's exact p with exact integer arithmetic, to 1e-9); only holders of
// FAIRNESS_REPORT read it; groups below k show no figures; two reports never single a person out by difference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdverseImpactGroup, TAdverseImpactReport } from '@bq/contracts/fairness';
import { accountAnonymisation } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { otherUser } from '../repeated-measurements/test-fixtures';
import { fairnessAccount, group, type SeedPerson } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** C(n, k) exactly. */
function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

/** Fisher's two-sided p from exact integer table counts (independent of the log-factorial code under test). */
function fisherReference(x1: number, n1: number, x2: number, n2: number): number {
  const m = x1 + x2;
  const weight = (x: number) => choose(n1, x) * choose(n2, m - x);
  const observed = weight(x1);
  let tail = 0n;
  for (let x = Math.max(0, m - n2); x <= Math.min(n1, m); x++) if (weight(x) <= observed) tail += weight(x);
  // Scale the big integers down together before dividing in floating point.
  const total = choose(n1 + n2, m);
  const scale = 10n ** 30n;
  return Number((tail * scale) / total) / 1e30;
}

async function report(http: { request: (m: 'GET', u: string) => Promise<{ statusCode: number; body: string; json: () => unknown }> }, query = '') {
  const res = await http.request('GET', `/api/fairness/BQ_SELECTION/adverse-impact?basis=decision${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdverseImpactReport;
}

const table = (r: TAdverseImpactReport, key: string) => r.tables.find((x) => x.key === key)!;
const groupOf = (r: TAdverseImpactReport, key: string, code: string) => table(r, key).groups.find((g) => g.key === code)!;

describe('the figures', () => {
  const seeded: SeedPerson[] = [
    ...group(12, 3, { sex: 'FEMALE', ethnicGroup: 'WHITE' }),
    ...group(3, 2, { sex: 'MALE', ethnicGroup: 'WHITE', ageBand: 'AGE_40_PLUS' }),
    ...group(12, 7, { sex: 'MALE', ethnicGroup: 'WHITE' }),
    ...group(6, 1, { sex: 'FEMALE', ethnicGroup: 'ASIAN' }),
    ...group(7, 5, { sex: 'MALE', ethnicGroup: 'ASIAN' }),
    ...group(5, 2, { sex: 'PREFER_NOT_TO_SAY', ethnicGroup: 'ASIAN' }),
    ...group(2, 0, { sex: 'FEMALE', ethnicGroup: 'BLACK_AFRICAN_AMERICAN' }),
    ...group(3, 1, { sex: 'MALE', ethnicGroup: 'BLACK_AFRICAN_AMERICAN' }),
  ];
  let r: TAdverseImpactReport;

  beforeAll(async () => {
    const f = await fairnessAccount(t);
    for (const person of seeded) await f.addPerson(person);
    r = await report(f.http);
  }, 120_000);

  /** The reference figures of a category from the raw rows, over the groups the report shows. */
  function expected(pick: (p: SeedPerson) => string | undefined, shownKeys: string[]) {
    const counts = new Map<string, { n: number; x: number }>();
    for (const p of seeded) {
      const code = pick(p);
      if (!code || code.includes('PREFER_NOT_TO_SAY')) continue;
      const c = counts.get(code) ?? { n: 0, x: 0 };
      c.n += 1;
      if (p.decision === 'advance') c.x += 1;
      counts.set(code, c);
    }
    const shown = [...counts].filter(([key]) => shownKeys.includes(key));
    const [refKey, ref] = shown.reduce((best, cur) => (cur[1].x / cur[1].n > best[1].x / best[1].n ? cur : best));
    return { counts, shown: new Map(shown), refKey, ref };
  }

  function compare(g: TAdverseImpactGroup, e: ReturnType<typeof expected>) {
    const c = e.shown.get(g.key)!;
    expect(g.shown).toBe('SHOWN');
    expect(g.assessed).toBe(c.n);
    expect(g.selected).toBe(c.x);
    expect(Math.abs(g.selectionRate! - c.x / c.n)).toBeLessThan(1e-9);
    const ratio = c.x / c.n / (e.ref.x / e.ref.n);
    expect(Math.abs(g.impactRatio! - ratio)).toBeLessThan(1e-9);
    expect(g.fourFifthsFlag).toBe(ratio < 0.8);
    if (g.key === e.refKey) expect(g.fisherP).toBeNull();
    else expect(Math.abs(g.fisherP! - fisherReference(c.x, c.n, e.ref.x, e.ref.n))).toBeLessThan(1e-9);
    expect(g.smallSample).toBe(c.n < 30 || e.ref.n < 30);
  }

  it('per category: rates, impact ratios, four-fifths flags and Fisher p equal the computation from the raw rows', () => {
    expect(r.k).toBe(5);
    expect(r.assessed).toBe(seeded.length);
    const sex = expected((p) => p.sex, ['FEMALE', 'MALE']);
    for (const code of ['FEMALE', 'MALE']) compare(groupOf(r, 'sex', code), sex);
    expect(groupOf(r, 'sex', 'MALE').isReference).toBe(true);
    expect(groupOf(r, 'sex', 'FEMALE').fourFifthsFlag).toBe(true);
    expect(table(r, 'sex').notStated).toBe(5);
    const ethnic = expected((p) => p.ethnicGroup, ['WHITE', 'ASIAN', 'BLACK_AFRICAN_AMERICAN']);
    for (const code of ['WHITE', 'ASIAN', 'BLACK_AFRICAN_AMERICAN']) compare(groupOf(r, 'ethnicGroup', code), ethnic);
  });

  it('per intersection of sex and ethnic group, with the same computation', () => {
    const both = expected((p) => (p.sex && p.ethnicGroup ? `${p.sex}|${p.ethnicGroup}` : undefined), ['FEMALE|WHITE', 'MALE|WHITE']);
    for (const code of ['FEMALE|WHITE', 'MALE|WHITE']) compare(groupOf(r, 'sex×ethnicGroup', code), both);
  });

  it('shows groups below k as too few, and hides one more group of the line so the total gives none away', () => {
    expect(groupOf(r, 'sex×ethnicGroup', 'FEMALE|BLACK_AFRICAN_AMERICAN')).toMatchObject({ shown: 'TOO_FEW', assessed: null, selected: null, selectionRate: null, impactRatio: null, fisherP: null });
    expect(groupOf(r, 'sex×ethnicGroup', 'MALE|BLACK_AFRICAN_AMERICAN').shown).toBe('TOO_FEW');
    // The women's row total is the women's group: with one cell hidden, the smallest other one goes too.
    expect(groupOf(r, 'sex×ethnicGroup', 'FEMALE|ASIAN')).toMatchObject({ shown: 'SUPPRESSED', assessed: null });
    expect(groupOf(r, 'sex×ethnicGroup', 'MALE|ASIAN').shown).toBe('SUPPRESSED');
    // Three stated an age band: too few, and the "not stated" (the total minus them) is not shown either.
    expect(groupOf(r, 'ageBand', 'AGE_40_PLUS').shown).toBe('TOO_FEW');
    expect(table(r, 'ageBand').notStated).toBeNull();
  });
});

describe('k and differencing', () => {
  it('hides a group that changed by fewer than k people since a shown report, and a second group with it', async () => {
    const f = await fairnessAccount(t);
    for (const person of [...group(8, 2, { sex: 'FEMALE' }), ...group(9, 6, { sex: 'MALE' })]) await f.addPerson(person);
    const first = await report(f.http);
    expect(groupOf(first, 'sex', 'FEMALE').assessed).toBe(8);
    expect(table(first, 'sex').notStated).toBeNull();
    // One more woman: the difference of the two reports would be exactly her.
    const token = await f.addPerson({ sex: 'FEMALE', decision: 'advance' });
    const second = await report(f.http);
    expect(second.assessed).toBe(18);
    expect(groupOf(second, 'sex', 'FEMALE')).toMatchObject({ shown: 'SUPPRESSED', assessed: null, selected: null });
    // Otherwise the total minus the men would give her away.
    expect(groupOf(second, 'sex', 'MALE')).toMatchObject({ shown: 'SUPPRESSED', assessed: null });
    // A changed decision is such a difference too.
    await f.decide(token, 'reject');
    const third = await report(f.http);
    expect(groupOf(third, 'sex', 'FEMALE').shown).toBe('SUPPRESSED');
    // After k more changes the group is shown again with its figures.
    for (let i = 0; i < 5; i++) await f.addPerson({ sex: 'FEMALE', decision: 'reject' });
    const later = await report(f.http);
    expect(groupOf(later, 'sex', 'FEMALE')).toMatchObject({ shown: 'SHOWN', assessed: 14, selected: 2 });
  }, 120_000);

  it("raises its floor with the account's k", async () => {
    const f = await fairnessAccount(t);
    for (const person of [...group(6, 2, { sex: 'FEMALE' }), ...group(9, 6, { sex: 'MALE' })]) await f.addPerson(person);
    expect(groupOf(await report(f.http), 'sex', 'FEMALE').shown).toBe('SHOWN');
    // Settings > Anonymisation's k (the same one the team aggregates keep).
    await t.db.insert(accountAnonymisation).values({ accountId: f.account.id, anonymityK: 7 }).onConflictDoUpdate({ target: accountAnonymisation.accountId, set: { anonymityK: 7 } });
    const raised = await report(f.http);
    expect(raised.k).toBe(7);
    expect(groupOf(raised, 'sex', 'FEMALE').shown).toBe('TOO_FEW');
  }, 60_000);
});

describe('access', () => {
  it('is for holders of FAIRNESS_REPORT only; another account’s campaign or profile is a missing one', async () => {
    const f = await fairnessAccount(t);
    const adviser = await otherUser(t, f.account.id, [
      { realm: 'BQ_SELECTION', entity: 'INDIVIDUAL_RESULTS', action: 'ALL' },
      { realm: 'BQ_SELECTION', entity: 'INTERACTION_INSTANCE', action: 'ALL' },
    ]);
    const refused = await adviser.request('GET', '/api/fairness/BQ_SELECTION/adverse-impact');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.auth.forbidden');
    expect((await adviser.request('GET', '/api/fairness/self-identification/settings')).statusCode).toBe(403);
    const officer = await otherUser(t, f.account.id, [{ realm: 'BQ_SELECTION', entity: 'FAIRNESS_REPORT', action: 'READ' }]);
    expect((await officer.request('GET', '/api/fairness/BQ_SELECTION/adverse-impact')).statusCode).toBe(200);
    expect((await officer.request('PUT', '/api/fairness/self-identification/settings', { categories: [] })).statusCode).toBe(403);
    const other = await fairnessAccount(t);
    const foreign = await f.http.request('GET', `/api/fairness/BQ_SELECTION/adverse-impact?campaignId=${other.campaign.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await f.http.request('GET', '/api/fairness/BQ_RISK/adverse-impact')).statusCode).toBe(400);
  }, 60_000);
});
