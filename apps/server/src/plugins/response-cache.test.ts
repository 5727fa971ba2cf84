// The response cache (docs/decisions/0027): a repeated GET is answered from memory without a query, per viewer;
// every committed write to what it shows ends it (the app's own writes at once, anyone else's through the database's
// notification), and migration 0017 covers every table a cached answer may read.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { DataChanges, listenForDataChanges } from '../db/data-changes';
import { clients } from '../db/schema';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { answerCalculateUnlock } from '../test/finished-result';
import { createAccount, createUser } from '../test/factories';

const METRICS_TOKEN = 'metrics-token-response-cache';
let t: TestApp;
const statements: string[] = [];
/** The rate limit's counter (plugins/rate-limit.ts: the upsert of this minute with the read of the one before). */
const RATE_LIMIT_COUNT = /^\s*with hit as \(\s*insert into "rate_limit_hits"/;
beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_SECONDS: '30', AUTH_CACHE_SECONDS: '30', METRICS_TOKEN }, undefined, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => t.close());

async function adviser() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 10 });
  const { email, password } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return { http, account: acc.account, configId: acc.configs[0]!.id };
}

/** A calculated, unlocked BQ_RISK result of a new client, as the participant and the worker would leave it. */
async function unlockedResult(ctx: Awaited<ReturnType<typeof adviser>>) {
  const client = (await ctx.http.request('POST', '/api/u', { firstName: 'Ida', lastName: 'Roth', email: `ida.${Math.random()}@example.com`, productConfigurationId: ctx.configId })).json();
  const instance = (await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.configId })).json();
  await answerCalculateUnlock(t, ctx.http, instance.token, 'BQ_RISK', 3);
  return { token: instance.token as string, clientToken: client.token as string };
}

/** Another process's write reaches this one as a notification: at once on PGlite, within moments on PostgreSQL. */
async function eventually(read: () => Promise<unknown>, expected: unknown) {
  await expect.poll(read, { timeout: 3000, interval: 20 }).toEqual(expected);
}

/**
 * Until the answer comes from the cache. On PostgreSQL the notifications of the set-up's own writes may still be on
 * their way; an answer computed while one arrives is sent but not kept, so the first repeat may be computed again.
 */
async function cachedAnswer(http: TestClient, url: string) {
  await eventually(async () => (await http.request('GET', url)).headers['x-response-cache'], 'hit');
}

