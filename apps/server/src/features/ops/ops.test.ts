// Liveness, readiness (503 error.service.unavailable while draining or when the database is gone), the metrics
// endpoint behind its token, the bench routes only with BENCH_ROUTES, and the session cache: one process sees a
// sign-out, a password change and a deactivation at once even while the session is cached (two processes:
// plugins/access-freshness.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

const METRICS_TOKEN = 'metrics-token-0123456789';
let t: TestApp;
/** Every statement the app sent, for the query count of the signed-in common path. */
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    // The response cache off: the query count below is the computed answer's (response-cache.test.ts has the cached one).
    { METRICS_TOKEN, AUTH_CACHE_SECONDS: '30', RESPONSE_CACHE_SECONDS: '0', BENCH_ROUTES: 'true', SESSION_REPLAY_ID: '1234567' },
    undefined,
    { onQuery: (sql) => statements.push(sql) },
  );
});
afterAll(() => t.close());

describe('health', () => {
  it('is live and ready, and not ready (503 with errorKey) while draining', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', queue: 'ok' } });
    t.app.lifecycle.draining = true;
    try {
      for (const url of ['/api/health/ready', '/api/system/config']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json().errorKey).toBe('error.service.unavailable');
      }
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe('GET /api/metrics', () => {
  it('needs the bearer token and shows request latency and the job queue', async () => {
    await t.app.inject({ method: 'GET', url: '/api/system/config' });
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).json().errorKey).toBe('error.auth.unauthorized');
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{method="GET",route="\/api\/system\/config",status="2xx",le="0.005"\} \d+/);
    expect(res.body).toContain('# TYPE job_queue_waiting gauge');
    expect(res.body).toContain('job_queue_oldest_waiting_seconds');
  });

  it('does not exist without METRICS_TOKEN, and the bench routes only with BENCH_ROUTES; session replay is off and not in the CSP unless configured', async () => {
    const configured = await t.app.inject({ method: 'GET', url: '/api/system/config' });
    expect(configured.json().sessionReplay).toEqual({ id: '1234567', snippetVersion: 6 });
    expect(configured.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/static\.hotjar\.com/);
    const plain = await createTestApp();
    try {
      const off = await plain.app.inject({ method: 'GET', url: '/api/system/config' });
      expect(off.json().sessionReplay).toBeNull();
      expect(off.headers['content-security-policy']).not.toContain('hotjar');
      expect((await plain.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/api/bench/hello' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/api/bench/open-tokens' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/hello' })).json()).toEqual({ hello: 'world' });
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/one-query' })).statusCode).toBe(200);
    // The embedded burst bench's reads (bench-routes.ts): its database is the server's own.
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/open-tokens' })).json()).toEqual({ tokens: expect.any(Array) });
    const delays = await t.app.inject({ method: 'POST', url: '/api/bench/result-delays', headers: { 'x-source': 'web' }, payload: { tokens: ['no-such-token'] } });
    expect([delays.statusCode, delays.json()]).toEqual([200, { results: [] }]);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/bench/result-delays', headers: { 'x-source': 'web' }, payload: { tokens: ['a,b}'] } });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('session cache (AUTH_CACHE_SECONDS=30)', () => {
  async function signedIn() {
    const { account } = await createAccount(t.db);
    const { user, email, password } = await createUser(t.db, account.id);
    const http = new TestClient(t.app);
    expect((await http.login(email, password)).statusCode).toBe(200);
    expect((await http.request('GET', '/api/user')).statusCode).toBe(200);
    return { http, user, password };
  }

  it('answers GET /api/user with one query once the session is cached (the common path, docs/decisions/0026)', async () => {
    const { http } = await signedIn();
    // The sign-in's own change notification may still be on its way (PostgreSQL); once heard, the session is cached again.
    await t.settleChangeNotifications();
    expect((await http.request('GET', '/api/user')).statusCode).toBe(200);
    // Buffered audit events of earlier requests are written once a second: not inside the counted request.
    await t.app.audit.flush();
    statements.length = 0;
    const res = await http.request('GET', '/api/user');
    expect(res.statusCode).toBe(200);
    // The profile, products, credits and the anonymisation settings come back together...
    expect(res.json()).toMatchObject({ anonymizationAllowListEnabled: false, anonymizationAllowList: [], anonymityK: 5 });
    // ...from one statement: a feature that adds a query here slows every page load.
    expect(statements).toHaveLength(1);
  });

  it('ends a cached session at sign-out at once', async () => {
    const { http } = await signedIn();
    const cookie = http.cookie!;
    expect((await http.request('POST', '/api/logout')).statusCode).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('sees a deactivation written behind its back (another process, a console) as soon as it is notified', async () => {
    const { http, user } = await signedIn();
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    // Migration 0019's notification: before the commit returns on PGlite, within milliseconds on PostgreSQL.
    await expect.poll(async () => (await http.request('GET', '/api/reminders/counts')).statusCode, { timeout: 1000, interval: 10 }).toBe(401);
  });

  it('ends the other sessions of a user who changes the password, cached or not', async () => {
    const { http, user, password } = await signedIn();
    const other = new TestClient(t.app);
    expect((await other.login(user.email, password)).statusCode).toBe(200);
    expect((await other.request('GET', '/api/user')).statusCode).toBe(200);
    const changed = await http.request('PATCH', `/api/user/${user.id}/password`, { currentPassword: password, password: 'Another-Long-Password-2027!' });
    expect(changed.statusCode).toBeLessThan(300);
    expect((await other.request('GET', '/api/user')).statusCode).toBe(401);
    expect((await http.request('GET', '/api/user')).statusCode).toBe(200);
  });
});
