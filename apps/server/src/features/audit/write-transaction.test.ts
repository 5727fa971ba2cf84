// No loss (issue 23 point 3; issue 36 point 11, docs/decisions/0088): a write's audit event commits in the write's
// own transaction. Generated from the route table: every write route that declares an action runs as one unit of
// work. For representative writes (instance deletion, an allow-list change, an API credential, a password change):
// the change is uncommitted work of the transaction the event is appended in, a failing append rolls the change
// back, and a transaction that fails after the append leaves neither.
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { anonymizationAllowList, apiCredentials, auditEvents, interactionInstances, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { apiRoutes } from '../../test/route-table';
import type { Tx } from '../../db/client';
import { isWriteRoute } from './write-transaction';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t.close());

async function adviser() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 10 });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  const configId = acc.configs[0]!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Tx', lastName: 'Test', email: `tx.${randomUUID()}@example.com`, productConfigurationId: configId })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
  return { http, user, password, accountId: acc.account.id, configId, clientToken: client.token as string, resultToken: instance.token as string };
}
type Adviser = Awaited<ReturnType<typeof adviser>>;

const eventsOf = async (accountId: string, action: string) =>
  (await t.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action))))[0]!.n;

/**
 * Whether the row's last write is uncommitted work of the transaction `tx` runs in: visible there and still in
 * progress (a subtransaction of a service's savepoint counts as the request's). Read with the transaction itself.
 */
async function writtenBy(tx: Tx, table: string, where: ReturnType<typeof sql>): Promise<string | null> {
  const result = await tx.execute(
    sql`select pg_xact_status(xmin::text::xid8) as status from ${sql.raw(table)} where ${where} order by xmin::text::bigint desc limit 1`,
  );
  return (result as unknown as { rows: { status: string }[] }).rows[0]?.status ?? null;
}

/** The representative writes: the request, what the change looks like, and where its event and row are. */
const writes: Record<string, {
  action: string;
  send: (a: Adviser) => Promise<{ statusCode: number }>;
  changed: (a: Adviser) => Promise<boolean>;
  /** The changed row (for the same-transaction check); none for a deletion. */
  row?: (a: Adviser) => { table: string; where: ReturnType<typeof sql> };
}> = {
  'instance deletion': {
    action: 'interaction.delete',
    send: (a) => a.http.request('DELETE', `/api/interaction/instance/${a.resultToken}`),
    changed: async (a) => (await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, a.resultToken))).length === 0,
  },
  'allow-list change': {
    action: 'anonymisation.allow_list_add',
    send: (a) => a.http.request('POST', `/api/productconfig/${a.configId}/user/anonymization_allow_list`, { userToken: a.clientToken }),
    changed: async (a) => (await t.db.select().from(anonymizationAllowList).where(eq(anonymizationAllowList.productConfigurationId, a.configId))).length > 0,
    row: (a) => ({ table: 'anonymization_allow_list', where: sql`product_configuration_id = ${a.configId}` }),
  },
  'API credential creation': {
    action: 'api_credential.create',
    send: (a) => a.http.request('POST', '/api/management/credentials', { description: 'Nightly sync' }),
    changed: async (a) => (await t.db.select().from(apiCredentials).where(eq(apiCredentials.accountId, a.accountId))).length > 0,
    row: (a) => ({ table: 'api_credentials', where: sql`account_id = ${a.accountId}` }),
  },
  'password change': {
    action: 'auth.password_change',
    send: (a) => a.http.request('PATCH', `/api/user/${a.user.id}/password`, { currentPassword: a.password, password: 'Another-Secret-2026!' }),
    changed: async (a) => {
      const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, a.user.id));
      return row?.hash !== a.user.passwordHash;
    },
    row: (a) => ({ table: 'users', where: sql`id = ${a.user.id}` }),
  },
};

describe('a write and its audit event commit together', () => {
  it('every write route that declares an action runs as one unit of work that appends its event before COMMIT', () => {
    const routes = apiRoutes(collected).filter((r) => r.method !== 'GET');
    const declared = routes.filter((r) => (r.route.config as FastifyContextConfig | undefined)?.audit);
    // The one write buffered on purpose, like a read (ADR 0039): the questionnaire's answer autosave.
    const buffered = declared.filter((r) => {
      const audit = (r.route.config as FastifyContextConfig).audit;
      return audit && audit.timing === 'buffered';
    });
    expect(buffered.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/q/:token/answers']);
    const hooked = declared.filter((r) => isWriteRoute(r.route) && (r.route.handler as { name?: string }).name === 'auditedWrite');
    expect(hooked.length).toBe(declared.length - buffered.length);
    expect(hooked.length).toBeGreaterThan(60);
    expect(declared.filter((r) => !hooked.includes(r) && !buffered.includes(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The routes that record nothing (audit: false) are the only writes outside it.
    const undeclared = routes.filter((r) => (r.route.config as FastifyContextConfig | undefined)?.audit === false);
    expect(undeclared.every((r) => (r.route.handler as { name?: string }).name !== 'auditedWrite')).toBe(true);
  });

  for (const [name, write] of Object.entries(writes)) {
    describe(name, () => {
      it('commits the event in the transaction of the change', async () => {
        const a = await adviser();
        const before = await eventsOf(a.accountId, write.action);
        // When the event is appended, the change is there, uncommitted, in the same transaction.
        const statuses: (string | null)[] = [];
        const real = t.app.audit.recordInTransaction.bind(t.app.audit);
        const spy = vi.spyOn(t.app.audit, 'recordInTransaction').mockImplementation(async (tx, event) => {
          if (write.row && event.action === write.action) {
            const { table, where } = write.row(a);
            statuses.push(await writtenBy(tx, table, where));
          }
          return real(tx, event);
        });
        let res;
        try {
          res = await write.send(a);
        } finally {
          spy.mockRestore();
        }
        expect(res.statusCode).toBeLessThan(300);
        expect(await write.changed(a)).toBe(true);
        expect(await eventsOf(a.accountId, write.action)).toBe(before + 1);
        if (write.row) expect(statuses).toEqual(['in progress']);
      });

      it('rolls the change back when the event cannot be appended (500, neither is stored)', async () => {
        const a = await adviser();
        const before = await eventsOf(a.accountId, write.action);
        const spy = vi.spyOn(t.app.audit, 'recordInTransaction').mockRejectedValueOnce(new Error('audit store refused'));
        try {
          const res = await write.send(a);
          expect(res.statusCode).toBe(500);
        } finally {
          spy.mockRestore();
        }
        expect(await write.changed(a)).toBe(false);
        expect(await eventsOf(a.accountId, write.action)).toBe(before);
      });

      it('leaves neither the change nor the event when the transaction fails after the append', async () => {
        const a = await adviser();
        const before = await eventsOf(a.accountId, write.action);
        const real = t.app.audit.recordInTransaction.bind(t.app.audit);
        const spy = vi.spyOn(t.app.audit, 'recordInTransaction').mockImplementationOnce(async (tx, event) => {
          await real(tx, event);
          throw new Error('the transaction fails before COMMIT');
        });
        try {
          expect((await write.send(a)).statusCode).toBe(500);
        } finally {
          spy.mockRestore();
        }
        expect(await write.changed(a)).toBe(false);
        expect(await eventsOf(a.accountId, write.action)).toBe(before);
        // The account's chain is intact: the rolled-back event left no gap.
        expect((await a.http.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
      });
    });
  }
});
