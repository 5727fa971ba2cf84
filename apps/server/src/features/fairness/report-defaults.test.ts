// The fairness report out of the box (issue 37 point 9, decision 0078), on PGlite and PostgreSQL: the categories an
// account that never saved its own is asked follow its language (EN_US the EEO-1 ones; DE_DE sex and age band, ethnic
// group off), a saved choice stays; and the report without a basis opens on what the account has data for and says
// how many candidates have a result, a decision, a fit and stanines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSelfIdSettingsFor, type TAdverseImpactReport, type TSelfIdentificationSettingsView } from '@bq/contracts/fairness';
import type { Locale } from '@bq/domain/locales';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chosenBasis } from './adverse-impact-report';
import { fairnessAccount } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof fairnessAccount>>;

async function settingsOf(f: Account) {
  const res = await f.http.request('GET', '/api/fairness/self-identification/settings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TSelfIdentificationSettingsView;
}
const asked = (s: TSelfIdentificationSettingsView) => Object.fromEntries(s.categories.map((c) => [c.category, c.asked]));
const speak = (f: Account, locale: Locale) => t.db.update(users).set({ locale }).where(eq(users.id, f.user.id));

describe('default categories by the account language', () => {
  it('EN_US: the EEO-1 categories, all asked', async () => {
    const f = await fairnessAccount(t);
    const s = await settingsOf(f);
    expect(s).toMatchObject({ saved: false, defaultsLocale: 'EN_US' });
    expect(asked(s)).toEqual({ sex: true, ageBand: true, ethnicGroup: true });
    expect(s.categories.find((c) => c.category === 'ethnicGroup')!.options.map((o) => o.code)).toContain('HISPANIC_LATINO');
  });

  it('DE_DE: sex and age band asked, ethnic group not; the candidate is not asked it and cannot give it', async () => {
    const f = await fairnessAccount(t);
    await speak(f, 'DE_DE');
    const s = await settingsOf(f);
    expect(s).toMatchObject({ saved: false, defaultsLocale: 'DE_DE' });
    expect(asked(s)).toEqual({ sex: true, ageBand: true, ethnicGroup: false });
    expect({ categories: s.categories }).toEqual(defaultSelfIdSettingsFor('DE_DE'));

    const token = await f.addPerson({});
    const form = await f.asCandidate('GET', token);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().categories.map((c: { category: string }) => c.category)).toEqual(['sex', 'ageBand']);
    const refused = await f.asCandidate('POST', token, { ethnicGroup: 'WHITE' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errorKey).toBe('error.self_identification.invalid_option');
  });

  it('an account that saved keeps its choice, whatever its language', async () => {
    const f = await fairnessAccount(t);
    await speak(f, 'DE_DE');
    const all = { categories: defaultSelfIdSettingsFor('EN_US').categories };
    const put = await f.http.request('PUT', '/api/fairness/self-identification/settings', all);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ saved: true, defaultsLocale: 'DE_DE' });
    const s = await settingsOf(f);
    expect(s.saved).toBe(true);
    expect(asked(s)).toEqual({ sex: true, ageBand: true, ethnicGroup: true });
  });
});

describe('the basis the report opens on', () => {
  const open = async (f: Account, query = '') => {
    const res = await f.http.request('GET', `/api/fairness/BQ_SELECTION/adverse-impact${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAdverseImpactReport;
  };

  it('with results and no decisions: by score, counting the candidates with results', async () => {
    const f = await fairnessAccount(t);
    for (let i = 0; i < 3; i++) await f.addPerson({});
    const r = await open(f);
    expect(r).toMatchObject({ basis: 'stanine', basisChosen: true, assessed: 3, threshold: 5 });
    expect(r.available).toEqual({ candidates: 3, decided: 0, fit: 0, stanine: 3 });
    // Asked for decisions, it counts none and still says how many have results.
    const byDecision = await open(f, '?basis=decision');
    expect(byDecision).toMatchObject({ basis: 'decision', basisChosen: false, assessed: 0 });
    expect(byDecision.available).toEqual({ candidates: 3, decided: 0, fit: 0, stanine: 3 });
  });

  it('once a decision is recorded: by decisions', async () => {
    const f = await fairnessAccount(t);
    await f.addPerson({ decision: 'advance' });
    await f.addPerson({});
    const r = await open(f);
    expect(r).toMatchObject({ basis: 'decision', basisChosen: true, assessed: 1, threshold: null });
    expect(r.available).toMatchObject({ candidates: 2, decided: 1 });
  });

  it('with nothing at all: by decisions, counting none', async () => {
    const f = await fairnessAccount(t);
    const r = await open(f);
    expect(r).toMatchObject({ basis: 'decision', assessed: 0, available: { candidates: 0, decided: 0, fit: 0, stanine: 0 } });
  });
});

it('chooses fit over stanine when a weight profile covers as many candidates, stanine when it covers fewer', () => {
  expect(chosenBasis({ candidates: 14, decided: 0, fit: 14, stanine: 14 })).toBe('fit');
  expect(chosenBasis({ candidates: 14, decided: 0, fit: 1, stanine: 14 })).toBe('stanine');
  expect(chosenBasis({ candidates: 14, decided: 3, fit: 14, stanine: 14 })).toBe('decision');
});
