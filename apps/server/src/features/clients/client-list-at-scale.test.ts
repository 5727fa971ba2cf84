// The client list's scale machinery (docs/decisions/0017): the trigger-kept latest instance and last activity of
// each membership follow every kind of write, and the list answers exactly what the per-client lookup it replaced
// answered, for random clients, instances and queries.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERACTION_STATUSES, type InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { CLIENT_SORTS, ZClientListQuery } from '@bq/contracts/clients';
import { clientProducts, clients, interactionInstances } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { listClients } from './list-clients';
import { configurationOfAccount } from '../products/product-access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const token = () => randomBytes(18).toString('base64url');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function adviser() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'] });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  const auth = { userId: user.id, accountId: acc.account.id, sessionId: 'direct', permissions: user.permissions, platformOperator: false };
  return { http, user, auth, accountId: acc.account.id, risk: acc.configs[0]!.id, selection: acc.configs[1]!.id };
}

async function membership(clientId: string, configId: string) {
  const [row] = await t.db
    .select()
    .from(clientProducts)
    .where(sql`${clientProducts.clientId} = ${clientId} and ${clientProducts.productConfigurationId} = ${configId}`);
  return row!;
}

describe('client_products activity columns (database triggers)', () => {
  it('follow new, changed and deleted instances per product, and the client itself while it has none', async () => {
    const a = await adviser();
    const created = (await a.http.request('POST', '/api/u', { firstName: 'Ida', lastName: 'Roth', email: 'ida@roth.example', productConfigurationId: a.risk })).json();
    const [client] = await t.db.select().from(clients).where(eq(clients.token, created.token));
    const first = await membership(client!.id, a.risk);
    expect(first).toMatchObject({ latestInstanceId: null, latestInstanceStatus: null, lastActivityAt: client!.updatedAt });

    // Without instances, the client's own change is its activity.
    const edited = minutesAgo(-1);
    await t.db.update(clients).set({ updatedAt: edited }).where(eq(clients.id, client!.id));
    expect((await membership(client!.id, a.risk)).lastActivityAt).toEqual(edited);

    // A new instance becomes the latest; an older one created later in time order does not.
    const [newer] = await t.db
      .insert(interactionInstances)
      .values({ accountId: a.accountId, token: token(), clientId: client!.id, productConfigurationId: a.risk, interactionId: 'risk', status: 'NEW', createdAt: minutesAgo(10), updatedAt: minutesAgo(10) })
      .returning();
    const [older] = await t.db
      .insert(interactionInstances)
      .values({ accountId: a.accountId, token: token(), clientId: client!.id, productConfigurationId: a.risk, interactionId: 'risk', status: 'RESULTS_AVAILABLE', createdAt: minutesAgo(60), updatedAt: minutesAgo(1) })
      .returning();
    expect(await membership(client!.id, a.risk)).toMatchObject({ latestInstanceId: newer!.id, latestInstanceStatus: 'NEW', lastActivityAt: newer!.updatedAt });

    // Its status and updated_at follow; the client's own changes no longer count.
    const answeredAt = minutesAgo(2);
    await t.db.update(interactionInstances).set({ status: 'OPENED', updatedAt: answeredAt }).where(eq(interactionInstances.id, newer!.id));
    await t.db.update(clients).set({ updatedAt: minutesAgo(-5) }).where(eq(clients.id, client!.id));
    expect(await membership(client!.id, a.risk)).toMatchObject({ latestInstanceStatus: 'OPENED', lastActivityAt: answeredAt });

    // Deleting the latest makes the older one the latest again.
    await t.db.delete(interactionInstances).where(eq(interactionInstances.id, newer!.id));
    expect(await membership(client!.id, a.risk)).toMatchObject({ latestInstanceId: older!.id, latestInstanceStatus: 'RESULTS_AVAILABLE', lastActivityAt: older!.updatedAt });

    // A membership added later starts from what exists in its product (here: nothing yet).
    await t.db.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: a.selection, accountId: a.accountId });
    const [current] = await t.db.select().from(clients).where(eq(clients.id, client!.id));
    expect(await membership(client!.id, a.selection)).toMatchObject({ latestInstanceId: null, lastActivityAt: current!.updatedAt });
  });

  it('moves a client to the top of the default list when its questionnaire is answered', async () => {
    const a = await adviser();
    const tokens: string[] = [];
    for (const name of ['Alt', 'Berg', 'Cramer']) {
      const c = (await a.http.request('POST', '/api/u', { firstName: 'Kim', lastName: name, email: `${name}@list.example`, productConfigurationId: a.risk })).json();
      tokens.push(c.token);
    }
    const instance = (await a.http.request('POST', '/api/instance', { clientToken: tokens[0], productConfigurationId: a.risk })).json();
    const order = async () =>
      ((await a.http.request('GET', `/api/participants?productConfigurationId=${a.risk}`)).json().items as { lastName: string }[]).map((i) => i.lastName);
    expect((await order())[0]).toBe('Alt');
    // Editing a client without instances is activity too.
    await new Promise((r) => setTimeout(r, 5));
    expect((await a.http.request('PATCH', '/api/admin/bq_user', { token: tokens[2], productConfigurationId: a.risk, phone: '+49 89 1234567' })).statusCode).toBe(200);
    expect((await order())[0]).toBe('Cramer');
    // The participant opening the questionnaire (NEW -> OPENED) brings Alt back up.
    await new Promise((r) => setTimeout(r, 5));
    await new TestClient(t.app, '192.0.2.44').request('GET', `/api/q?token=${instance.token}`);
    expect((await order())[0]).toBe('Alt');
    const opened = (await a.http.request('GET', `/api/participants?productConfigurationId=${a.risk}&interactionStatus=OPENED`)).json();
    expect(opened).toMatchObject({ total: 1, items: [{ lastName: 'Alt', lastInstance: { status: 'OPENED' } }] });
  });
});

