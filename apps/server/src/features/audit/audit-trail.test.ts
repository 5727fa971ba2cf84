// The audit trail through the API (docs/decisions/0039): who viewed, listed, unlocked or exported a client's data is
// on record with the pseudonymous tokens (never the name), refusals too; a compliance officer reads it with
// AUDIT_LOG, newest first in keyset pages, and GET /api/audit/verify names a tampered event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEvent, TListAuditEventsResponse } from '@bq/contracts/audit';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviserWithResult() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 10 });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  const configId = acc.configs[0]!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Greta', lastName: 'Geheim', email: `greta.${Math.random()}@example.com`, productConfigurationId: configId })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
  await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', 4);
  return { http, email, password, user, accountId: acc.account.id, configId, clientToken: client.token as string, resultToken: instance.token as string };
}

async function events(http: TestClient, query = ''): Promise<TListAuditEventsResponse> {
  const res = await http.request('GET', `/api/audit/events${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const brief = (e: TAuditEvent) => `${e.action} ${e.outcome}`;

describe('the audit trail', () => {
  it("records views, the list with its filter and row count, the unlock and the export, each naming the client's token and never the name", async () => {
    const a = await adviserWithResult();
    expect((await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}&q=geheim`)).statusCode).toBe(200);
    expect((await a.http.request('GET', `/api/client/${a.clientToken}/product/${a.configId}/profile`)).statusCode).toBe(200);
    expect((await a.http.request('GET', `/api/dashboard/${a.resultToken}`)).statusCode).toBe(200);
    expect((await a.http.request('GET', '/api/product/BQ_RISK/export?format=csv&locale=EN_US')).statusCode).toBe(200);

    const trail = await events(a.http);
    const actions = trail.events.map(brief);
    for (const wanted of ['client.create ALLOWED', 'interaction.create ALLOWED', 'result.unlock ALLOWED', 'client.list ALLOWED', 'client.view ALLOWED', 'dashboard.view ALLOWED', 'export.download ALLOWED', 'auth.sign_in ALLOWED']) {
      expect(actions, wanted).toContain(wanted);
    }
    const byAction = (action: string) => trail.events.find((e) => e.action === action)!;
    expect(byAction('client.list').details).toMatchObject({ filter: { productConfigurationId: a.configId, search: true }, rows: 1, total: 1 });
    expect(byAction('client.view')).toMatchObject({ clientToken: a.clientToken, actorKind: 'USER', actorId: a.user.id });
    // The officer reads who it was; the name is looked up among the account's users, never stored in the trail.
    expect(byAction('client.view')!.actorName).toBe(`${a.user.firstName} ${a.user.lastName} <${a.user.email}>`);
    // The dashboard names only the result; the trail adds its client, so a search by client finds it.
    expect(byAction('dashboard.view')).toMatchObject({ resultToken: a.resultToken, clientToken: a.clientToken });
    expect(byAction('export.download').details).toMatchObject({ rows: 1, filter: { productType: 'BQ_RISK', format: 'csv' } });
    expect(byAction('client.create').clientToken).toBe(a.clientToken);
    // What a write created is read from its answer (the route's declaration), in the event that commits with it.
    expect(byAction('interaction.create')).toMatchObject({ clientToken: a.clientToken, resultToken: a.resultToken });
    expect(JSON.stringify(trail)).not.toMatch(/Greta|Geheim/i);
    // Newest first.
    const ids = trail.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const clientOnly = await events(a.http, `?clientToken=${a.clientToken}&action=dashboard.view`);
    expect(clientOnly.events.map(brief)).toEqual(['dashboard.view ALLOWED']);
    expect((await a.http.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true, firstBroken: null });
  });

  it("records a refused look at another account's client in the caller's trail, and failed sign-ins in the address's account", async () => {
    const a = await adviserWithResult();
    const b = await adviserWithResult();
    expect((await b.http.request('GET', `/api/dashboard/${a.resultToken}`)).statusCode).toBe(404);
    const refused = (await events(b.http, '?outcome=REFUSED')).events;
    expect(refused.map(brief)).toEqual(['dashboard.view REFUSED']);
    // The other account's token is kept as given, but nothing of account A is looked up for B's trail.
    expect(refused[0]).toMatchObject({ resultToken: a.resultToken, clientToken: null, actorId: b.user.id });
    expect((await events(a.http, '?outcome=REFUSED')).events).toEqual([]);

    expect((await new TestClient(t.app).login(a.email, 'wrong password')).statusCode).toBe(401);
    expect((await events(a.http, '?action=auth.sign_in_failed')).events).toMatchObject([{ outcome: 'REFUSED', actorId: a.user.id }]);
  });

  it('records an edit in its own transaction: changed fields with old and new, identity values only as keyed digests; a failed edit leaves none', async () => {
    const a = await adviserWithResult();
    const edit = (body: object) => a.http.request('PATCH', '/api/admin/bq_user', { token: a.clientToken, productConfigurationId: a.configId, ...body });
    expect((await edit({ lastName: 'Neuname', locale: 'DE_DE' })).statusCode).toBe(200);
    const [update] = (await events(a.http, '?action=client.update')).events;
    expect(update).toMatchObject({ clientToken: a.clientToken, outcome: 'ALLOWED' });
    const changed = update!.details.changed as { field: string; old: string | null; new: string | null }[];
    expect(changed.find((c) => c.field === 'locale')).toMatchObject({ new: 'DE_DE' });
    const lastName = changed.find((c) => c.field === 'lastName')!;
    // Keyed per account with a derived key whose id the digest names (docs/decisions/0071).
    expect(lastName.old).toMatch(/^hmac-[0-9a-f]{8}:[0-9a-f]{32}$/);
    expect(lastName.new).not.toBe(lastName.old);
    expect(JSON.stringify(update)).not.toMatch(/Geheim|Neuname/);

    // Another client's address: 409, the update rolls back, and so does its event.
    const other = (await a.http.request('POST', '/api/u', { firstName: 'O', lastName: 'Ther', email: `other.${Math.random()}@example.com`, productConfigurationId: a.configId })).json();
    expect((await edit({ email: other.email })).statusCode).toBe(409);
    expect((await events(a.http, '?action=client.update')).events).toHaveLength(1);

    // The unlock that spent a credit is recorded with it, once.
    expect((await events(a.http, '?action=result.unlock')).events).toMatchObject([{ resultToken: a.resultToken, details: { creditSpent: true } }]);
  });

  it('reads the row count from a compressed answer too (browsers ask for br or gzip)', async () => {
    const a = await adviserWithResult();
    for (let i = 0; i < 12; i++) {
      await a.http.request('POST', '/api/u', { firstName: `Viele${i}`, lastName: 'Kunden', email: `many.${i}.${Math.random()}@example.com`, productConfigurationId: a.configId });
    }
    const res = await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}`, undefined, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect((await events(a.http, '?action=client.list')).events[0]!.details).toMatchObject({ rows: 13, total: 13 });
  });

  it('pages newest first with a cursor, and filters by user, outcome and period', async () => {
    const a = await adviserWithResult();
    for (let i = 0; i < 5; i++) await a.http.request('GET', `/api/dashboard/${a.resultToken}`);
    const first = await events(a.http, '?action=dashboard.view&limit=2');
    const second = await events(a.http, `?action=dashboard.view&limit=2&cursor=${first.nextCursor}`);
    const third = await events(a.http, `?action=dashboard.view&limit=2&cursor=${second.nextCursor}`);
    expect([first, second, third].map((p) => p.events.length)).toEqual([2, 2, 1]);
    expect(third.nextCursor).toBeNull();
    expect(new Set([...first.events, ...second.events, ...third.events].map((e) => e.id)).size).toBe(5);
    expect((await events(a.http, `?userId=${a.user.id}&action=dashboard.view`)).events).toHaveLength(5);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await events(a.http, `?from=${encodeURIComponent(future)}`)).events).toEqual([]);
    expect((await a.http.request('GET', '/api/audit/events?outcome=MAYBE')).json().errorKey).toBe('error.validation');
  });

  it('is read only with AUDIT_LOG: an adviser without it is refused, and the refusal is on record', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id, { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const http = new TestClient(t.app);
    expect((await http.login(email, password)).statusCode).toBe(200);
    expect((await http.request('GET', '/api/audit/events')).json().errorKey).toBe('error.auth.forbidden');
    expect((await http.request('GET', '/api/audit/verify')).statusCode).toBe(403);
    const officer = await createUser(t.db, acc.account.id, { permissions: [{ realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }] });
    const reader = new TestClient(t.app);
    expect((await reader.login(officer.email, officer.password)).statusCode).toBe(200);
    expect((await events(reader, '?action=audit.list&outcome=REFUSED')).events).toHaveLength(1);
  });

  it('GET /api/audit/verify names the event changed behind the application\'s back', async () => {
    const a = await adviserWithResult();
    await a.http.request('GET', `/api/dashboard/${a.resultToken}`);
    const view = (await events(a.http, '?action=dashboard.view')).events[0]!;
    await t.database.executeSql('ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete');
    try {
      await t.database.executeSql(`update audit_events set actor_id = 'someone-else' where id = $1`, [view.id]);
    } finally {
      await t.database.executeSql('ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_update_delete');
    }
    expect((await a.http.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: false, firstBroken: { seq: view.seq, problem: 'changed' } });
  });
});
