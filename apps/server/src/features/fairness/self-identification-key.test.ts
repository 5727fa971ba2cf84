// Who may read and change a candidate's self-identification (docs/decisions/0063), on PGlite and PostgreSQL: the
// browser that submitted the questionnaire, by the key its submit handed it, until a decision is recorded; never the
// evaluator, who holds the same instance token (signed in, anonymous, with an API credential, even with the
// candidate's cookie), nor another browser. The review's path of 2026-12-06 (code H4, security finding 3) first.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPublicInteraction } from '@bq/contracts/questionnaire';
import { auditEvents, interactionInstances, selfIdentifications } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { fairnessAccount } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** What everyone but the submitting browser is told, whether or not a statement exists. */
const NOTHING = { offered: false, categories: [], given: null, changeable: false };
const STATED = { sex: 'FEMALE', ageBand: 'UNDER_40', ethnicGroup: 'ASIAN' };

async function storedStatement(token: string) {
  const [instance] = await t.db.select({ id: interactionInstances.id }).from(interactionInstances).where(eq(interactionInstances.token, token));
  const [row] = await t.db.select().from(selfIdentifications).where(eq(selfIdentifications.instanceId, instance!.id));
  return row ? { sex: row.sex, ageBand: row.ageBand, ethnicGroup: row.ethnicGroup } : null;
}

/** A complete answer set from what the questionnaire shows: the first option or the highest scale point. */
function fullAnswers(interaction: TPublicInteraction): Record<string, number | string> {
  const scales = new Map(interaction.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
  return Object.fromEntries(interaction.items.map((i) => [i.key, i.type === 'choice' ? i.options![0]!.key : Math.max(...scales.get(i.scale!)!)]));
}

/** A selection questionnaire sent to a new candidate and answered completely in `browser`, not yet submitted. */
async function answeredQuestionnaire(f: Awaited<ReturnType<typeof fairnessAccount>>, browser: TestClient) {
  const client = await f.addClient('Nora', 'Candidate');
  const sent = await f.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: f.config('BQ_SELECTION') });
  expect(sent.statusCode, sent.body).toBe(201);
  const token: string = sent.json().token;
  const questionnaire = (await browser.request('GET', `/api/q?token=${token}`)).json();
  const saved = await browser.request('PUT', `/api/q/${token}/answers`, { answers: fullAnswers(questionnaire.interaction) });
  expect(saved.statusCode, saved.body).toBe(200);
  return token;
}

const keyCookieOf = (res: { cookies: { name: string; value: string; path?: string; httpOnly?: boolean; sameSite?: string; expires?: Date; maxAge?: number }[] }) =>
  res.cookies.find((c) => c.name === 'bq_participant');

describe('the evaluator, who holds the instance token (review 2026-12-06, H4 / finding 3)', () => {
  it('reads nothing and rewrites nothing: signed in, anonymous, with an API credential, even with the candidate’s cookie', async () => {
    const f = await fairnessAccount(t);
    const token = await f.addPerson(STATED);
    const silent = await f.addPerson({});
    const candidateCookie = f.browserOf(token).cookie;
    const url = `/api/q/${token}/self-identification`;
    const anonymous = new TestClient(t.app, '198.51.100.7');
    const credential = await f.http.request('POST', '/api/management/credentials', { description: 'CRM' });
    expect(credential.statusCode, credential.body).toBe(201);
    const bearer = { authorization: `Bearer ${credential.json().secret}` };

    // Reading: the same answer whether or not the candidate stated anything, so not even that is learnt.
    for (const [who, res] of [
      ['signed in', await f.http.request('GET', url)],
      ['signed in with the candidate’s cookie', await f.http.request('GET', url, undefined, { cookie: `${f.http.cookie}; ${candidateCookie}` })],
      ['anonymous', await anonymous.request('GET', url)],
      ['API credential with the candidate’s cookie', await anonymous.request('GET', url, undefined, { ...bearer, cookie: candidateCookie })],
      ['signed in, a candidate who stated nothing', await f.http.request('GET', `/api/q/${silent}/self-identification`)],
    ] as const) {
      expect(res.statusCode, who).toBe(200);
      expect(res.json(), who).toEqual(NOTHING);
      expect(res.body, who).not.toContain('FEMALE');
    }

    // Writing: refused with its own errorKey, and the statement stays as the candidate gave it.
    const rewrite = { sex: 'MALE', ethnicGroup: 'WHITE' };
    for (const [who, res] of [
      ['signed in', await f.http.request('POST', url, rewrite)],
      ['signed in with the candidate’s cookie', await f.http.request('POST', url, rewrite, { cookie: `${f.http.cookie}; ${candidateCookie}` })],
      ['anonymous', await anonymous.request('POST', url, rewrite)],
      ['API credential with the candidate’s cookie', await anonymous.request('POST', url, rewrite, { ...bearer, cookie: candidateCookie })],
    ] as const) {
      expect([res.statusCode, res.json().errorKey], who).toEqual([403, 'error.self_identification.not_the_participant']);
    }
    expect(await storedStatement(token)).toEqual(STATED);
    // The candidate's own browser still reads it.
    expect((await f.asCandidate('GET', token)).json()).toMatchObject({ offered: true, given: STATED, changeable: true });
  }, 60_000);
});

