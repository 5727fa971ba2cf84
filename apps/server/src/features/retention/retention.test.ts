// Retention per account and data class (issue 23 point 7, docs/decisions/0044): the settings and who may change
// them, the 30-day preview, and the daily job with the clock moved: what is due goes, what is not stays, advisory
// results within their years stay, one tombstone event per run and the audit chain still verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, clientProducts, clients, interactionInstances, mailOutbox, participantAccessLog } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { QUEUES } from '../../jobs/queue';
import { scheduleRetention, startRetentionWorker } from './retention-job';
import { runRetention, sweepAccount } from './retention-sweep';
import { retentionPreview } from './retention-preview';
import { dated, endRelationship, newClient, newInstance, newMail, type Fixture } from './retention-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ADMIN = [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }];
const EVALUATOR = [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }];
let ip = 0;

async function signedIn(accountId: string, permissions = ADMIN) {
  const { email, password } = await createUser(t.db, accountId, { permissions });
  const http = new TestClient(t.app, `10.77.${Math.floor(++ip / 250)}.${ip % 250}`);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return http;
}

async function newAccount(): Promise<Fixture & { admin: TestClient }> {
  const { account, configs } = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'] });
  const byType = (type: string) => configs.find((c) => c.productType === type)!.id;
  return { db: t.db, accountId: account.id, risk: byType('BQ_RISK'), selection: byType('BQ_SELECTION'), admin: await signedIn(account.id) };
}

describe('retention settings', () => {
  it('answers the defaults, saves a valid choice that a reload keeps, and records the change', async () => {
    const { admin, accountId } = await newAccount();
    const first = await admin.request('GET', '/api/account/retention');
    expect(first.json()).toEqual({ advisoryYears: 5, selectionMonths: 6, mailDays: 90, auditYears: 7, updatedAt: null });
    const saved = await admin.request('PUT', '/api/account/retention', { advisoryYears: 7, selectionMonths: 12 });
    expect(saved.statusCode).toBe(200);
    expect((await admin.request('GET', '/api/account/retention')).json()).toMatchObject({ advisoryYears: 7, selectionMonths: 12, updatedAt: expect.any(String) });
    const [event] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'account.retention_update')));
    expect(event?.details).toMatchObject({
      changed: [
        { field: 'advisoryYears', old: '5', new: '7' },
        { field: 'selectionMonths', old: '6', new: '12' },
      ],
    });
  });

  it.each([
    ['fewer than 5 advisory years', { advisoryYears: 4, selectionMonths: 6 }, 'advisoryYears'],
    ['6 advisory years', { advisoryYears: 6, selectionMonths: 6 }, 'advisoryYears'],
    ['0 months', { advisoryYears: 5, selectionMonths: 0 }, 'selectionMonths'],
    ['37 months', { advisoryYears: 5, selectionMonths: 37 }, 'selectionMonths'],
    ['a fraction of a month', { advisoryYears: 5, selectionMonths: 2.5 }, 'selectionMonths'],
    ['months as text', { advisoryYears: 5, selectionMonths: '6' }, 'selectionMonths'],
  ])('refuses %s with 400 error.validation naming the field', async (_name, body, field) => {
    const { admin } = await newAccount();
    const res = await admin.request('PUT', '/api/account/retention', body);
    expect([res.statusCode, res.json().errorKey]).toEqual([400, 'error.validation']);
    expect(JSON.stringify(res.json().fields)).toContain(field);
    expect((await admin.request('GET', '/api/account/retention')).json()).toMatchObject({ advisoryYears: 5, selectionMonths: 6 });
  });

  it('refuses an unknown field, a missing body, and anybody but the account admin', async () => {
    const { accountId, admin } = await newAccount();
    expect((await admin.request('PUT', '/api/account/retention', { advisoryYears: 5, selectionMonths: 6, auditYears: 1 })).statusCode).toBe(400);
    expect((await admin.request('PUT', '/api/account/retention', {})).statusCode).toBe(400);
    const evaluator = await signedIn(accountId, EVALUATOR);
    for (const [method, url] of [['GET', '/api/account/retention'], ['GET', '/api/account/retention/preview'], ['PUT', '/api/account/retention']] as const) {
      const res = await evaluator.request(method, url, method === 'PUT' ? { advisoryYears: 7, selectionMonths: 6 } : undefined);
      expect([res.statusCode, res.json().errorKey]).toEqual([403, 'error.auth.forbidden']);
    }
    const anonymous = new TestClient(t.app, '10.77.250.1');
    expect((await anonymous.request('GET', '/api/account/retention')).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('describes the three calls with their request, answers and error keys', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const put = doc.paths['/api/account/retention'].put;
    expect(put.operationId).toBe('updateAccountRetention');
    expect(put.requestBody.content['application/json'].schema).toBeDefined();
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(doc.paths['/api/account/retention'].get.operationId).toBe('getAccountRetention');
    expect(doc.paths['/api/account/retention/preview'].get.responses['200']).toBeDefined();
    expect(JSON.stringify(put.responses['400'])).toContain('error.validation');
  });
});

