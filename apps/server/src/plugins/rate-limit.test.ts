// The general limit on public writes (docs/decisions/0072), read from the route table: every /api route reachable
// without signing in that writes data or an audit event has a limit (a new one shows up in the list below and must be
// looked at), documents 429 error.rate_limited, and the limit holds per address, and per link where declared.
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { apiRoutes } from '../test/route-table';
import { MemoryHitCounter, countHit, needsRateLimit, secondsUntilAllowed } from './rate-limit';

const collected: RouteOptions[] = [];
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, undefined, { onRoute: (r) => void collected.push(r) });
  off = await createTestApp({ PUBLIC_RATE_LIMIT: 'false' });
});
afterAll(async () => {
  await t.close();
  await off.close();
});

let nextIp = 1;
const newIp = () => `10.72.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

/**
 * A burst of exactly the limit must not straddle a minute boundary (the sliding count then weighs the two minutes and
 * lands a fraction away from the limit): wait for a fresh minute if late.
 */
async function freshMinute(secondsNeeded = 15): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < secondsNeeded * 1000) await new Promise((r) => setTimeout(r, left + 50));
}

describe('public write routes', () => {
  it('each have a limit, and these are they', () => {
    const rows = apiRoutes(collected)
      .filter((r) => needsRateLimit({ method: r.method, url: r.url, config: r.route.config as FastifyContextConfig }))
      .map((r) => {
        const limit = (r.route.config as FastifyContextConfig).rateLimit;
        return `${r.method} ${r.url} ${limit?.perMinute ?? 'NONE'}${limit?.perToken ? ` per ${limit.perToken}` : ''}`;
      });
    expect(rows.sort()).toEqual(EXPECTED_LIMITS);
  });

  it('document 429 error.rate_limited in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
    };
    const missing: string[] = [];
    for (const r of apiRoutes(collected)) {
      if (!needsRateLimit({ method: r.method, url: r.url, config: r.route.config as FastifyContextConfig })) continue;
      const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const description = doc.paths[path]?.[r.method.toLowerCase()]?.responses?.['429']?.description ?? '';
      if (!description.includes('error.rate_limited')) missing.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
    // A 429 the route had already (the sign-in throttle) is kept beside it.
    expect(doc.paths['/api/login']!.post!.responses!['429']!.description).toContain('error.auth.too_many_sign_in_attempts');
  });
});

describe('the limit', () => {
  it('refuses the passkey challenge and the SAML start past 60 a minute per address, with Retry-After', async () => {
    await freshMinute();
    for (const [url, body] of [
      ['/api/login/passkey/options', {}],
      ['/api/sso/saml/start', { email: 'someone@nowhere.example' }],
    ] as const) {
      const ip = newIp();
      const client = new TestClient(t.app, ip);
      for (let i = 0; i < 60; i++) expect((await client.request('POST', url, body)).statusCode, url).not.toBe(429);
      const refused = await client.request('POST', url, body);
      expect(refused.statusCode, `${url} ${refused.body}`).toBe(429);
      expect(refused.json().errorKey).toBe('error.rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another address is not held up by this one.
      expect((await new TestClient(t.app, newIp()).request('POST', url, body)).statusCode, url).not.toBe(429);
    }
  });

  it('takes the client address from X-Forwarded-For behind TRUST_PROXY', async () => {
    await freshMinute();
    const proxy = new TestClient(t.app, '127.0.0.1');
    const forwarded = (ip: string) => proxy.request('POST', '/api/login/passkey/options', {}, { 'x-forwarded-for': ip });
    const first = newIp();
    for (let i = 0; i < 60; i++) await forwarded(first);
    expect((await forwarded(first)).statusCode).toBe(429);
    expect((await forwarded(newIp())).statusCode).not.toBe(429);
  });

  it('counts public report views per link and address, so a held link cannot flood the trail', async () => {
    await freshMinute();
    const ip = newIp();
    const client = new TestClient(t.app, ip);
    const view = (token: string) => client.request('GET', `/api/report/content/bqa/${token}`);
    for (let i = 0; i < 60; i++) expect((await view('tokenA')).statusCode).not.toBe(429);
    expect((await view('tokenA')).statusCode).toBe(429);
    expect((await view('tokenB')).statusCode).not.toBe(429);
    // Where the counts were kept: the one process of the embedded database in its memory, PostgreSQL's in the table.
    const { rows } = await t.database.executeSql(`select sum(hits)::int as hits from rate_limit_hits where bucket = 'GET /api/report/content/:kind/:token'`);
    expect(rows).toEqual([{ hits: t.config.embedded ? null : 62 }]);
  });

  it("lets a participant's autosave run at the autosaver's fastest pace", async () => {
    await freshMinute(30);
    const client = new TestClient(t.app, newIp());
    // 240 saves is one every 250 ms for a whole minute, faster than the web app's autosaver can send them.
    for (let i = 0; i < 240; i++) expect((await client.request('PUT', '/api/q/tokenC/answers', { answers: {} })).statusCode).not.toBe(429);
    // A colleague's questionnaire behind the same office address has its own count.
    expect((await client.request('PUT', '/api/q/tokenD/answers', { answers: {} })).statusCode).not.toBe(429);
  });

  it('slides: the minute before counts by the part of it still inside the last 60 s; no address or token kept in clear', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 120_000;
    const key = '10.0.0.1\u0000tok';
    expect(await countHit(t.db, 'test', key, minute)).toMatchObject({ hits: 1, previous: 0, estimate: 1 });
    expect(await countHit(t.db, 'test', key, minute + 59_999)).toMatchObject({ hits: 2, previous: 0 });
    // Just past the boundary the two of the minute before still count in full; half a minute later, half of them.
    expect(await countHit(t.db, 'test', key, minute + 60_000)).toMatchObject({ hits: 1, previous: 2, estimate: 3 });
    expect(await countHit(t.db, 'test', key, minute + 90_000)).toMatchObject({ hits: 2, previous: 2, estimate: 3 });
    expect(await countHit(t.db, 'test', key, minute + 180_000)).toMatchObject({ hits: 1, previous: 0, estimate: 1 });
    const { rows } = await t.database.executeSql(`select key_hash from rate_limit_hits where bucket = 'test'`);
    for (const row of rows as { key_hash: string }[]) expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts the same in memory on the embedded database, without a row, and in the table past its key limit', async () => {
    const memory = new MemoryHitCounter(t.db, 2);
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 240_000;
    const key = '10.0.0.2\u0000tok';
    expect(await memory.count('memory', key, minute)).toMatchObject({ hits: 1, previous: 0, estimate: 1 });
    expect(await memory.count('memory', key, minute + 59_999)).toMatchObject({ hits: 2, previous: 0 });
    expect(await memory.count('memory', key, minute + 60_000)).toMatchObject({ hits: 1, previous: 2, estimate: 3 });
    expect(await memory.count('memory', key, minute + 90_000)).toMatchObject({ hits: 2, previous: 2, estimate: 3 });
    // Another bucket is another count.
    expect(await memory.count('memory-other', key, minute + 90_000)).toMatchObject({ hits: 1, previous: 0 });
    const rowsOf = async (bucket: string) => (await t.database.executeSql(`select hits from rate_limit_hits where bucket = '${bucket}'`)).rows;
    expect(await rowsOf('memory')).toEqual([]);
    // Two callers held (this minute and the one before count): a third is counted in the table, and still counted.
    expect(await memory.count('memory-full', key, minute + 90_000)).toMatchObject({ hits: 1 });
    expect(await memory.count('memory-full', key, minute + 91_000)).toMatchObject({ hits: 2 });
    expect(await rowsOf('memory-full')).toEqual([{ hits: 2 }]);
    // Two minutes on, the minutes before are forgotten.
    expect(await memory.count('memory', key, minute + 180_000)).toMatchObject({ hits: 1, previous: 0, estimate: 1 });
  });

  it('lets no burst through at a minute boundary: the limit at 0:59 and again at 1:00 is refused, with an honest Retry-After', async () => {
    const minute = Math.floor(Date.now() / 60_000) * 60_000 + 600_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = new TestClient(t.app, newIp());
      const options = () => client.request('POST', '/api/login/passkey/options', {});
      vi.setSystemTime(minute + 59_000);
      for (let i = 0; i < 60; i++) expect((await options()).statusCode).not.toBe(429);
      // A calendar-minute count would start again at 0 here and let another 60 through.
      vi.setSystemTime(minute + 60_500);
      const refused = await options();
      expect(refused.statusCode).toBe(429);
      // 1 + 60 x 59.5/60 = 60.5 now; 2 + 60 x (60 - t)/60 <= 60 from t = 2 s on: the answer says wait 2 s.
      expect(refused.headers['retry-after']).toBe('2');
      vi.setSystemTime(minute + 62_500);
      expect((await options()).statusCode).not.toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when a caller over the limit may send again', () => {
    const windowEnds = 120_000;
    // This minute alone is at the limit: until it ends.
    expect(secondsUntilAllowed({ hits: 60, previous: 0, estimate: 60, windowEnds }, 60, 75_000)).toBe(45);
    // The previous minute's share has to shrink until the next request fits: 11 + 60 x 49/60 = 60 after 11 s.
    expect(secondsUntilAllowed({ hits: 10, previous: 60, estimate: 70, windowEnds }, 60, 60_000)).toBe(11);
  });

  it('is off with PUBLIC_RATE_LIMIT=false (benchmarks from one address)', async () => {
    const client = new TestClient(off.app, '10.72.250.1');
    for (let i = 0; i < 65; i++) expect((await client.request('POST', '/api/login/passkey/options', {})).statusCode).not.toBe(429);
  });
});

/** Method, path, requests a minute per address (and per the link's token where named). */
const EXPECTED_LIMITS = [
  'GET /api/:product/participant/me 60 per query.instanceToken',
  'GET /api/certificate/verificationLink/:token 60 per params.token',
  'GET /api/q 60 per query.token',
  'GET /api/q/:token/self-identification 60 per params.token',
  'GET /api/render/report/:id 20 per params.id',
  'GET /api/report/content/:kind/:token 60 per params.token',
  'GET /api/report/content/bqa/recommendations/:token 60 per params.token',
  'GET /api/report/content/bqp/certificate/:token 60 per params.token',
  'GET /api/report/download/:id 20 per params.id',
  'GET /api/report/download/:id/info 60 per params.id',
  'POST /api/demo/password/:instanceToken 30',
  'POST /api/login 60',
  'POST /api/login/2fa 60',
  'POST /api/login/passkey 60',
  'POST /api/login/passkey/options 60',
  'POST /api/logout 60',
  'POST /api/mail/bounces 600',
  'POST /api/oauth/google 60',
  'POST /api/oauth/google/start 60',
  'POST /api/payment/sandbox/:sessionId/confirm 30',
  'POST /api/payment/webhook/:provider 600',
  'POST /api/presignup/bqaself 30',
  'POST /api/presignup/selfassessment 30',
  'POST /api/q/:token/self-identification 30 per params.token',
  'POST /api/q/:token/submit 20 per params.token',
  'POST /api/selfassessment/sampleReport 30',
  'POST /api/signup 30',
  'POST /api/signup/selfassessment 30',
  'POST /api/sso/oidc/callback 60',
  'POST /api/sso/oidc/start 60',
  'POST /api/sso/saml/:accountId/acs 60',
  'POST /api/sso/saml/start 60',
  // Public start links (docs/decisions/0092): per address over every link; the link's own hourly cap is in its service.
  'POST /api/start/:publicId 20',
  'POST /api/start/verify 20',
  'POST /api/user/password 30',
  'POST /api/user/password/reset 30',
  'PUT /api/q/:token/answers 300 per params.token',
];