describe('the response cache (RESPONSE_CACHE_SECONDS=30)', () => {
  it('answers a repeated dashboard, client list, report and GET /api/user from memory, without a query, byte for byte', async () => {
    const ctx = await adviser();
    const { token } = await unlockedResult(ctx);
    const urls = [`/api/dashboard/${token}`, `/api/participants?productConfigurationId=${ctx.configId}&q=roth`, `/api/report/content/bqa/${token}`, '/api/user'];
    for (const url of urls) {
      const first = await ctx.http.request('GET', url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['x-response-cache'], url).toBeUndefined();
      await cachedAnswer(ctx.http, url);
      // Buffered audit events of earlier requests are written once a second: not inside the counted request.
      await t.app.audit.flush();
      statements.length = 0;
      const second = await ctx.http.request('GET', url);
      expect(second.headers['x-response-cache'], url).toBe('hit');
      expect(second.body, url).toBe(first.body);
      expect(second.headers['content-type'], url).toBe(first.headers['content-type']);
      // A public report view counts against its link's rate limit (plugins/rate-limit.ts) even when answered from
      // memory: it still writes its event, which is what the limit bounds. That one counter is all it may send.
      expect(statements.filter((sql) => !RATE_LIMIT_COUNT.test(sql)), url).toEqual([]);
    }
    // The handler's own headers come back with a hit: the signed-in user is never stored by a browser or proxy.
    expect((await ctx.http.request('GET', '/api/user')).headers['cache-control']).toBe('no-store');
    // A hard reload (Cache-Control: no-cache) is computed afresh.
    const reload = await t.app.inject({ method: 'GET', url: urls[0]!, headers: { cookie: ctx.http.cookie!, 'cache-control': 'no-cache' } });
    expect(reload.statusCode).toBe(200);
    expect(reload.headers['x-response-cache']).toBeUndefined();
    // Operators see it work.
    const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    expect(metrics).toContain('response_cache_live 1');
    expect(Number(/response_cache_hits_total (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(urls.length);
    expect(Number(/response_cache_entries (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(urls.length);
  });

  it("shows the app's own write at once: a renamed client in the list and on the dashboard", async () => {
    const ctx = await adviser();
    const { token, clientToken } = await unlockedResult(ctx);
    const list = `/api/participants?productConfigurationId=${ctx.configId}`;
    const names = async () => (await ctx.http.request('GET', list)).json().items.map((c: { lastName: string }) => c.lastName);
    expect(await names()).toEqual(['Roth']);
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).json().client.lastName).toBe('Roth');
    const rename = await ctx.http.request('PATCH', '/api/admin/bq_user', { token: clientToken, productConfigurationId: ctx.configId, lastName: 'Rothe' });
    expect(rename.statusCode).toBe(200);
    expect(await names()).toEqual(['Rothe']);
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).json().client.lastName).toBe('Rothe');
  });

  it("shows a write of another process (the worker, a second API process) through the database's notification", async () => {
    const ctx = await adviser();
    const { token, clientToken } = await unlockedResult(ctx);
    const lastName = async () => (await ctx.http.request('GET', `/api/dashboard/${token}`)).json().client.lastName;
    expect(await lastName()).toBe('Roth');
    await cachedAnswer(ctx.http, `/api/dashboard/${token}`);
    await t.db.update(clients).set({ lastName: 'Written elsewhere' }).where(eq(clients.token, clientToken));
    await eventually(lastName, 'Written elsewhere');
    // A change to another account leaves this one's answers alone.
    await cachedAnswer(ctx.http, `/api/dashboard/${token}`);
    const other = await adviser();
    await unlockedResult(other);
    expect((await ctx.http.request('GET', `/api/dashboard/${token}`)).headers['x-response-cache']).toBe('hit');
  });

  it("shows a client mail's new delivery state, written by the worker, in the cached client list", async () => {
    const ctx = await adviser();
    const client = (await ctx.http.request('POST', '/api/u', { firstName: 'Eva', lastName: 'Post', email: `eva.${Math.random()}@example.com`, productConfigurationId: ctx.configId })).json();
    const sent = await ctx.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: ctx.configId, sendInvitationEmail: true });
    expect(sent.json().invitationMail.state).toBe('QUEUED');
    const url = `/api/participants?productConfigurationId=${ctx.configId}`;
    const shown = async () => {
      const list = (await ctx.http.request('GET', url)).json();
      return [list.items[0].lastInstance.invitationMail.state, list.mailProblems?.clients ?? 0];
    };
    expect(await shown()).toEqual(['QUEUED', 0]);
    await cachedAnswer(ctx.http, url);
    // The worker's attempt failed for good (migration 0066: the mail's shown state notifies).
    await t.db.execute(sql`update mail_outbox set status = 'FAILED', attempts = 1, last_error = '550 5.1.1 No such user here' where instance_id = (select id from interaction_instances where token = ${sent.json().token})`);
    await eventually(shown, ['FAILED', 1]);
  });

  it("keeps each viewer's answer apart: another account's evaluator gets 404, a stranger 401, never the cached answer", async () => {
    const ctx = await adviser();
    const { token } = await unlockedResult(ctx);
    const url = `/api/dashboard/${token}`;
    expect((await ctx.http.request('GET', url)).statusCode).toBe(200);
    await cachedAnswer(ctx.http, url);
    const other = await adviser();
    const foreign = await other.http.request('GET', url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorKey).toBe('error.not_found');
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    // A visitor of the public report gets their own entry, not the adviser's (which may name the client).
    const report = `/api/report/content/bqa/${token}`;
    expect((await ctx.http.request('GET', report)).statusCode).toBe(200);
    const visitor = new TestClient(t.app);
    expect((await visitor.request('GET', report)).headers['x-response-cache']).toBeUndefined();
    await cachedAnswer(visitor, report);
  });

  it('makes every table either notify its changes or say why not (a new table without a decision fails here)', async () => {
    // Read by no cached answer, and written so often that notifying would only cost: sessions (the session cache
    // has its own rules), sign-in and rate-limit bookkeeping, mail delivery state, BI facts, payment events (the
    // credit ledger notifies), market history imports (the history itself notifies), API credential use, the devices
    // that signed in before (sign-in throttle, docs/decisions/0032), the second factors and their recovery codes (read
    // only by uncached routes and at sign-in, docs/decisions/0040), the audit trail (written by nearly every request,
    // read only by GET /api/audit/events, which is never cached; docs/decisions/0039), the retention settings (read only
    // by the uncached retention routes and the daily job, docs/decisions/0044), the SCIM tokens (read by uncached routes
    // only, docs/decisions/0047), the passkeys and their one-time challenges (read only at sign-in and by uncached
    // routes, docs/decisions/0045), a bulk send's progress and chosen clients (written per chunk, read only by the
    // uncached GET /api/instance/bulk/{id}; docs/decisions/0049), single sign-on settings and domains (read only at
    // sign-in and by the uncached GET /api/account/sso, docs/decisions/0046; the SAML provider and its open requests too,
    // docs/decisions/0050), the firm's own sender and host names (read only by uncached routes and the mail outbox,
    // docs/decisions/0055 and 0056; the branding itself notifies since the report names the firm by it, 0076), the
    // candidates' self-identification, the account's categories and the cells adverse-impact reports showed (read only by the uncached fairness routes,
    // docs/decisions/0051), the participants' keys (read only by the uncached participant routes, docs/decisions/0063),
    // the participant access log (written beside the trail, read only by the personal-data copy, docs/decisions/0068),
    // the audit checkpoints (read only by the uncached export and verify routes, docs/decisions/0071), the public rate
    // limit's counters (read only by the limiter, docs/decisions/0072), webhook endpoints and their deliveries (read only
    // by the uncached /api/account/webhooks routes and the worker, docs/decisions/0090; the expiry sweep's marks too), the
    // reviews already announced (read only by the worker's notice, docs/decisions/0093), public start links and their
    // visitors' starts (read only by the uncached /api/account/public-links and /api/start routes, docs/decisions/0092),
    // CRM connections, their OAuth attempts and the clients' sync states (read only by the uncached /api/account/crm
    // routes and the worker, docs/decisions/0094).
    const silent = [
      'account_hosts', 'account_retention', 'account_self_identification_settings',
      'api_credentials', 'audit_checkpoints', 'audit_events', 'auth_requests', 'bi_counts', 'bi_facts', 'bulk_send_clients', 'bulk_sends',
      'fairness_report_releases', 'login_devices', 'login_failures', 'market_history_imports', 'rate_limit_hits',
      'participant_access_log', 'participant_keys', 'password_reset_tokens', 'payment_events', 'saml_connections', 'saml_requests', 'scim_tokens',
      'self_identifications', 'sessions', 'sso_connections', 'sso_domains', 'used_sign_in_nonces',
      'user_passkeys', 'user_recovery_codes', 'user_totp', 'verification_resend_requests', 'webauthn_challenges',
      'webhook_deliveries', 'webhook_endpoints', 'webhook_expiry_marks', 'review_notices', 'public_link_starts', 'public_links',
      'crm_connections', 'crm_oauth_states', 'crm_sync_states',
    ];
    const { rows } = await t.database.executeSql(
      `select c.relname as "table", exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'bq_data_changed') as "notifies"
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '\\_\\_%' order by 1`,
    );
    const tables = rows as { table: string; notifies: boolean }[];
    expect(tables.length).toBeGreaterThan(30);
    for (const { table, notifies } of tables) expect(notifies ? 'notifies' : silent.includes(table) ? 'silent' : 'undecided', table).not.toBe('undecided');
    for (const table of silent) expect(tables.find((r) => r.table === table)?.notifies, table).toBe(false);
  });
});