describe('the daily retention job', () => {
  it('previews, then removes what is due and nothing else, with one tombstone event, and the chain still verifies', async () => {
    const f = await newAccount();
    const now = new Date();
    // Advisory: ended 6 years ago (due), ended 4 years ago (within 5 years), still a client after 10 years.
    const ended6 = await newClient(f, 'Ended-Six', { createdAt: dated(now, { years: -11 }) });
    const ended6Result = await newInstance(f, ended6, f.risk, dated(now, { years: -6, days: -10 }));
    await endRelationship(f, ended6, f.risk, dated(now, { years: -6 }));
    const ended4 = await newClient(f, 'Ended-Four', { createdAt: dated(now, { years: -9 }) });
    const ended4Result = await newInstance(f, ended4, f.risk, dated(now, { years: -4, days: -10 }));
    await endRelationship(f, ended4, f.risk, dated(now, { years: -4 }));
    const ongoing = await newClient(f, 'Ongoing', { createdAt: dated(now, { years: -12 }) });
    const ongoingResult = await newInstance(f, ongoing, f.risk, dated(now, { years: -10 }));
    // Selection: a result of 8 months ago (due), one of 5 months and 3 weeks (due within 30 days), one of last week.
    const candidate = await newClient(f, 'Candidate-Old', { createdAt: dated(now, { months: -9 }) }, f.selection);
    const oldSelection = await newInstance(f, candidate, f.selection, dated(now, { months: -8 }));
    const soon = await newClient(f, 'Candidate-Soon', { createdAt: dated(now, { months: -7 }) }, f.selection);
    const soonSelection = await newInstance(f, soon, f.selection, dated(now, { months: -6, days: 10 }));
    const recent = await newClient(f, 'Candidate-New', { createdAt: dated(now, { days: -8 }) }, f.selection);
    const recentSelection = await newInstance(f, recent, f.selection, dated(now, { days: -7 }));
    // Mails: sent 100 days ago (due), 80 days ago (due within 30 days), yesterday.
    const oldMail = await newMail(f, 'old@example.org', dated(now, { days: -100 }));
    await newMail(f, 'soon@example.org', dated(now, { days: -80 }));
    const newMail_ = await newMail(f, 'new@example.org', dated(now, { days: -1 }));

    const preview = (await f.admin.request('GET', '/api/account/retention/preview')).json();
    expect(preview.counts).toEqual({ advisoryResults: 1, selectionResults: 2, clients: 3, mails: 2 });
    expect(preview.auditEventsPastRetention).toBe(0);

    const removed = await sweepAccount(t.db, f.accountId, now);
    expect(removed).toEqual({ advisoryResults: 1, selectionResults: 1, clients: 2, mails: 1 });
    const ids = async () => new Set((await t.db.select({ id: interactionInstances.id }).from(interactionInstances).where(eq(interactionInstances.accountId, f.accountId))).map((r) => r.id));
    const left = await ids();
    expect([ended6Result, oldSelection].filter((id) => left.has(id))).toEqual([]);
    expect([ended4Result, ongoingResult, soonSelection, recentSelection].every((id) => left.has(id))).toBe(true);
    const names = (await t.db.select({ name: clients.lastName }).from(clients).where(eq(clients.accountId, f.accountId))).map((r) => r.name).sort();
    expect(names).toEqual(['Candidate-New', 'Candidate-Soon', 'Ended-Four', 'Ongoing']);
    expect(await t.db.select().from(clientProducts).where(eq(clientProducts.clientId, ended6))).toEqual([]);
    const [mailGone] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, oldMail));
    expect(mailGone).toMatchObject({ toAddress: '', subject: '', textBody: '', htmlBody: '', status: 'SENT', kind: 'INVITATION' });
    const [mailKept] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, newMail_));
    expect(mailKept?.toAddress).toBe('new@example.org');

    const tombstones = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, f.accountId), eq(auditEvents.action, 'retention.sweep')));
    expect(tombstones).toHaveLength(1);
    expect(tombstones[0]).toMatchObject({ actorKind: 'SYSTEM', clientToken: null, resultToken: null, outcome: 'ALLOWED' });
    expect(tombstones[0]!.details).toMatchObject({ removed, policy: { advisoryYears: 5, selectionMonths: 6, mailDays: 90, auditYears: 7 } });
    expect(JSON.stringify(tombstones[0])).not.toMatch(/Ended-Six|Candidate-Old|old@example/);
    expect((await f.admin.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true, firstBroken: null });

    // Again at the same moment: nothing is due, and no second tombstone.
    expect(await sweepAccount(t.db, f.accountId, now)).toEqual({ advisoryResults: 0, selectionResults: 0, clients: 0, mails: 0 });
    expect(await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, f.accountId), eq(auditEvents.action, 'retention.sweep')))).toHaveLength(1);

    // The clock moved 31 days on: what the preview announced is gone.
    const later = dated(now, { days: 31 });
    expect(await sweepAccount(t.db, f.accountId, later)).toEqual({ advisoryResults: 0, selectionResults: 1, clients: 1, mails: 1 });
    // And a year and a day on, the relationship that ended 4 years ago has had its 5 years.
    const yearOn = dated(now, { years: 1, days: 1 });
    expect((await retentionPreview(t.db, f.accountId, yearOn)).counts.advisoryResults).toBe(1);
    expect((await sweepAccount(t.db, f.accountId, yearOn)).advisoryResults).toBe(1);
    expect((await ids()).has(ongoingResult)).toBe(true);
    expect((await f.admin.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true, firstBroken: null });
  });

  it('keeps advisory results 7 years when the account says so, and applies a shorter selection period', async () => {
    const f = await newAccount();
    const now = new Date();
    const ended = await newClient(f, 'Ended-Six', { createdAt: dated(now, { years: -11 }) });
    const result = await newInstance(f, ended, f.risk, dated(now, { years: -6, days: -10 }));
    await endRelationship(f, ended, f.risk, dated(now, { years: -6 }));
    const candidate = await newClient(f, 'Candidate', { createdAt: dated(now, { months: -4 }) }, f.selection);
    await newInstance(f, candidate, f.selection, dated(now, { months: -3 }));
    expect((await f.admin.request('PUT', '/api/account/retention', { advisoryYears: 7, selectionMonths: 2 })).statusCode).toBe(200);
    const run = await runRetention(t.db, now);
    expect(run.removed[f.accountId]).toEqual({ advisoryResults: 0, selectionResults: 1, clients: 1, mails: 0 });
    expect((await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, result))).length).toBe(1);
    expect((await sweepAccount(t.db, f.accountId, dated(now, { years: 1, days: 1 }))).advisoryResults).toBe(1);
  });

  it('is queued once per slot however often the housekeeping asks', async () => {
    expect(await scheduleRetention(t.queue)).toEqual(expect.any(String));
    expect(await scheduleRetention(t.queue)).toBeNull();
  });

  it('runs on the queue: a queued job pseudonymises the due mail of an account and records its tombstone', async () => {
    const f = await newAccount();
    const mail = await newMail(f, 'queued@example.org', dated(new Date(), { days: -91 }));
    // A participant's address and browser are kept 30 days (PARTICIPANT_ACCESS_LOG_DAYS), then the job deletes them.
    const accessRow = (days: number, requestId: string) => ({ accountId: f.accountId, occurredAt: dated(new Date(), { days }), action: 'report.view', resultToken: 'r', requestId, ip: '203.0.113.9', userAgent: 'Mozilla/5.0' });
    await t.db.insert(participantAccessLog).values([accessRow(-31, 'old'), accessRow(-29, 'recent')]);
    expect(await t.queue.boss.send(QUEUES.retention, {})).toEqual(expect.any(String));
    await startRetentionWorker(t.db, t.app.log, t.queue, t.config.PARTICIPANT_ACCESS_LOG_DAYS);
    await expect
      .poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail)))[0]?.toAddress, { timeout: 20_000 })
      .toBe('');
    await expect
      .poll(async () => (await t.db.select({ requestId: participantAccessLog.requestId }).from(participantAccessLog).where(eq(participantAccessLog.accountId, f.accountId))).map((r) => r.requestId), { timeout: 20_000 })
      .toEqual(['recent']);
    const [tombstone] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, f.accountId), eq(auditEvents.action, 'retention.sweep')));
    expect(tombstone?.details).toMatchObject({ removed: { mails: 1, advisoryResults: 0, selectionResults: 0, clients: 0 } });
  });
});
