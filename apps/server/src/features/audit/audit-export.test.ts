// GET /api/audit/events/export (docs/decisions/0039, 0071): the filtered trail as CSV or JSON Lines holds exactly what
// the list shows for the same filter (JSON Lines in chain order, with the hashes), in keyset pages over any length; only AUDIT_LOG may take it; bad filters are a 400;
// and the export is on record (filter, format, row count) in the database before the first byte of the file leaves.
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EXPORT_COLUMNS, type TAuditEvent, type TListAuditEventsResponse } from '@bq/contracts/audit';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';
import { appendEvents } from './audit-chain';
import { AUDIT_EXPORT_PAGE } from './export-events';

/** What the database held when the export's headers were about to leave: the export's own event, by request id. */
const seenBeforeFirstByte = new Map<string, unknown[]>();

let t: TestApp;
beforeAll(async () => {
  // The last onSend hook runs after the audit plugin's and right before the first byte is written: it reads the
  // trail through the database (on PostgreSQL another pooled connection), so only a committed event is seen there.
  t = await createTestApp({}, (app: FastifyInstance) => {
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.url.startsWith('/api/audit/events/export')) {
        const { rows } = await t.database.executeSql(`select action, details from audit_events where request_id = $1`, [String(request.id)]);
        seenBeforeFirstByte.set(String(request.id), rows);
      }
      return payload;
    });
  });
});
afterAll(() => t.close());

async function officerWithTrail() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 10 });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  const configId = acc.configs[0]!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Exa', lastName: 'Port', email: `exa.${Math.random()}@example.com`, productConfigurationId: configId })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
  await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', 4);
  for (let i = 0; i < 3; i++) await http.request('GET', `/api/dashboard/${instance.token}`);
  return { http, user, accountId: acc.account.id, clientToken: client.token as string };
}

