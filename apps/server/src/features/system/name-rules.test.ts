// Every route whose body has a name field (firstName, lastName, name: clients, sign-up, teams, campaigns, weight
// profiles), found in the route table so a new one is covered, refuses each control character and bidi control
// with 400 error.validation and the field's errorKey (docs/decisions/0034-csv-injection-and-names.md).
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_IN_NAMES, NAME_CONTROL_CHARACTERS_KEY } from '@bq/contracts/names';
import { INVALID_CHARACTERS } from '../../plugins/input-guard';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { apiRoutes, buildUrl, sample, type ApiRoute } from '../../test/route-table';

let t: TestApp;
const collected: RouteOptions[] = [];
let cookie: string | undefined;
let known: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void collected.push(r) });
  const { account, configs } = await createAccount(t.db, { products: ['BQ_SELECTION'] });
  const { email, password } = await createUser(t.db, account.id);
  const http = new TestClient(t.app);
  expect((await http.login(email, password)).statusCode).toBe(200);
  cookie = http.cookie;
  known = { productConfigurationId: configs[0]!.id, productType: 'BQ_SELECTION', email: 'someone@example.com', password: 'Correct-Horse-Battery-9' };
});
afterAll(() => t.close());

const isNameField = (key: string) => /name$/i.test(key);

function nameRoutes(): { route: ApiRoute; field: string }[] {
  return apiRoutes(collected).flatMap((route) =>
    Object.entries(route.body?.properties ?? {})
      .filter(([key, schema]) => isNameField(key) && (schema.type === 'string' || schema.anyOf?.some((s) => s.type === 'string')))
      .map(([field]) => ({ route, field })),
  );
}

let ip = 0;
/** Each request from its own address: the sign-up routes' per-IP limits must not be what answers. */
async function send(route: ApiRoute, body: Record<string, unknown>) {
  ip += 1;
  const client = new TestClient(t.app, `10.77.${ip >> 8}.${ip & 255}`);
  client.cookie = cookie;
  return client.request(route.method as 'POST', buildUrl(route.url, { id: '00000000-0000-4000-8000-000000000000' }), body);
}

describe('names refuse control characters on every route', () => {
  it('finds the name fields in the route table', () => {
    const found = nameRoutes().map(({ route, field }) => `${route.method} ${route.url} ${field}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/u firstName',
        'POST /api/u lastName',
        'PATCH /api/admin/bq_user lastName',
        'POST /api/signup firstName',
        'POST /api/presignup/selfassessment lastName',
        'POST /api/admin/teams name',
        'POST /api/admin/repeated_measurement name',
        'POST /api/weight/profile name',
        'PUT /api/weight/profile/:id name',
      ]),
    );
  });

  it('refuses each control character in each name field with 400 and the field', async () => {
    const routes = nameRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const { route, field } of routes) {
      const body = sample(route.body, known) as Record<string, unknown>;
      for (const c of FORBIDDEN_IN_NAMES) {
        const res = await send(route, { ...body, [field]: `Ann${c}a` });
        const label = `${route.method} ${route.url} ${field} ${JSON.stringify(c)}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json().errorKey, label).toBe('error.validation');
        expect(res.json().fields, label).toContainEqual({ path: `body.${field}`, errorKey: NAME_CONTROL_CHARACTERS_KEY });
      }
      // NUL is refused before validation, by the input guard, for every field.
      const nul = await send(route, { ...body, [field]: 'Ann\u0000a' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().fields).toContainEqual({ path: `body.${field}`, errorKey: INVALID_CHARACTERS });
      // The same body with a clean name has no complaint about the field.
      const clean = await send(route, { ...body, [field]: 'Anne-Marie Käßmann' });
      const fields = (clean.json() as { fields?: { path: string }[] }).fields ?? [];
      expect(fields.filter((f) => f.path === `body.${field}`), `${route.method} ${route.url} ${field}`).toEqual([]);
    }
  }, 120_000);
});