describe("the operator's switch (migration 0018: bq.change_notifications = 'off')", () => {
  it('stops the writers from notifying: a write under the switch leaves the cached answer as it was', async () => {
    const ctx = await adviser();
    const { token, clientToken } = await unlockedResult(ctx);
    const url = `/api/dashboard/${token}`;
    await cachedAnswer(ctx.http, url);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('bq.change_notifications', 'off', true)`);
      await tx.update(clients).set({ lastName: 'Unannounced' }).where(eq(clients.token, clientToken));
    });
    // What a notification takes to arrive on PostgreSQL, many times over (PGlite delivers before the commit returns).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stale = await ctx.http.request('GET', url);
    expect(stale.headers['x-response-cache']).toBe('hit');
    expect(stale.json().client.lastName).toBe('Roth');
    // Without the switch the same write is heard (the setting was local to that transaction).
    await t.db.update(clients).set({ lastName: 'Announced' }).where(eq(clients.token, clientToken));
    await eventually(async () => (await ctx.http.request('GET', url)).json().client.lastName, 'Announced');
  });

  it('keeps the cache of a process that reads the switch off from ever answering', async () => {
    // PostgreSQL: new sessions read the database's setting, as a process started after the operator switched it off.
    // PGlite has one session: the session's own setting.
    const setSwitch = async (value: 'off' | null) => {
      if (t.kind === 'postgres') {
        const change = value ? `set bq.change_notifications = ''${value}''` : 'reset bq.change_notifications';
        await t.database.executeSql(`do $$ begin execute format('alter database %I ${change}', current_database()); end $$`);
      } else {
        await t.database.executeSql(value ? `set bq.change_notifications = '${value}'` : 'reset bq.change_notifications');
      }
    };
    const freshSessions = async () => (t.kind === 'postgres' ? openDatabase({ databaseUrl: t.config.DATABASE_URL! }) : t.database);
    await setSwitch('off');
    let database: Database | null = null;
    try {
      database = await freshSessions();
      let saidOff = 0;
      const listening = await listenForDataChanges(database, { switchedOff: () => saidOff++ });
      expect(saidOff).toBe(1);
      expect(listening.changes.live).toBe(false);
      expect(listening.changes.unchangedSince(listening.changes.snapshot(), ['any-account'])).toBe(false);
      await listening.stop();
      if (t.kind === 'postgres') await database.close();
      // On (the default), the same start is live.
      await setSwitch(null);
      database = await freshSessions();
      const again = await listenForDataChanges(database);
      expect(again.changes.live).toBe(true);
      await again.stop();
    } finally {
      await setSwitch(null);
      if (t.kind === 'postgres') await database?.close().catch(() => {});
    }
  });
});

describe('DataChanges', () => {
  it('trusts nothing from before the listening connection broke or came back, and tells accounts apart', () => {
    const changes = new DataChanges();
    const beforeLive = changes.snapshot();
    changes.setLive(true);
    expect(changes.unchangedSince(beforeLive, ['a'])).toBe(false);
    const s = changes.snapshot();
    changes.changed('b');
    expect(changes.unchangedSince(s, ['a'])).toBe(true);
    expect(changes.unchangedSince(s, ['a', 'b'])).toBe(false);
    changes.changed('global');
    expect(changes.unchangedSince(s, ['a'])).toBe(false);
    const s2 = changes.snapshot();
    let resets = 0;
    changes.onReset(() => resets++);
    changes.setLive(false);
    expect(changes.unchangedSince(s2, ['a'])).toBe(false);
    changes.setLive(true);
    expect(changes.unchangedSince(s2, ['a'])).toBe(false);
    expect(resets).toBe(2);
  });
});