async function list(http: TestClient, query: string): Promise<TAuditEvent[]> {
  const res = await http.request('GET', `/api/audit/events?limit=200${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TListAuditEventsResponse).events;
}

/** The CSV back as the list's events: numbers and JSON parsed, the formula guard's apostrophe removed. */
function csvEvents(text: string): TAuditEvent[] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...records] = parse(text.slice(1), { relaxColumnCount: false }) as string[][];
  expect(header).toEqual([...AUDIT_EXPORT_COLUMNS]);
  return records.map((cells) => {
    const row = Object.fromEntries(AUDIT_EXPORT_COLUMNS.map((c, i) => [c, cells[i] === '' ? null : cells[i]!.replace(/^'(?=[=+\-@\t\r])/, '')]));
    return { ...row, seq: Number(row.seq), details: JSON.parse(row.details as string) } as unknown as TAuditEvent;
  });
}

describe('the audit trail export', () => {
  it('holds what the list shows for the same filter, as CSV and as JSON Lines, named as an attachment', async () => {
    const o = await officerWithTrail();
    const filter = `&clientToken=${o.clientToken}&outcome=ALLOWED`;
    const csv = await o.http.request('GET', `/api/audit/events/export?format=csv${filter}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail_[A-Za-z0-9-]+_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv"/);
    const listed = await list(o.http, filter);
    expect(listed.length).toBeGreaterThanOrEqual(6); // create, instance, unlock, three dashboard views...
    expect(csvEvents(csv.body)).toEqual(listed);
    expect(csv.headers['x-total-rows']).toBe(String(listed.length));

    const jsonl = await o.http.request('GET', `/api/audit/events/export?format=jsonl${filter}`);
    expect(jsonl.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    expect(jsonl.headers['content-disposition']).toMatch(/\.jsonl"/);
    const lines = jsonl.body.split('\n');
    expect(lines.pop()).toBe('');
    // JSON Lines is the chain's form (docs/decisions/0071): oldest first, no id or looked-up name (the hash covers
    // exactly what the line carries), with seq, prevHash and hash; a filtered file says on its first line that it is an
    // excerpt (the verifier then reports a selection, not a broken chain) and carries no checkpoints.
    expect(JSON.parse(lines.shift()!)).toMatchObject({ type: 'excerpt', v: 1, accountId: o.accountId });
    const chained = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(chained.map((e) => e.type)).toEqual(listed.map(() => 'event'));
    expect(chained.map((e) => e.seq)).toEqual(listed.map((e) => e.seq).reverse());
    expect(chained).toEqual(
      [...listed].reverse().map(({ id: _id, actorName: _name, ...e }) => ({ type: 'event', v: 2, accountId: o.accountId, ...e, prevHash: expect.stringMatching(/^[0-9a-f]{64}$/), hash: expect.stringMatching(/^[0-9a-f]{64}$/) })),
    );
    // Pseudonymous as the trail is: the client's name is nowhere in the file.
    expect(csv.body + jsonl.body).not.toMatch(/Exa|Port\b/);
  });

  it('pages through a long trail: every event once, in chain order, and neutralises a token crafted as a formula', async () => {
    const o = await officerWithTrail();
    const base = { actorKind: 'USER' as const, actorId: o.user.id, resultToken: null, details: { n: 1 }, outcome: 'ALLOWED' as const, requestId: null, ip: null, userAgent: '=HYPERLINK("http://evil")' };
    const many = Array.from({ length: AUDIT_EXPORT_PAGE * 2 + 7 }, (_, i) => ({ ...base, accountId: o.accountId, occurredAt: new Date(), action: 'client.view', clientToken: `bulk-${i}` }));
    await appendEvents(t.db, many);
    const res = await o.http.request('GET', '/api/audit/events/export?format=jsonl&action=client.view');
    const seqs = res.body.trim().split('\n').slice(1).map((l) => Number((JSON.parse(l) as TAuditEvent).seq));
    expect(seqs).toHaveLength(many.length);
    expect(new Set(seqs).size).toBe(many.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const csv = (await o.http.request('GET', '/api/audit/events/export?format=csv&action=client.view')).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
  });

  it('records its own export, with filter, format and row count, committed before the first byte of the file', async () => {
    const o = await officerWithTrail();
    const res = await o.http.request('GET', `/api/audit/events/export?format=csv&clientToken=${o.clientToken}`);
    expect(res.statusCode).toBe(200);
    const rows = Number(res.headers['x-total-rows']);
    // The file ends where the trail stood when it started: its own event is on record, not in it.
    const [own] = await list(o.http, '&action=audit.export');
    expect(own).toMatchObject({ actorId: o.user.id, outcome: 'ALLOWED', details: { rows, format: 'csv', filter: { clientToken: o.clientToken }, throughId: res.headers['x-through-id'] } });
    expect(Number(own!.id)).toBeGreaterThan(Number(res.headers['x-through-id']));
    // ...and it was already in the database when the headers were about to leave.
    expect(seenBeforeFirstByte.get(own!.requestId!)).toMatchObject([{ action: 'audit.export', details: { rows } }]);
    expect(csvEvents(res.body).map((e) => e.action)).not.toContain('audit.export');
    expect((await o.http.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });

  it('is refused without AUDIT_LOG, and the refusal is on record', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const adviser = await createUser(t.db, acc.account.id, { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const http = new TestClient(t.app);
    expect((await http.login(adviser.email, adviser.password)).statusCode).toBe(200);
    const res = await http.request('GET', '/api/audit/events/export?format=csv');
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.forbidden');
    expect((await new TestClient(t.app).request('GET', '/api/audit/events/export?format=csv')).statusCode).toBe(401);
    const officer = await createUser(t.db, acc.account.id, { permissions: [{ realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }] });
    const reader = new TestClient(t.app);
    expect((await reader.login(officer.email, officer.password)).statusCode).toBe(200);
    expect(await list(reader, '&action=audit.export')).toMatchObject([{ outcome: 'REFUSED', actorId: adviser.user.id }]);
  });

  it('answers a bad format or filter with 400 error.validation naming the field, and records nothing', async () => {
    const o = await officerWithTrail();
    const cases: [string, string, string][] = [
      ['', 'querystring.format', 'error.validation.required'],
      ['format=xlsx', 'querystring.format', 'error.validation.invalid_value'],
      ['format=csv&outcome=MAYBE', 'querystring.outcome', 'error.validation.invalid_value'],
      ['format=csv&from=yesterday', 'querystring.from', 'error.validation.invalid_value'],
      ['format=jsonl&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'querystring.to', 'error.validation.invalid_value'],
    ];
    for (const [query, path, errorKey] of cases) {
      const res = await o.http.request('GET', `/api/audit/events/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ errorKey: 'error.validation', fields: [{ path, errorKey }] });
    }
    // An action nobody records has its own key (docs/decisions/0080), whatever it looks like.
    const odd = await o.http.request('GET', '/api/audit/events/export?format=csv&action=DROP%20TABLE');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errorKey).toBe('error.audit.unknown_action');
    expect(await list(o.http, '&action=audit.export')).toEqual([]);
  });

  it('is in the OpenAPI document with its query, its file answer and its error keys', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const get = doc.paths['/api/audit/events/export'].get;
    expect(get.operationId).toBe('exportAuditEvents');
    const params = Object.fromEntries((get.parameters as { name: string; required?: boolean; schema: unknown }[]).map((p) => [p.name, p]));
    expect(Object.keys(params).sort()).toEqual(['action', 'clientToken', 'format', 'from', 'outcome', 'to', 'userId']);
    expect(params.format).toMatchObject({ required: true, schema: { enum: ['csv', 'jsonl'] } });
    expect(JSON.stringify(get.responses['400'])).toContain('error.validation');
    expect(JSON.stringify(get.responses['403'])).toContain('error.auth.forbidden');
    expect(get.responses['200']).toBeDefined();
  });
});
