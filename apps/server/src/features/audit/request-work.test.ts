// One unit of work per write request (issue 36 point 11, docs/decisions/0088), on test routes beside the product's:
// a handler's writes commit with its event or not at all, a refusal changes nothing, bookkeeping noted with
// besideRequestWork stands whatever the outcome, and an answer sent from inside a write handler is caught.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../app-error';
import { besideRequestWork } from '../../db/request-work';
import { auditEvents, loginFailures } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { noteAudit } from './audit-note';
import { waitFor } from '../../test/wait-for';

/** Each test route writes a row named by the body's `mark`, and one beside the unit named `<mark>-beside`. */
function registerUnitRoutes(app: FastifyInstance) {
  const write = async (mark: string) => {
    await app.db.insert(loginFailures).values({ email: mark, ip: 'unit' });
    await besideRequestWork(app.db, (db) => db.insert(loginFailures).values({ email: `${mark}-beside`, ip: 'unit' }));
  };
  const audit = { action: 'test.unit_write', answer: (body: unknown) => ({ details: { answered: (body as { mark?: string }).mark } }) };
  app.post('/api/test/unit/commit', { config: { audit } }, async (request) => {
    const { mark } = request.body as { mark: string };
    await write(mark);
    // A service's own transaction is a savepoint of the unit; a failure caught inside it leaves the unit usable.
    await app.db.transaction(async (tx) => tx.insert(loginFailures).values({ email: `${mark}-savepoint`, ip: 'unit' }));
    await app.db
      .transaction(async (tx) => {
        await tx.insert(loginFailures).values({ email: `${mark}-undone`, ip: 'unit' });
        throw new Error('undone');
      })
      .catch(() => undefined);
    noteAudit(request, { noted: true });
    return { mark };
  });
  app.post('/api/test/unit/answers-409', { config: { audit } }, async (request, reply) => {
    await write((request.body as { mark: string }).mark);
    reply.code(409);
    return { errorKey: 'error.test.conflict' };
  });
  app.post('/api/test/unit/throws-403', { config: { audit } }, async (request) => {
    await write((request.body as { mark: string }).mark);
    throw new AppError('error.auth.forbidden', 403, 'Forbidden');
  });
  app.post('/api/test/unit/sends-inside', { config: { audit } }, async (request, reply) => {
    await write((request.body as { mark: string }).mark);
    return reply.send({ ok: true });
  });
}

let t: TestApp;
let http: TestClient;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp({}, registerUnitRoutes);
  const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
  accountId = acc.account.id;
  const { email, password } = await createUser(t.db, accountId);
  http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
});
afterAll(() => t.close());

async function rowsMarked(mark: string): Promise<string[]> {
  const marks = [mark, `${mark}-beside`, `${mark}-savepoint`, `${mark}-undone`];
  const rows = await t.db.select({ email: loginFailures.email }).from(loginFailures).where(inArray(loginFailures.email, marks));
  return rows.map((r) => r.email).sort();
}

async function eventsOf(mark: string) {
  const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'test.unit_write')));
  return rows.filter((r) => JSON.stringify(r.details).includes(mark) || r.outcome === 'REFUSED');
}

describe('one unit of work per write request', () => {
  it('commits the writes, the savepoints that held and the event with what was noted and answered', async () => {
    const mark = `commit-${randomUUID()}`;
    const res = await http.request('POST', '/api/test/unit/commit', { mark });
    expect(res.statusCode).toBe(200);
    expect(await rowsMarked(mark)).toEqual([mark, `${mark}-beside`, `${mark}-savepoint`].sort());
    const [event] = await eventsOf(mark);
    expect(event).toMatchObject({ outcome: 'ALLOWED', details: { noted: true, answered: mark, status: 200 } });
  });

  it('a handler that answers 409 changes nothing; its bookkeeping stands', async () => {
    const mark = `conflict-${randomUUID()}`;
    const res = await http.request('POST', '/api/test/unit/answers-409', { mark });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorKey: 'error.test.conflict' });
    expect(await rowsMarked(mark)).toEqual([`${mark}-beside`]);
  });

  it('a handler that throws 403 changes nothing; the refusal is recorded and the bookkeeping stands', async () => {
    const mark = `refused-${randomUUID()}`;
    const before = (await eventsOf(mark)).filter((e) => e.outcome === 'REFUSED').length;
    const res = await http.request('POST', '/api/test/unit/throws-403', { mark });
    expect(res.statusCode).toBe(403);
    expect(await rowsMarked(mark)).toEqual([`${mark}-beside`]);
    expect((await eventsOf(mark)).filter((e) => e.outcome === 'REFUSED').length).toBe(before + 1);
  });

  it('an answer sent from inside a write handler (before the commit) fails the request under test, and nothing commits', async () => {
    const mark = `inside-${randomUUID()}`;
    const res = await http.request('POST', '/api/test/unit/sends-inside', { mark });
    expect(res.statusCode).toBe(500);
    // The answer left early (that is the mistake caught): the unit ends after it; then nothing of it is there.
    const rows = await waitFor(async () => {
      const found = await rowsMarked(mark);
      return found.includes(`${mark}-beside`) ? found : undefined;
    }, 'the unit to end', { timeoutMs: 10_000, intervalMs: 50 });
    expect(rows).toEqual([`${mark}-beside`]);
  });
});
