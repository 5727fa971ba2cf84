// The Cache-Control rule (plugins/cache-control.ts, docs/decisions/0035), generated from the route table: every GET
// /api route the app registers answers with no-store (signed in and anonymous, success or error) unless the route
// declares config.httpCache; the public report content by result token, a response-cache hit included, is no-store.
import { randomUUID } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';
import { apiRoutes, buildUrl, sample } from '../../test/route-table';

const collected: RouteOptions[] = [];
let t: TestApp;
let admin: TestClient;
let ids: { clientToken: string; instanceToken: string; configId: string };

beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE_SECONDS: '30' }, undefined, { onRoute: (r) => void collected.push(r) });
  const a = await createAccount(t.db, { name: `Cache ${randomUUID()}`, products: ['BQ_RISK'], credits: 5 });
  const { email, password } = await createUser(t.db, a.account.id, {});
  admin = new TestClient(t.app);
  expect((await admin.login(email, password)).statusCode).toBe(200);
  const configId = a.configs[0]!.id;
  const client = (await admin.request('POST', '/api/u', { firstName: 'Cora', lastName: 'Cache', email: `cache.${randomUUID()}@example.com`, productConfigurationId: configId })).json();
  const instanceToken = (await admin.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json().token as string;
  await answerCalculateUnlock(t, admin, instanceToken, 'BQ_RISK', 3);
  ids = { clientToken: client.token, instanceToken, configId };
}, 120_000);
afterAll(() => t.close());

function cacheControlOf(headers: Record<string, unknown>): string {
  return String(headers['cache-control'] ?? '(none)');
}

describe('Cache-Control of API answers', () => {
  it('every GET /api route answers no-store unless it declares httpCache', async () => {
    const routes = apiRoutes(collected).filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThan(30);
    const known: Record<string, unknown> = {
      token: ids.instanceToken,
      clientToken: ids.clientToken,
      interactionToken: ids.instanceToken,
      productConfigurationId: ids.configId,
      id: ids.instanceToken,
      productType: 'BQ_RISK',
      kind: 'bqa',
    };
    const anonymous = new TestClient(t.app);
    const failures: string[] = [];
    let successes = 0;
    for (const route of routes) {
      const params = Object.fromEntries(route.paramNames.map((n) => [n, sample(route.params?.properties?.[n], known, n)]));
      const query = route.query ? (sample(route.query, known) as Record<string, unknown>) : {};
      const url = buildUrl(/\/bq_user\/:token|\/client\/:token/.test(route.url) ? route.url.replace(':token', ids.clientToken) : route.url, params, query);
      const declared = route.route.config?.httpCache;
      for (const [who, http] of [['signed in', admin], ['anonymous', anonymous]] as const) {
        const res = await http.request('GET', url);
        if (res.statusCode === 200) successes++;
        const header = cacheControlOf(res.headers);
        const ok = declared && res.statusCode < 400 ? header === declared : /\bno-store\b/.test(header);
        if (!ok) failures.push(`GET ${route.url} [${who}] ${res.statusCode}: cache-control ${header}`);
      }
    }
    expect(failures).toEqual([]);
    // The walk reached real answers, not only refusals.
    expect(successes).toBeGreaterThan(20);
  }, 120_000);

  it('the public report content by result token is no-store, also when answered from the response cache', async () => {
    const anonymous = new TestClient(t.app);
    const first = await anonymous.request('GET', `/api/report/content/bqa/${ids.instanceToken}`);
    expect(first.statusCode).toBe(200);
    expect(cacheControlOf(first.headers)).toBe('no-store');
    const second = await anonymous.request('GET', `/api/report/content/bqa/${ids.instanceToken}`);
    expect(second.headers['x-response-cache']).toBe('hit');
    expect(cacheControlOf(second.headers)).toBe('no-store');
  });

  it('errors and unknown API paths are no-store too; the public texts declare their own', async () => {
    const anonymous = new TestClient(t.app);
    expect(cacheControlOf((await anonymous.request('GET', '/api/no-such-thing')).headers)).toBe('no-store');
    expect(cacheControlOf((await anonymous.request('GET', '/api/clients')).headers)).toBe('no-store');
    const texts = await anonymous.request('GET', '/api/i18ns?language=EN_US');
    expect(texts.statusCode).toBe(200);
    expect(cacheControlOf(texts.headers)).toBe('no-cache');
  });

  it('is set in one place: no route handler sets a Cache-Control of its own', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = (await readdir(join(root, 'features'), { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const setters: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, 'features', file), 'utf8');
      if (/header\(\s*['"]cache-control['"]/i.test(text)) setters.push(file.replaceAll('\\', '/'));
    }
    // A route that may be cached declares config.httpCache; everything else is no-store by plugins/cache-control.ts.
    expect(setters).toEqual([]);
  });
});
