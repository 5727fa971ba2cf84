// SCIM 2.0 provisioning (issue 24 point 6, docs/decisions/0047) with the request sequences Entra ID and Okta send, the
// token's refusals, and what deactivation ends at once (sessions, API credentials).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, ssoDomains, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { createApiCredential } from '../api-credentials/api-credential-service';

const collected: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void collected.push(r) });
});
afterAll(() => t.close());

const SCIM = 'application/scim+json';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** An account with a signed-in admin who issued the account's SCIM token, and a domain a platform operator confirmed. */
async function accountWithToken() {
  const { account } = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'] });
  const { email, password } = await createUser(t.db, account.id);
  const admin = new TestClient(t.app);
  expect((await admin.login(email, password)).statusCode).toBe(200);
  const issued = await admin.request('POST', '/api/sso/scim/token');
  expect(issued.statusCode).toBe(201);
  const domain = `bank-${randomUUID().slice(0, 8)}.example`;
  await t.db.insert(ssoDomains).values({ domain, accountId: account.id, confirmedAt: new Date() });
  return { accountId: account.id, admin, domain, token: issued.json().token as string };
}

function scim(token: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: SCIM, ...(body !== undefined ? { 'content-type': SCIM } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

const filterUrl = (userName: string) => `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`;
const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
  externalId: `ext-${randomUUID()}`,
  ...extra,
});

