// Issue 22 point 3 (docs/decisions/0031): a change to a user's access takes effect on the next request on EVERY API
// process within 1 s, with the session cache (AUTH_CACHE_SECONDS=5) and the response cache (30 s) on. Two app
// instances share one database: on PostgreSQL each has its own pool and listening connection, as two processes
// would; on PGlite (which only one process can open) they share the embedded database in one process and nothing
// else, each with its own notifications, session cache and response cache. Process B has the user's session and
// their client list and dashboard in memory; the change is made through process A; B must refuse both within 1 s.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@bq/domain/permissions';
import { DataChanges } from '../db/data-changes';
import { accountAnonymisation, anonymisationUserSettings, sessions, users } from '../db/schema';
import { SessionCache, UNHEARD_TTL_MS, createSession, hashToken } from './sessions';
import { createApiCredential } from '../features/api-credentials/api-credential-service';
import { answerCalculateUnlock } from '../test/finished-result';
import { createAccount, createUser } from '../test/factories';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';

const WITHIN_MS = 1000;
let t: TestApp;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_SECONDS: '30', AUTH_CACHE_SECONDS: '5' });
  b = (await t.anotherProcess()).app;
}, 60_000);
afterAll(() => t.close());

const ADVISER: Permission[] = [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }];

/** An adviser signed in (the session is in the database, so the cookie works on both processes) with a result. */
async function adviserWithResult(seed: number) {
  const { account, configs } = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  const configId = configs[0]!.id;
  const { user, email, password } = await createUser(t.db, account.id, { permissions: ADVISER });
  const onA = new TestClient(t.app);
  expect((await onA.login(email, password)).statusCode).toBe(200);
  const client = (await onA.request('POST', '/api/u', { firstName: 'Lena', lastName: 'Frisch', email: `lena.${seed}@example.com`, productConfigurationId: configId })).json();
  const instance = (await onA.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
  await answerCalculateUnlock(t, onA, instance.token, 'BQ_RISK', seed);
  const onB = new TestClient(b);
  onB.cookie = onA.cookie;
  const urls = [`/api/participants?productConfigurationId=${configId}`, `/api/dashboard/${instance.token}`];
  return { accountId: account.id, user, password, email, onA, onB, urls };
}

/** Until B answers the URL from its response cache: B holds the session and the answer in memory. */
async function warm(http: TestClient, urls: string[], headers: Record<string, string> = {}) {
  for (const url of urls) {
    await expect.poll(async () => (await http.request('GET', url, undefined, headers)).headers['x-response-cache'], { timeout: 5000, interval: 20 }).toBe('hit');
  }
}

/** Asks B for every URL until all answer `status`, from the moment the change was committed; fails after 1 s. */
async function refusedWithin(http: TestClient, urls: string[], status: number, changedAt: number, headers: Record<string, string> = {}) {
  const statuses = async () => Promise.all(urls.map(async (url) => (await http.request('GET', url, undefined, headers)).statusCode));
  await expect.poll(statuses, { timeout: WITHIN_MS, interval: 5 }).toEqual(urls.map(() => status));
  const took = performance.now() - changedAt;
  expect(took).toBeLessThan(WITHIN_MS);
  return took;
}

describe('a change to a user\'s access reaches another API process within 1 s (session and response cache on)', () => {
  it('refuses the client list and the dashboard on B once a permission is revoked on A, for the session and an API credential', async () => {
    const ctx = await adviserWithResult(31);
    const { secret } = await createApiCredential(t.db, { accountId: ctx.accountId, userId: ctx.user.id }, 'CRM');
    const bearer = new TestClient(b);
    const credential = { authorization: `Bearer ${secret}` };
    await warm(ctx.onB, ctx.urls);
    await warm(bearer, ctx.urls, credential);
    // Process A's connection takes the adviser's client and result permissions away (there is no route for it).
    await t.db.update(users).set({ permissions: [{ realm: 'BQ_RISK', entity: 'INTERACTION_INSTANCE', action: 'READ' }] }).where(eq(users.id, ctx.user.id));
    const changedAt = performance.now();
    await refusedWithin(ctx.onB, ctx.urls, 403, changedAt);
    await refusedWithin(bearer, ctx.urls, 403, changedAt, credential);
  });

  it('refuses them on B once the user is deactivated on A', async () => {
    const ctx = await adviserWithResult(32);
    await warm(ctx.onB, ctx.urls);
    await t.db.update(users).set({ active: false }).where(eq(users.id, ctx.user.id));
    const changedAt = performance.now();
    await refusedWithin(ctx.onB, ctx.urls, 401, changedAt);
  });

  it('refuses them on B once the user signs out on A', async () => {
    const ctx = await adviserWithResult(33);
    await warm(ctx.onB, ctx.urls);
    expect((await ctx.onA.request('POST', '/api/logout')).statusCode).toBeLessThan(300);
    const changedAt = performance.now();
    await refusedWithin(ctx.onB, ctx.urls, 401, changedAt);
  });

  it('refuses the other sessions on B once the password is changed on A', async () => {
    const ctx = await adviserWithResult(34);
    await warm(ctx.onB, ctx.urls);
    const elsewhere = new TestClient(t.app);
    expect((await elsewhere.login(ctx.email, ctx.password)).statusCode).toBe(200);
    const changed = await elsewhere.request('PATCH', `/api/user/${ctx.user.id}/password`, { currentPassword: ctx.password, password: 'Fresh-Long-Password-2027!' });
    expect(changed.statusCode).toBeLessThan(300);
    const changedAt = performance.now();
    await refusedWithin(ctx.onB, ctx.urls, 401, changedAt);
    // The session that changed it goes on, on both processes.
    const kept = new TestClient(b);
    kept.cookie = elsewhere.cookie;
    expect((await kept.request('GET', ctx.urls[1]!)).statusCode).toBe(200);
  });

  it("anonymises B's client list and dashboard once the user's allow list is switched on, or the account's k raised, on A", async () => {
    // The viewer's anonymisation settings come with the cached session (plugins/sessions.ts ViewerSettings): their
    // change must end B's copy as a permission's does (migration 0046), not wait for the session cache's 5 s.
    const ctx = await adviserWithResult(36);
    await warm(ctx.onB, ctx.urls);
    expect((await ctx.onB.request('GET', ctx.urls[0]!)).body).toContain('Frisch');
    await t.db.insert(anonymisationUserSettings).values({ userId: ctx.user.id, accountId: ctx.accountId, allowListEnabled: true });
    const changedAt = performance.now();
    const named = async () => Promise.all(ctx.urls.map(async (url) => (await ctx.onB.request('GET', url)).body.includes('Frisch')));
    await expect.poll(named, { timeout: WITHIN_MS, interval: 5 }).toEqual([false, false]);
    expect(performance.now() - changedAt).toBeLessThan(WITHIN_MS);
    // The account's k (the floor of every team figure) is B's session's copy too.
    const token = /bq_session=([^;]+)/.exec(ctx.onB.cookie ?? '')![1]!;
    const k = async () => (await b.sessionCache.get(token))?.viewerSettings.anonymityK ?? null;
    expect(await k()).not.toBe(7);
    await t.db.insert(accountAnonymisation).values({ accountId: ctx.accountId, anonymityK: 7 }).onConflictDoUpdate({ target: accountAnonymisation.accountId, set: { anonymityK: 7 } });
    await expect.poll(k, { timeout: WITHIN_MS, interval: 5 }).toBe(7);
  });

  it('keeps serving B from memory while nothing about the user changed', async () => {
    const ctx = await adviserWithResult(35);
    await warm(ctx.onB, ctx.urls);
    for (const url of ctx.urls) expect((await ctx.onB.request('GET', url)).headers['x-response-cache']).toBe('hit');
  });
});

describe('the session cache without change notifications', () => {
  it('keeps a session no longer than 1 s when it cannot hear of changes', async () => {
    const { account } = await createAccount(t.db);
    const { user } = await createUser(t.db, account.id);
    // AUTH_CACHE_SECONDS=30, and a process that never listens (nothing it hears is live).
    const cache = new SessionCache(t.db, 30, new DataChanges());
    const { token } = await createSession(t.db, t.config, { userId: user.id, accountId: account.id, ip: '127.0.0.1' });
    expect((await cache.get(token))?.userId).toBe(user.id);
    const readAt = performance.now();
    await t.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    await expect.poll(async () => cache.get(token), { timeout: UNHEARD_TTL_MS + 500, interval: 20 }).toBeNull();
    // The entry was read before readAt, so the refusal comes within UNHEARD_TTL_MS of it plus one poll and a query.
    expect(performance.now() - readAt).toBeLessThan(UNHEARD_TTL_MS + 300);
  });
});