/** The list query before issue 12, word for word: a lateral look-up of every client's latest instance. */
async function referenceList(accountId: string, configId: string, query: Record<string, string | number | undefined>) {
  const sorts: Record<string, string> = {
    name: 'lower(c.last_name) %s, lower(c.first_name) %s',
    email: 'c.email %s',
    createdAt: 'c.created_at %s',
    lastActivity: 'coalesce(li.updated_at, c.updated_at) %s',
  };
  const conditions = [sql`c.account_id = ${accountId}`];
  if (query.q) {
    const pattern = `%${String(query.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(c.first_name ilike ${pattern} or c.last_name ilike ${pattern} or c.email ilike ${pattern} or (c.first_name || ' ' || c.last_name) ilike ${pattern})`);
  }
  if (query.group) conditions.push(sql`c.client_group = ${query.group}`);
  if (query.status === 'ACTIVE') conditions.push(sql`cp.active`);
  if (query.status === 'INACTIVE') conditions.push(sql`not cp.active`);
  if (query.interactionStatus) conditions.push(sql`li.status = ${query.interactionStatus}`);
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const orderBy = sql.raw(`${sorts[query.sort as string]!.replaceAll('%s', direction)}, c.id ${direction}`);
  const pageSize = Number(query.pageSize);
  const result = await t.db.execute<{ token: string; li_token: string | null; li_status: string | null; total: string | number }>(sql`
    select c.token, li.token as li_token, li.status as li_status, count(*) over () as total
    from clients c
    join client_products cp on cp.client_id = c.id and cp.product_configuration_id = ${configId}
    left join lateral (
      select ii.token, ii.status, ii.updated_at from interaction_instances ii
      where ii.client_id = c.id and ii.product_configuration_id = ${configId}
      order by ii.created_at desc limit 1
    ) li on true
    where ${sql.join(conditions, sql` and `)}
    order by ${orderBy}
    limit ${pageSize} offset ${(Number(query.page) - 1) * pageSize}`);
  const rows = (result as unknown as { rows: { token: string; li_token: string | null; li_status: string | null; total: string | number }[] }).rows;
  return { tokens: rows.map((r) => r.token), latest: rows.map((r) => r.li_token), total: rows[0] ? Number(rows[0].total) : null };
}