describe('SCIM provisioning', () => {
  it('answers the Entra ID sequence: filter -> empty list, create, PATCH Replace with "False" deactivates, "True" reactivates', async () => {
    const { accountId, token } = await accountWithToken();
    const email = `Ada.${randomUUID()}@Example.com`;

    const empty = await scim(token, 'GET', filterUrl(email));
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toContain(SCIM);
    expect(empty.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] });

    const created = await scim(token, 'POST', '/scim/v2/Users', newUser(email, { externalId: 'entra-object-id-1' }));
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ userName: email.toLowerCase(), active: true, externalId: 'entra-object-id-1', name: { givenName: 'Ada', familyName: 'Lovelace' } });
    expect(created.headers.location).toBe(`/scim/v2/Users/${user.id}`);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ accountId, email: email.toLowerCase(), firstName: 'Ada', active: true });
    // An everyday evaluator of the account's products, no administration.
    expect(row!.permissions).toEqual([
      { realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' },
      { realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' },
    ]);

    // The filter finds the user whatever the case of the address.
    const found = await scim(token, 'GET', filterUrl(email.toUpperCase()));
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ id: user.id }] });

    const rename = await scim(token, 'PATCH', `/scim/v2/Users/${user.id}`, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Augusta' },
        { op: 'Add', path: 'displayName', value: 'Augusta Ada Lovelace' },
      ],
    });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().name.givenName).toBe('Augusta');

    const off = await scim(token, 'PATCH', `/scim/v2/Users/${user.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const on = await scim(token, 'PATCH', `/scim/v2/Users/${user.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(on.json().active).toBe(true);

    await t.app.audit.flush();
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.accountId, accountId));
    const scimEvents = events.filter((e) => e.action.startsWith('scim.user'));
    expect(scimEvents.map((e) => [e.action, e.actorKind, e.actorId])).toEqual([
      ['scim.user_provision', 'SYSTEM', 'scim'],
      ['scim.user_update', 'SYSTEM', 'scim'],
      ['scim.user_update', 'SYSTEM', 'scim'],
      ['scim.user_update', 'SYSTEM', 'scim'],
    ]);
    expect(scimEvents[2]!.details).toMatchObject({ userId: user.id, deactivated: true });
    expect(events.map((e) => e.action)).toContain('scim.token_issue');
  });

  it('answers the Okta sequence: filter, create, get by id, PUT replace, PATCH active false, and DELETE hides the user', async () => {
    const { domain, token } = await accountWithToken();
    const email = `grace.${randomUUID()}@example.com`;
    expect((await scim(token, 'GET', `${filterUrl(email)}&startIndex=1&count=100`)).json()).toMatchObject({ totalResults: 0, startIndex: 1 });
    const id = (await scim(token, 'POST', '/scim/v2/Users', newUser(email, { name: { givenName: 'Grace', familyName: 'Hopper' } }))).json().id as string;

    const got = await scim(token, 'GET', `/scim/v2/Users/${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id, userName: email, emails: [{ value: email, primary: true }], meta: { resourceType: 'User' } });

    // A new address: one of the account's confirmed domains (docs/decisions/0062).
    const newEmail = `g.hopper.${randomUUID()}@${domain}`;
    const put = await scim(token, 'PUT', `/scim/v2/Users/${id}`, newUser(newEmail, { name: { givenName: 'Grace', familyName: 'Murray Hopper' } }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ userName: newEmail, name: { familyName: 'Murray Hopper' } });

    const off = await scim(token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.json().active).toBe(false);

    // Paging over the account's users SCIM manages (not the admin who issued the token).
    await scim(token, 'POST', '/scim/v2/Users', newUser(`second.${randomUUID()}@example.com`));
    const page = (await scim(token, 'GET', '/scim/v2/Users?startIndex=2&count=1')).json();
    expect(page).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(page.Resources).toHaveLength(1);

    expect((await scim(token, 'DELETE', `/scim/v2/Users/${id}`)).statusCode).toBe(204);
    expect((await scim(token, 'GET', `/scim/v2/Users/${id}`)).statusCode).toBe(404);
    expect((await scim(token, 'GET', filterUrl(newEmail))).json().totalResults).toBe(0);
    // Created again from the directory: the same row comes back, active.
    const revived = await scim(token, 'POST', '/scim/v2/Users', newUser(newEmail));
    expect(revived.statusCode).toBe(201);
    expect(revived.json()).toMatchObject({ id, active: true });
  });

  it('refuses a taken address with 409 uniqueness, a bad filter with 400 invalidFilter, a bad body with 400', async () => {
    const { token } = await accountWithToken();
    const other = await accountWithToken();
    const email = `taken.${randomUUID()}@example.com`;
    expect((await scim(other.token, 'POST', '/scim/v2/Users', newUser(email))).statusCode).toBe(201);
    const taken = await scim(token, 'POST', '/scim/v2/Users', newUser(email));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '409', scimType: 'uniqueness' });
    expect(taken.json().detail).toMatch(/^error\.scim\.user_name_taken: /);

    const badFilter = await scim(token, 'GET', `/scim/v2/Users?filter=${encodeURIComponent('userName eqq "x"')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect(badFilter.json().detail).toMatch(/^error\.scim\.invalid_filter: /);

    const notEmail = await scim(token, 'POST', '/scim/v2/Users', newUser('not-an-address'));
    expect(notEmail.statusCode).toBe(400);
    expect(notEmail.json()).toMatchObject({ scimType: 'invalidValue' });
    const malformed = await t.app.inject({ method: 'POST', url: '/scim/v2/Users', headers: { authorization: `Bearer ${token}`, 'content-type': SCIM }, payload: '{"userName":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ scimType: 'invalidSyntax' });
    expect((await scim(token, 'GET', '/scim/v2/Users?count=abc')).statusCode).toBe(400);
    expect((await scim(token, 'GET', '/scim/v2/Nothing')).json()).toMatchObject({ status: '404' });
  });

  it('refuses no token, a wrong token, a revoked or replaced token, and shows nothing to another account', async () => {
    const { admin, token } = await accountWithToken();
    const other = await accountWithToken();
    const id = (await scim(token, 'POST', '/scim/v2/Users', newUser(`mine.${randomUUID()}@example.com`))).json().id as string;

    for (const [what, bearer] of [['no token', null], ['wrong token', `bqscim_${'x'.repeat(43)}`], ['API credential shape', 'bqk_abc']] as const) {
      const res = await scim(bearer, 'GET', '/scim/v2/Users');
      expect(res.statusCode, what).toBe(401);
      expect(res.json().detail, what).toMatch(/^error\.scim\.token_invalid: /);
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
    // Another account's token: the user is missing, exactly like a random id, and lists show none of this account.
    for (const method of ['GET', 'DELETE'] as const) {
      const foreign = await scim(other.token, method, `/scim/v2/Users/${id}`);
      const missing = await scim(other.token, method, `/scim/v2/Users/${randomUUID()}`);
      expect([foreign.statusCode, foreign.json().status]).toEqual([404, '404']);
      expect(foreign.statusCode).toBe(missing.statusCode);
    }
    expect((await scim(other.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'active', value: false }] })).statusCode).toBe(404);
    expect((await scim(other.token, 'GET', '/scim/v2/Users')).json().Resources.map((u: { id: string }) => u.id)).not.toContain(id);
    expect((await t.db.select({ active: users.active }).from(users).where(eq(users.id, id)))[0]!.active).toBe(true);

    // A new token replaces the old one; revoking ends the new one.
    const renewed = (await admin.request('POST', '/api/sso/scim/token')).json().token as string;
    expect((await scim(token, 'GET', '/scim/v2/Users')).statusCode).toBe(401);
    expect((await scim(renewed, 'GET', '/scim/v2/Users')).statusCode).toBe(200);
    expect((await admin.request('DELETE', '/api/sso/scim/token')).statusCode).toBe(200);
    expect((await scim(renewed, 'GET', '/scim/v2/Users')).statusCode).toBe(401);
    expect((await admin.request('DELETE', '/api/sso/scim/token')).statusCode).toBe(404);
  });

  it('ends a deactivated user\'s sessions and API credentials at once (PATCH active false, and DELETE)', async () => {
    const { accountId, domain, token } = await accountWithToken();
    for (const how of ['patch', 'delete'] as const) {
      // An everyday evaluator of the account's confirmed domain, created before the directory was connected.
      const { user, email, password } = await createUser(t.db, accountId, {
        email: `leaver.${how}.${randomUUID()}@${domain}`,
        permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }],
      });
      const browser = new TestClient(t.app);
      expect((await browser.login(email, password)).statusCode).toBe(200);
      expect((await browser.request('GET', '/api/user')).statusCode).toBe(200);
      const { secret } = await createApiCredential(t.db, { accountId, userId: user.id }, 'export script');
      const bearer = { authorization: `Bearer ${secret}` };
      expect((await new TestClient(t.app).request('GET', '/api/user', undefined, bearer)).statusCode).toBe(200);

      // The directory finds the existing user by address and deactivates it.
      const id = (await scim(token, 'GET', filterUrl(email))).json().Resources[0].id as string;
      expect(id).toBe(user.id);
      const res =
        how === 'patch'
          ? await scim(token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] })
          : await scim(token, 'DELETE', `/scim/v2/Users/${id}`);
      expect(res.statusCode, how).toBeLessThan(300);

      expect((await browser.request('GET', '/api/user')).statusCode, how).toBe(401);
      const call = await new TestClient(t.app).request('GET', '/api/user', undefined, bearer);
      expect([call.statusCode, call.json().errorKey], how).toEqual([401, 'error.auth.api_credential_invalid']);
      expect((await browser.login(email, password)).statusCode, how).not.toBe(200);
    }
  });

  it('shows the token status to the account admin only, never the token; the discovery documents describe the service', async () => {
    const { accountId, admin, token } = await accountWithToken();
    const status = await admin.request('GET', '/api/sso/scim/token');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ exists: true, baseUrl: expect.stringMatching(/\/scim\/v2$/) });
    expect(status.body).not.toContain(token);
    await scim(token, 'GET', '/scim/v2/Users');
    expect((await admin.request('GET', '/api/sso/scim/token')).json().lastUsedAt).not.toBeNull();

    const { email, password } = await createUser(t.db, accountId, { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const evaluator = new TestClient(t.app);
    await evaluator.login(email, password);
    expect((await evaluator.request('POST', '/api/sso/scim/token')).statusCode).toBe(403);
    expect((await evaluator.request('GET', '/api/sso/scim/token')).statusCode).toBe(403);

    const config = (await scim(token, 'GET', '/scim/v2/ServiceProviderConfig')).json();
    expect(config).toMatchObject({ patch: { supported: true }, filter: { supported: true }, authenticationSchemes: [{ type: 'oauthbearertoken' }] });
    const types = (await scim(token, 'GET', '/scim/v2/ResourceTypes')).json();
    expect(types.Resources.map((r: { name: string }) => r.name)).toEqual(['User']);
    const schemas = (await scim(token, 'GET', '/scim/v2/Schemas')).json();
    expect(schemas.Resources.map((r: { id: string }) => r.id)).toContain(USER_SCHEMA);
    expect((await scim(null, 'GET', '/scim/v2/Schemas')).statusCode).toBe(401);
  });

  it('documents the token calls and the SCIM routes in the OpenAPI document, the latter with the SCIM token as security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/sso/scim/token', '/scim/v2/Users', '/scim/v2/Users/{id}', '/scim/v2/ServiceProviderConfig', '/scim/v2/ResourceTypes', '/scim/v2/Schemas']));
    expect(Object.keys(doc.paths['/scim/v2/Users/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(doc.paths['/scim/v2/Users'].post.security).toEqual([{ scimToken: [] }]);
    expect(doc.components.securitySchemes.scimToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/sso/scim/token'].post.responses['201']).toBeDefined();
  });

  it('makes every SCIM route declare its own authorization and its audit action (the route-table rules outside /api)', () => {
    const routes = collected.filter((r) => r.url.startsWith('/scim/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const wrong = routes.filter((r) => {
      const config = r.config as FastifyContextConfig | undefined;
      return config?.ownAuthorization !== true || config.audit === undefined;
    });
    expect(wrong.map((r) => `${String(r.method)} ${r.url}`)).toEqual([]);
  });
});

