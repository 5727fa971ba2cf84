// The realm check declared on the route (docs/decisions/0081), generated from the route table: every productPermission
// route that names its product (a configuration id or a product type in its path, query or body) declares where
// (`productPermission.product`), and on each of them the auth plugin, not the handler, refuses a user who holds the
// permission in another realm only (403) and another account's product (404, as a missing one). Every handler is
// wrapped as it is registered, so a refusal that came from the service instead fails here.
import { randomUUID } from 'node:crypto';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import type { Permission } from '@bq/domain/permissions';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { apiRoutes, buildUrl, sample, type ApiRoute } from '../../test/route-table';
import { declaredProduct } from '../products/declared-product';

/** Fields that name a product configuration, or a product type, wherever a route takes them. */
const CONFIGURATION_FIELDS = /^(productConfigurationId|configId)$/;
const TYPE_FIELDS = /^(productType|product|type)$/;

const collected: RouteOptions[] = [];
const handlersRun = new Set<string>();
function collect(route: RouteOptions): void {
  collected.push(route);
  const handler = route.handler;
  route.handler = function noteHandlerRun(this: ThisParameterType<typeof handler>, request, reply) {
    handlersRun.add(`${request.method} ${request.routeOptions.url}`);
    return handler.call(this, request, reply);
  };
}

let t: TestApp;
let accountA: { id: string; configId: string };
let adminB: TestClient;

async function signedIn(accountId: string, permissions?: Permission[]): Promise<TestClient> {
  const { email, password } = await createUser(t.db, accountId, permissions ? { permissions } : {});
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  return http;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: collect });
  const a = await createAccount(t.db, { name: `Realm A ${randomUUID()}`, products: ['BQ_RISK', 'BQ_SELECTION'] });
  const b = await createAccount(t.db, { name: 'Realm B', products: ['BQ_RISK', 'BQ_SELECTION'] });
  accountA = { id: a.account.id, configId: a.configs.find((c) => c.productType === 'BQ_RISK')!.id };
  adminB = await signedIn(b.account.id);
}, 120_000);
afterAll(() => t.close());

const productRoutes = () => apiRoutes(collected).filter((r) => (r.route.config as FastifyContextConfig).productPermission);

/** The fields of the route that name its product: "params.id", "query.productType", ... */
function productFields(route: ApiRoute): string[] {
  const fields = [
    ...route.paramNames.map((n) => ['params', n] as const),
    ...Object.keys(route.query?.properties ?? {}).map((n) => ['query', n] as const),
    ...Object.keys(route.body?.properties ?? {}).map((n) => ['body', n] as const),
  ];
  // An :id right after /productconfig/ or /product/ is a configuration's id (a :type there is a product type).
  const configurationId = (part: string, name: string) => CONFIGURATION_FIELDS.test(name) || (part === 'params' && name === 'id' && /\/product(config)?\/:id/.test(route.url));
  return fields.filter(([part, name]) => configurationId(part, name) || TYPE_FIELDS.test(name)).map(([part, name]) => `${part}.${name}`);
}

async function send(route: ApiRoute, http: TestClient, configId: string) {
  // A request valid in every other respect: the product's check is the only thing that may refuse it.
  const values = { productConfigurationId: configId, configId, id: configId, productType: 'BQ_RISK', product: 'BQ_RISK', type: 'BQ_RISK', email: 'rhea.realm@example.com', phone: '' };
  const params = Object.fromEntries(route.paramNames.map((n) => [n, sample(route.params?.properties?.[n], values, n)]));
  const query = route.query ? (sample(route.query, values) as Record<string, unknown>) : {};
  const body = route.body ? (sample(route.body, values) as Record<string, unknown>) : undefined;
  // A bulk send names its clients by token or by filter, not both.
  if (body && 'clientTokens' in body && 'filter' in body) delete body.filter;
  handlersRun.clear();
  const res = await http.request(route.method, buildUrl(route.url, params, query), body);
  let errorKey: string | undefined;
  try {
    errorKey = (JSON.parse(res.body) as { errorKey?: string }).errorKey;
  } catch {
    errorKey = undefined; // a download (CSV, PDF)
  }
  return { status: res.statusCode, errorKey, handlerRan: handlersRun.has(`${route.method} ${route.url}`) };
}

describe('the product realm declared on the route', () => {
  it('is declared, at the field that names it, by every productPermission route that names its product', () => {
    const routes = productRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const route of routes) {
      const fields = productFields(route);
      const declared = declaredProduct((route.route.config as FastifyContextConfig).productPermission);
      const at = declared ? Object.values(declared.source)[0] : null;
      if (fields.length > 0 && !declared) problems.push(`${route.method} ${route.url}: names its product (${fields.join(', ')}) but declares no productPermission.product`);
      if (declared && !fields.includes(at!)) problems.push(`${route.method} ${route.url}: declares its product at ${at}, which is not one of its product fields (${fields.join(', ')})`);
    }
    expect(problems).toEqual([]);
    // The routes that reach their product through something else (a client, a result, a team, a campaign): listed in 0081.
    expect(routes.filter((r) => declaredProduct((r.route.config as FastifyContextConfig).productPermission)).length).toBeGreaterThanOrEqual(27);
  });

  it('refuses, before the handler runs, a user with the permission in another realm only, and another account', async () => {
    const declared = productRoutes().filter((r) => declaredProduct((r.route.config as FastifyContextConfig).productPermission));
    const realm = PRODUCT_TYPE_INFO.BQ_RISK.realm;
    const otherRealm = PRODUCT_TYPE_INFO.BQ_SELECTION.realm;
    expect(otherRealm).not.toBe(realm);
    const failures: string[] = [];
    for (const route of declared) {
      const wanted = declaredProduct((route.route.config as FastifyContextConfig).productPermission)!.wanted;
      const name = `${route.method} ${route.url}`;
      const elsewhere = await signedIn(accountA.id, wanted.map((p) => ({ realm: otherRealm, entity: p.entity, action: p.action })));
      const here = await signedIn(accountA.id, wanted.map((p) => ({ realm, entity: p.entity, action: p.action })));

      const refused = await send(route, elsewhere, accountA.configId);
      if (refused.status !== 403 || refused.errorKey !== 'error.auth.forbidden' || refused.handlerRan) {
        failures.push(`${name} [permission in ${otherRealm} only]: ${refused.status} ${refused.errorKey}${refused.handlerRan ? ', handler ran' : ''}; wanted 403 error.auth.forbidden before the handler`);
      }
      // Another account's configuration id behaves as a missing one (a product type names the caller's own product).
      const byConfiguration = 'configurationId' in declaredProduct((route.route.config as FastifyContextConfig).productPermission)!.source;
      const foreign = byConfiguration ? await send(route, adminB, accountA.configId) : { status: 404, errorKey: 'error.not_found', handlerRan: false };
      if (foreign.status !== 404 || foreign.errorKey !== 'error.not_found' || foreign.handlerRan) {
        failures.push(`${name} [another account's product]: ${foreign.status} ${foreign.errorKey}${foreign.handlerRan ? ', handler ran' : ''}; wanted 404 error.not_found before the handler`);
      }
      // The same call with the permission in the product's realm passes the check and reaches the handler.
      const allowed = await send(route, here, accountA.configId);
      if (!allowed.handlerRan) failures.push(`${name} [permission in ${realm}]: ${allowed.status} ${allowed.errorKey}; wanted the handler to run`);
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