describe('the browser that submitted', () => {
  it('gets its key with the submit, reads back and changes its statement; another browser or a wrong key cannot', async () => {
    const f = await fairnessAccount(t);
    const browser = new TestClient(t.app, '192.0.2.30');
    const token = await answeredQuestionnaire(f, browser);
    const submitted = await browser.request('POST', `/api/q/${token}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const key = keyCookieOf(submitted)!;
    expect(key).toMatchObject({ path: `/api/q/${token}`, httpOnly: true, sameSite: 'Strict' });
    // A browser-session cookie: it ends with the browser session.
    expect([key.expires, key.maxAge]).toEqual([undefined, undefined]);
    const mine = { cookie: `bq_participant=${key.value}` };
    const url = `/api/q/${token}/self-identification`;

    expect((await browser.request('GET', url, undefined, mine)).json()).toMatchObject({ offered: true, given: null, changeable: true });
    expect((await browser.request('POST', url, { sex: 'FEMALE', ethnicGroup: 'ASIAN' }, mine)).statusCode).toBe(200);
    expect((await browser.request('GET', url, undefined, mine)).json().given).toEqual({ sex: 'FEMALE', ethnicGroup: 'ASIAN' });
    expect((await browser.request('POST', url, { sex: 'PREFER_NOT_TO_SAY' }, mine)).statusCode).toBe(200);
    expect((await browser.request('GET', url, undefined, mine)).json().given).toEqual({ sex: 'PREFER_NOT_TO_SAY' });

    // Another browser: no cookie, or a key of its own making.
    const other = new TestClient(t.app, '192.0.2.31');
    const strangers: Record<string, string>[] = [{}, { cookie: `bq_participant=${'A'.repeat(43)}` }, { cookie: `bq_participant=${key.value}x` }];
    for (const headers of strangers) {
      expect((await other.request('GET', url, undefined, headers)).json()).toEqual(NOTHING);
      const res = await other.request('POST', url, { sex: 'MALE' }, headers);
      expect([res.statusCode, res.json().errorKey]).toEqual([403, 'error.self_identification.not_the_participant']);
    }
    // The key of another candidate's result opens nothing here.
    const elsewhere = await f.addPerson({ sex: 'MALE' });
    expect((await other.request('POST', url, { sex: 'MALE' }, f.browserOf(elsewhere))).statusCode).toBe(403);
    expect(await storedStatement(token)).toEqual({ sex: 'PREFER_NOT_TO_SAY', ageBand: null, ethnicGroup: null });
  }, 60_000);

  it('hands out no key to a second submit, nor to a signed-in one; a retry with the first try’s key gets the same one', async () => {
    const f = await fairnessAccount(t);
    const browser = new TestClient(t.app, '192.0.2.32');
    const token = await answeredQuestionnaire(f, browser);
    // The web page draws its key and sends it; the answer is "lost", so it sends the same again.
    const chosen = Buffer.alloc(32, 7).toString('base64url');
    const first = await browser.request('POST', `/api/q/${token}/submit`, { participantKey: chosen });
    expect(first.statusCode, first.body).toBe(200);
    expect(keyCookieOf(first)?.value).toBe(chosen);
    const retry = await browser.request('POST', `/api/q/${token}/submit`, { participantKey: chosen });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().status).toBe('FILLED');
    expect(keyCookieOf(retry)?.value).toBe(chosen);

    // The evaluator "submits" again to get a key: 409, and no cookie, whatever it sends.
    const anonymous = new TestClient(t.app, '198.51.100.8');
    for (const res of [
      await anonymous.request('POST', `/api/q/${token}/submit`),
      await anonymous.request('POST', `/api/q/${token}/submit`, { participantKey: Buffer.alloc(32, 8).toString('base64url') }),
      await f.http.request('POST', `/api/q/${token}/submit`, { participantKey: chosen }),
    ]) {
      expect([res.statusCode, res.json().errorKey]).toEqual([409, 'error.interaction.already_submitted']);
      expect(keyCookieOf(res)).toBeUndefined();
    }
    // The first key still works; nothing else does.
    expect((await browser.request('POST', `/api/q/${token}/self-identification`, { sex: 'FEMALE' }, { cookie: `bq_participant=${chosen}` })).statusCode).toBe(200);

    // An evaluator who submits in the candidate's place, signed in, gets no key: no one can state anything then.
    const byEvaluator = await answeredQuestionnaire(f, f.http);
    const submitted = await f.http.request('POST', `/api/q/${byEvaluator}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(keyCookieOf(submitted)).toBeUndefined();
    const again = await anonymous.request('POST', `/api/q/${byEvaluator}/submit`);
    expect([again.statusCode, keyCookieOf(again)]).toEqual([409, undefined]);

    const bad = await browser.request('POST', `/api/q/${token}/submit`, { participantKey: 'short' });
    expect([bad.statusCode, bad.json().errorKey]).toEqual([400, 'error.validation']);

    // The audit trail names the result, never the key nor the statement.
    await t.app.audit.flush();
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.resultToken, token));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['participant.submit', 'participant.self_identification_save']));
    for (const needle of [chosen, 'FEMALE']) expect(JSON.stringify(events)).not.toContain(needle);
  }, 60_000);

  it('can no longer change the statement once a decision about the result is recorded (409), and sees why', async () => {
    const f = await fairnessAccount(t);
    const token = await f.addPerson({ sex: 'FEMALE' });
    await f.decide(token, 'hold', 'Second interview first');
    expect((await f.asCandidate('GET', token)).json()).toMatchObject({ offered: true, given: { sex: 'FEMALE' }, changeable: false });
    const refused = await f.asCandidate('POST', token, { sex: 'MALE' });
    expect([refused.statusCode, refused.json().errorKey]).toEqual([409, 'error.self_identification.decided']);
    expect(await storedStatement(token)).toEqual({ sex: 'FEMALE', ageBand: null, ethnicGroup: null });
    // Nor can a candidate who had said nothing start after the decision.
    const silent = await f.addPerson({ decision: 'reject' });
    expect((await f.asCandidate('POST', silent, { sex: 'MALE' })).statusCode).toBe(409);
    expect(await storedStatement(silent)).toBeNull();
  }, 60_000);
});