describe('GET /api/participants at scale', () => {
  it('answers every query exactly as the per-client look-up it replaced', { timeout: 120_000 }, async () => {
    const a = await adviser();
    const firsts = ['Anna', 'ÄNNE', 'jürgen', 'Zoë', "D'Arcy", 'Mia', 'MAX', 'Søren', 'anna-lena', 'Ben'];
    const lasts = ['Müller', 'MUELLER', 'Schmidt', 'van der Berg', "O'Brien", 'Maier', 'Mayer', 'Öztürk', 'schmitt', 'Ma'];
    const statuses: InteractionStatus[] = ['NEW', 'OPENED', 'FILLED', 'RESULTS_AVAILABLE', 'ERROR', 'CLOSED'];
    // 60 clients in two products, 0-3 instances each with distinct times, some inactive, some edited afterwards.
    for (let i = 0; i < 60; i++) {
      const [client] = await t.db
        .insert(clients)
        .values({
          accountId: a.accountId,
          token: token(),
          firstName: firsts[i % firsts.length]!,
          lastName: lasts[(i * 7) % lasts.length]!,
          email: `${['anna', 'max.ma', 'j_m%x', 'mueller', 'info'][i % 5]}.${i}@${['firm.example', 'mail.example'][i % 2]}`,
          clientGroup: i % 3 === 0 ? 'ESTABLISHED' : 'PROSPECT',
          createdAt: minutesAgo(5000 - i * 37),
          updatedAt: minutesAgo(4000 - ((i * 53) % 3000)),
        })
        .returning();
      for (const configId of i % 4 === 0 ? [a.risk, a.selection] : [a.risk]) {
        await t.db.insert(clientProducts).values({ clientId: client!.id, productConfigurationId: configId, accountId: a.accountId, active: i % 5 !== 0 });
        for (let k = 0; k < (i * 3) % 4; k++) {
          await t.db.insert(interactionInstances).values({
            accountId: a.accountId,
            token: token(),
            clientId: client!.id,
            productConfigurationId: configId,
            interactionId: 'risk',
            status: statuses[(i + k) % statuses.length]!,
            createdAt: minutesAgo(3000 - i * 11 - k * 5),
            updatedAt: minutesAgo(2000 - ((i * 29 + k * 13) % 1900)),
          });
        }
      }
      if (i % 6 === 0) await t.db.update(clients).set({ updatedAt: minutesAgo(i) }).where(eq(clients.id, client!.id));
    }
    // Later writes of another kind: some instances answered or calculated since.
    await t.db.execute(sql`update interaction_instances set status = 'FILLED', updated_at = now() - interval '3 minutes'
      where account_id = ${a.accountId} and status = 'OPENED' and created_at < now() - interval '2900 minutes'`);

    const queryArb = fc.record({
      q: fc.option(fc.constantFrom('ann', 'ANNA', 'änne', 'müll', 'MUE', 'ma', 'a', 'x', 'j_m', '%', "o'b", 'anna sch', 'firm', '.1', 'zzz', 'ø', ' '), { nil: undefined }),
      group: fc.option(fc.constantFrom('PROSPECT', 'ESTABLISHED'), { nil: undefined }),
      status: fc.constantFrom('ACTIVE', 'INACTIVE', 'ALL'),
      interactionStatus: fc.option(fc.constantFrom(...INTERACTION_STATUSES.filter((s) => statuses.includes(s))), { nil: undefined }),
      sort: fc.constantFrom(...CLIENT_SORTS),
      order: fc.constantFrom('asc', 'desc'),
      page: fc.integer({ min: 1, max: 4 }),
      pageSize: fc.constantFrom(1, 3, 7, 20),
      configId: fc.constantFrom(a.risk, a.selection),
    });
    let limitedRuns = 0;
    await fc.assert(
      fc.asyncProperty(queryArb, async ({ configId, ...query }) => {
        const params = new URLSearchParams({ productConfigurationId: configId });
        for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
        const res = await a.http.request('GET', `/api/participants?${params}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { items: { token: string; lastInstance: { token: string } | null }[]; total: number; totalIsLowerBound: boolean };
        // The contract trims q; so does the reference.
        const reference = { ...query, q: query.q?.trim() || undefined };
        const expected = await referenceList(a.accountId, configId, reference);
        expect(body.items.map((i) => i.token)).toEqual(expected.tokens);
        expect(body.items.map((i) => i.lastInstance?.token ?? null)).toEqual(expected.latest);
        // Past the end the reference has no row to carry the total: its first page does.
        const total = expected.total ?? (await referenceList(a.accountId, configId, { ...reference, page: 1 })).total ?? 0;
        expect(body.total).toBe(total);
        expect(body.totalIsLowerBound).toBe(false);

        // With a count limit of 7 (1,000 by default), a search or group filter matching more says "more than":
        // the same rows, a total of at least what was counted, and a probe that routes a broad search to the
        // sort-order plan.
        const product = (await configurationOfAccount(t.db, a.accountId, configId))!;
        const limited = await listClients(t.db, a.auth, product, ZClientListQuery.parse(Object.fromEntries(params)), { countLimit: 7 });
        expect(limited.items.map((i) => i.token)).toEqual(expected.tokens);
        const offset = (query.page - 1) * query.pageSize;
        if (limited.totalIsLowerBound) {
          limitedRuns++;
          expect(total).toBeGreaterThan(7);
          expect(limited.total).toBe(Math.max(7, offset + expected.tokens.length));
        } else {
          expect(limited.total).toBe(total);
          // A full page with more than 7 matches must have been counted, and limited, unless a search of three or
          // more letters matched few enough clients (at most 3 x 7) to be sorted and counted exactly.
          const fullPage = expected.tokens.length === query.pageSize;
          const q = reference.q;
          const countedWithLimit = q ? q.length < 3 || total > 21 : query.group !== undefined;
          expect(fullPage && total > 7 && countedWithLimit).toBe(false);
        }
      }),
      { numRuns: 150, seed: 12 },
    );
    // The limited count was exercised, not only the exact one.
    expect(limitedRuns).toBeGreaterThanOrEqual(3);
  });
});
