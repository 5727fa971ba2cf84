// Generated from the route table (issue 36 points 1, 7 and 8): text no handler should see and paths spelled another
// way reach no plugin that decides by what it sees.
//   - A NUL or a lone surrogate in any path parameter or query value of any route, anonymous or signed in, is a 400
//     with an errorKey before sign-in, the audit trail or a handler looks at it: never a 500, never SQL in an answer,
//     and the read trail of every account keeps being written afterwards.
//   - A route's path with its letters percent-encoded (`/%61pi/login`) is the same request to every plugin: the CSRF
//     rule, `no-store` and the audit event apply exactly as on the plain path.
import { randomUUID } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { createAccount, createUser } from '../test/factories';
import { apiRoutes, buildUrl, sample, type ApiRoute } from '../test/route-table';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t.close());

const UNSAFE = { nul: '%00x', surrogate: '%ED%A0%80x' };
const SQL_WORDS = /\b(select|insert|update|delete)\b.*\b(from|into|set|where)\b|params:|failed query/i;
const config = (route: ApiRoute) => (route.route.config ?? {}) as FastifyContextConfig;

/** Every route with every way to put the unsafe text into it: each path parameter, and each query parameter. */
function unsafeUrls(route: ApiRoute, unsafe: string): string[] {
  const plain = Object.fromEntries(route.paramNames.map((n) => [n, `p${n}`]));
  const query = route.query ? (sample(route.query, {}) as Record<string, unknown>) : {};
  const urls = route.paramNames.map((name) =>
    buildUrl(route.url, plain, query).replace(encodeURIComponent(`p${name}`), unsafe),
  );
  for (const name of Object.keys(query)) {
    const base = buildUrl(route.url, plain, {});
    const rest = Object.entries(query).filter(([k]) => k !== name).map(([k, v]) => `&${k}=${encodeURIComponent(String(v))}`).join('');
    urls.push(`${base}?${name}=${unsafe}${rest}`);
  }
  return urls;
}

async function clientListEvents(accountId: string, since: Date): Promise<number> {
  await t.app.audit.flush();
  const [row] = await t.db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'client.list'), gt(auditEvents.occurredAt, since)));
  return row!.n;
}

describe('unsafe text in a path or query', () => {
  it('is refused with 400 before anything else on every route, anonymous and signed in, and the read trail goes on', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id);
    const signedIn = new TestClient(t.app);
    expect((await signedIn.login(email, password)).statusCode).toBe(200);
    const anonymous = new TestClient(t.app);
    const wrong: string[] = [];
    let sent = 0;
    for (const route of apiRoutes(collected)) {
      if (route.url.startsWith('/api/dev/')) continue;
      for (const [kind, unsafe] of Object.entries(UNSAFE)) {
        for (const url of unsafeUrls(route, unsafe)) {
          for (const [who, http] of [['anonymous', anonymous], ['signed in', signedIn]] as const) {
            const res = await http.request(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
            sent++;
            const body = res.body;
            if (res.statusCode !== 400 || !/"errorKey"/.test(body) || SQL_WORDS.test(body)) {
              wrong.push(`${route.method} ${url} (${kind}, ${who}): ${res.statusCode} ${body.slice(0, 160)}`);
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(wrong).toEqual([]);

    // Every account's reads are still written: a list after all that leaves its event.
    const since = new Date(Date.now() - 1);
    expect((await signedIn.request('GET', `/api/participants?productConfigurationId=${acc.configs[0]!.id}`)).statusCode).toBe(200);
    expect(await clientListEvents(acc.account.id, since)).toBe(1);
  }, 300_000);
});

describe('a percent-encoded path', () => {
  /** The path with the first letter of every literal segment percent-encoded: /%61pi/%6Cogin. */
  const encoded = (path: string) =>
    path.replace(/\/([a-z])/gi, (_m, letter: string) => `/%${letter.charCodeAt(0).toString(16).toUpperCase()}`);

  it('meets the same CSRF rule, no-store and audit event as the plain path, on every route', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id);
    const wrong: string[] = [];
    for (const route of apiRoutes(collected)) {
      const own = config(route).webhook || config(route).ownAuthorization;
      const url = encoded(buildUrl(route.url, Object.fromEntries(route.paramNames.map((n) => [n, `v${n}`])), {}));
      if (route.method !== 'GET' && !own) {
        // Without X-Source a browser form from another site could have sent it: refused before the handler.
        const res = await t.app.inject({ method: route.method, url, payload: {} });
        if (res.statusCode !== 403 || res.json().errorKey !== 'error.auth.csrf') wrong.push(`${route.method} ${url}: ${res.statusCode} without X-Source`);
      }
      if (route.url.startsWith('/api/')) {
        const res = await t.app.inject({ method: route.method, url, headers: { 'x-source': 'web' }, ...(route.method === 'GET' ? {} : { payload: {} }) });
        // A route declaring public caching (httpCache, cache-control.ts) answers with it: the keys of GET /api/audit/keys.
        const expected = res.statusCode < 400 && config(route).httpCache ? config(route).httpCache : 'no-store';
        if (res.headers['cache-control'] !== expected && !config(route).responseCache) wrong.push(`${route.method} ${url}: cache-control ${String(res.headers['cache-control'])}`);
      }
    }
    expect(wrong).toEqual([]);

    // A failed and a right sign-in through the encoded path leave the same events as through the plain one.
    const since = new Date(Date.now() - 1);
    const login = (pw: string) =>
      t.app.inject({ method: 'POST', url: '/%61pi/%6Cogin', headers: { 'x-source': 'web' }, payload: { email, password: pw } });
    expect((await login(`${password}-wrong`)).statusCode).toBe(401);
    expect((await login(password)).statusCode).toBe(200);
    const actions = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, acc.account.id), gt(auditEvents.occurredAt, since)));
    expect(actions.map((a) => a.action).sort()).toEqual(['auth.sign_in', 'auth.sign_in_failed']);
  }, 120_000);

  it('of a SCIM write leaves the same event as the plain path', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id);
    const admin = new TestClient(t.app);
    expect((await admin.login(email, password)).statusCode).toBe(200);
    const issued = await admin.request('POST', '/api/sso/scim/token');
    expect(issued.statusCode).toBe(201);
    const scimEvents = async () =>
      (await t.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.accountId, acc.account.id))).filter((e) =>
        e.action.startsWith('scim.'),
      ).length;
    const patch = (path: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `${path}/v2/Users/${randomUUID()}`,
        headers: { authorization: `Bearer ${issued.json().token as string}`, 'content-type': 'application/scim+json' },
        payload: JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] }),
      });
    const before = await scimEvents();
    expect((await patch('/scim')).statusCode).toBe(404);
    expect(await scimEvents()).toBe(before + 1);
    expect((await patch('/%73cim')).statusCode).toBe(404);
    expect(await scimEvents()).toBe(before + 2);
  });

  it('of a route that is not there is a 404 with no-store, like the plain path', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/%61pi/no-such-route-${randomUUID()}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
