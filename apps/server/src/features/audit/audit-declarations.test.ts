// Declared, not sprinkled (issue 23 point 2; docs/decisions/0039): generated from the route table, like the access
// matrix. Every /api route states `config.audit` (an action, or false for a route that touches no client data), and
// every signed-in read that declares an action leaves exactly one event per answered request, none when false.
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';
import { apiRoutes, buildUrl, sample, type ApiRoute } from '../../test/route-table';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t.close());

const audit = (route: ApiRoute) => (route.route.config as FastifyContextConfig | undefined)?.audit;

describe('audit declarations', () => {
  it('every /api route declares its audit action, or audit: false', () => {
    const routes = apiRoutes(collected);
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((r) => audit(r) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, "declare config.audit: { action: 'area.verb', subject } or audit: false (features/audit/audit-plugin.ts)").toEqual([]);
    const badNames = routes.flatMap((r) => {
      const d = audit(r);
      return d && !/^[a-z_]+\.[a-z_]+$/.test(d.action) ? [`${r.method} ${r.url}: ${d.action}`] : [];
    });
    expect(badNames).toEqual([]);
  });

  it('stops the server at start-up when a route declares nothing (an /api or a /scim route)', async () => {
    for (const url of ['/api/test/undeclared', '/scim/v2/Undeclared']) {
      await expect(createTestApp({}, (app) => void app.post(url, async () => ({ ok: true })))).rejects.toThrow(`POST ${url} declares no config.audit`);
    }
    // Declaring it false is a declaration: the app starts.
    const declared = await createTestApp({}, (app) => void app.post('/api/test/declared', { config: { audit: false } }, async () => ({ ok: true })));
    await declared.close();
  });

  it('leaves exactly one event per answered signed-in read that declares an action, and none for audit: false', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 10 });
    const { email, password, user } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    expect((await http.login(email, password)).statusCode).toBe(200);
    const configId = acc.configs[0]!.id;
    const client = (await http.request('POST', '/api/u', { firstName: 'Walk', lastName: 'Through', email: `walk.${randomUUID()}@example.com`, productConfigurationId: configId })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    await answerCalculateUnlock(t, http, instance.token, 'BQ_RISK', 2);

    const values: Record<string, unknown> = {
      clientToken: client.token, interactionToken: instance.token, instanceToken: instance.token, instanceToken1: instance.token,
      instanceToken2: instance.token, productConfigurationId: configId, productType: 'BQ_RISK', interactionId: 'risk', interaction: 'risk',
      kind: 'bqa', path: 'bqa', product: 'BQ_RISK', type: 'BQ_RISK', locale: 'EN_US', format: 'csv',
    };
    const eventsNow = async () => {
      await t.app.audit.flush();
      return (await t.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.accountId, acc.account.id)))[0]!.n;
    };
    const wrong: string[] = [];
    let walked = 0;
    for (const route of apiRoutes(collected)) {
      const config = route.route.config as FastifyContextConfig;
      if (route.method !== 'GET' || config.public || config.operator || route.url.startsWith('/api/dev/')) continue;
      const params = Object.fromEntries(
        route.paramNames.map((n) => {
          if (n === 'token') return [n, /\/client\/:token/.test(route.url) ? client.token : instance.token];
          if (n === 'id') return [n, /\/user\/:id/.test(route.url) ? user.id : /report\/:id/.test(route.url) ? instance.token : /product\/:id/.test(route.url) ? configId : randomUUID()];
          return [n, sample(route.params?.properties?.[n], values, n)];
        }),
      );
      const query = route.query ? (sample(route.query, values) as Record<string, unknown>) : {};
      const before = await eventsNow();
      const res = await http.request('GET', buildUrl(route.url, params, query));
      const added = (await eventsNow()) - before;
      const recorded = res.statusCode < 400 || [401, 403, 404].includes(res.statusCode);
      const expected = audit(route) && recorded ? 1 : 0;
      walked++;
      if (added !== expected) wrong.push(`GET ${route.url} (${res.statusCode}): ${added} events, wanted ${expected}`);
    }
    expect(walked).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  }, 120_000);
});
