// The candidate's self-identification and the evaluator's decisions through the API, on PGlite and PostgreSQL: asked
// only after submitting, with the account's categories and "prefer not to say"; never in any other answer, export
// or file of the account but the person's own copy of their data; who may read and change it is
// self-identification-key.test.ts. Decisions append to a history whose latest counts, shown in the result's evidence, with
// an audit event committed with them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, interactionInstances } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { otherUser } from '../repeated-measurements/test-fixtures';
import { fairnessAccount } from './test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** An option only this test uses, so finding its code or label anywhere means the statement leaked. */
const MARKER = { code: 'ZQX_MARKER_GROUP', label: 'Zqxmarker people' };

describe('self-identification', () => {
  it('is offered after submitting only, with the account’s categories, and refuses options not offered', async () => {
    const f = await fairnessAccount(t);
    const token = await f.addPerson({});
    const form = await f.asCandidate('GET', token);
    expect(form.json()).toMatchObject({ offered: true, given: null, changeable: true });
    expect(form.json().categories.map((c: { category: string }) => c.category)).toEqual(['sex', 'ageBand', 'ethnicGroup']);
    expect(form.json().categories[2].options.map((o: { code: string }) => o.code)).toContain('HISPANIC_LATINO');

    const bad = await f.asCandidate('POST', token, { sex: 'NOT_AN_OPTION' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.self_identification.invalid_option');
    expect((await f.asCandidate('POST', token, { sex: 'PREFER_NOT_TO_SAY' })).statusCode).toBe(200);
    expect((await f.asCandidate('GET', token)).json().given).toEqual({ sex: 'PREFER_NOT_TO_SAY' });

    // Not yet submitted: nothing offered, nothing saved.
    await t.db.update(interactionInstances).set({ status: 'OPENED' }).where(eq(interactionInstances.token, token));
    expect((await f.asCandidate('GET', token)).json().offered).toBe(false);
    const early = await f.asCandidate('POST', token, { sex: 'FEMALE' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errorKey).toBe('error.self_identification.not_submitted');
    expect((await f.candidate.request('POST', '/api/q/no-such-token/self-identification', { sex: 'FEMALE' })).statusCode).toBe(404);
  }, 60_000);

  it('asks what the account chose: a category left out is not asked, an own option is offered with its label', async () => {
    const f = await fairnessAccount(t);
    const settings = (await f.http.request('GET', '/api/fairness/self-identification/settings')).json();
    settings.categories[1].asked = false;
    settings.categories[0].options.push(MARKER);
    const saved = await f.http.request('PUT', '/api/fairness/self-identification/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    const token = await f.addPerson({});
    const form = (await f.asCandidate('GET', token)).json();
    expect(form.categories.map((c: { category: string }) => c.category)).toEqual(['sex', 'ethnicGroup']);
    expect(form.categories[0].options).toContainEqual(MARKER);
    const refused = await f.asCandidate('POST', token, { ageBand: 'UNDER_40' });
    expect(refused.statusCode).toBe(400);
    const reserved = await f.http.request('PUT', '/api/fairness/self-identification/settings', {
      categories: settings.categories.map((c: { options: unknown[] }, i: number) => (i === 0 ? { ...c, options: [{ code: 'PREFER_NOT_TO_SAY' }, { code: 'A' }] } : c)),
    });
    expect(reserved.statusCode).toBe(400);
  }, 60_000);

  it('never appears in any other answer, export or file of the account; the person’s own copy of their data holds it', async () => {
    const f = await fairnessAccount(t);
    const settings = (await f.http.request('GET', '/api/fairness/self-identification/settings')).json();
    settings.categories[2].options.push(MARKER);
    expect((await f.http.request('PUT', '/api/fairness/self-identification/settings', settings)).statusCode).toBe(200);
    const token = await f.addPerson({ ethnicGroup: MARKER.code, sex: 'FEMALE', decision: 'hold' });
    const [instance] = await t.db.select({ clientId: interactionInstances.clientId }).from(interactionInstances).where(eq(interactionInstances.token, token));
    const { clients } = await import('../../db/schema');
    const [client] = await t.db.select({ token: clients.token }).from(clients).where(eq(clients.id, instance!.clientId));
    const config = f.config('BQ_SELECTION');
    const urls = [
      `/api/dashboard/${token}`,
      `/api/dashboard/content/bqp/${token}`,
      `/api/report/content/bqp/${token}`,
      `/api/instance/${token}`,
      `/api/client/${client!.token}/product/${config}/profile`,
      `/api/product/BQ_SELECTION/export?format=csv&locale=EN_US&content=clients`,
      `/api/product/BQ_SELECTION/export?format=csv&locale=EN_US&content=results`,
      `/api/v1/export/user/repeated_measurement/${f.campaign.id}/csv?locale=EN_US`,
      `/api/audit/events`,
      `/api/bi/BQ_SELECTION/categories`,
    ];
    for (const url of urls) {
      const res = await f.http.request('GET', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      const body = res.rawPayload.toString('utf8');
      for (const needle of [MARKER.code, MARKER.label, 'FEMALE']) expect(body, url).not.toContain(needle);
    }
    // The person's copy of their data (Art. 15) is the one exception (decision 0063, amending 0051): the candidate
    // asks the account's privacy contact for it, and it must hold what they stated, or they could never get it back
    // outside the browser that gave it. It is in personal-data.json, with the result it belongs to, and nowhere else
    // in the ZIP (not in a report PDF).
    const zip = await f.http.request('GET', `/api/client/${client!.token}/personal-data`);
    expect(zip.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'self-id-'));
    writeFileSync(join(dir, 'copy.zip'), zip.rawPayload);
    execFileSync('unzip', ['-q', 'copy.zip', '-d', 'x'], { cwd: dir });
    const copy = JSON.parse(readFileSync(join(dir, 'x', 'personal-data.json'), 'utf8'));
    const result = copy.results.find((r: { token: string }) => r.token === token);
    expect(result.selfIdentification).toMatchObject({ sex: 'FEMALE', ageBand: null, ethnicGroup: MARKER.code });
    const files = (readdirSync(join(dir, 'x'), { recursive: true }) as string[]).filter((file) => file.includes('.') && file !== 'personal-data.json');
    expect(files.some((file) => file.endsWith('.pdf'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(join(dir, 'x', file)).toString('latin1');
      for (const needle of [MARKER.code, MARKER.label]) expect(text, file).not.toContain(needle);
    }
    // The candidate, in the browser that gave it, sees what they stated.
    expect((await f.asCandidate('GET', token)).json().given).toEqual({ sex: 'FEMALE', ethnicGroup: MARKER.code });
  }, 60_000);
});

describe('decisions', () => {
  it('keeps every decision with who and when, the latest counting, in the result’s evidence, with its audit event', async () => {
    const f = await fairnessAccount(t);
    const token = await f.addPerson({});
    await f.decide(token, 'hold', 'Second interview first');
    const answer = await f.decide(token, 'advance', 'Strong second interview');
    expect(answer.history).toHaveLength(2);
    expect(answer.current).toMatchObject({ decision: 'advance', reason: 'Strong second interview' });
    expect(answer.current.authorName).not.toBe('');
    const dashboard = (await f.http.request('GET', `/api/dashboard/${token}`)).json();
    expect(dashboard.evidence.decisions.history.map((d: { decision: string }) => d.decision)).toEqual(['hold', 'advance']);
    expect(dashboard.evidence.decisions.current.decision).toBe('advance');
    const events = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, f.account.id), eq(auditEvents.action, 'result.decision_record')));
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.details.decision).sort()).toEqual(['advance', 'hold']);
    expect(events.every((e) => e.resultToken === token)).toBe(true);
  }, 60_000);

  it('refuses readers (403), strangers (404) and bad input (400), writing nothing', async () => {
    const f = await fairnessAccount(t);
    const token = await f.addPerson({});
    const reader = await otherUser(t, f.account.id, [{ realm: 'BQ_SELECTION', entity: 'INDIVIDUAL_RESULTS', action: 'READ' }]);
    expect((await reader.request('POST', `/api/instance/${token}/decision`, { decision: 'advance', reason: 'Looks good' })).statusCode).toBe(403);
    const other = await fairnessAccount(t);
    expect((await other.http.request('POST', `/api/instance/${token}/decision`, { decision: 'advance', reason: 'Looks good' })).statusCode).toBe(404);
    const bad = await f.http.request('POST', `/api/instance/${token}/decision`, { decision: 'hire', reason: 'Looks good' });
    expect(bad.statusCode).toBe(400);
    expect((await f.http.request('POST', `/api/instance/${token}/decision`, { decision: 'advance', reason: '' })).statusCode).toBe(400);
    const dashboard = (await f.http.request('GET', `/api/dashboard/${token}`)).json();
    expect(dashboard.evidence.decisions).toEqual({ current: null, history: [] });
  }, 60_000);
});
