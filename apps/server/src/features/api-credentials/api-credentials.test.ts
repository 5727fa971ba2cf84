// API credentials through the HTTP API: create (secret once, stored hashed), list, revoke; the secret as a Bearer
// token called like curl would (no cookie, no X-Source), scoped to its account, refused after revocation, and
// never usable on the session-only routes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@bq/domain/permissions';
import { apiCredentials, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { hashSecret } from './credential-auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function admin(permissions?: Permission[]) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
  const { email, password, user } = await createUser(t.db, acc.account.id, { ...(permissions ? { permissions } : {}) });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, user, account: acc.account, configId: acc.configs[0]!.id };
}

async function createCredential(http: TestClient, description = 'CRM export') {
  const res = await http.request('POST', '/api/management/credentials', { description });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; secret: string; description: string };
}

/** A call as curl would make it: only the Authorization header, no cookie, no X-Source. */
function bearer(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, secret: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, accept: 'application/json' }, ...(payload ? { payload } : {}) });
}

describe('POST /api/management/credentials', () => {
  it('returns a prefixed 256-bit secret once and stores only its SHA-256', async () => {
    const { http, user, account } = await admin();
    const created = await createCredential(http, '  Nightly CRM sync  ');
    expect(created.secret).toMatch(/^bqk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ description: 'Nightly CRM sync', account: { id: account.id }, user: { id: user.id }, lastUsedAt: null });
    const [row] = await t.db.select().from(apiCredentials).where(eq(apiCredentials.id, created.id));
    expect(row!.secretHash).toBe(hashSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = await http.request('GET', '/api/management/credentials');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().credentials).toEqual([expect.objectContaining({ id: created.id, description: 'Nightly CRM sync', validFrom: expect.any(String) })]);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain('secret');
  });

  it('gives every credential a different secret', async () => {
    const { http } = await admin();
    const a = await createCredential(http, 'a');
    const b = await createCredential(http, 'b');
    expect(a.secret).not.toBe(b.secret);
  });

  it.each([
    ['missing description', {}, 'error.validation.required'],
    ['blank description', { description: '   ' }, 'error.validation.required'],
    ['too long description', { description: 'x'.repeat(201) }, 'error.validation.too_long'],
  ])('refuses a %s with 400 error.validation', async (_name, body, fieldKey) => {
    const { http } = await admin();
    const res = await http.request('POST', '/api/management/credentials', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
    if (fieldKey !== 'error.validation.required' || 'description' in body) {
      expect(res.json().fields).toEqual([expect.objectContaining({ path: 'body.description', errorKey: fieldKey })]);
    }
  });

  it('refuses users without API_MANAGEMENT (403) and anonymous callers (401)', async () => {
    const { http } = await admin([{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    for (const [method, url] of [['GET', '/api/management/credentials'], ['POST', '/api/management/credentials'], ['DELETE', '/api/management/credentials/00000000-0000-4000-8000-000000000000']] as const) {
      const res = await http.request(method, url, method === 'POST' ? { description: 'x' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().errorKey).toBe('error.auth.forbidden');
      const anonymous = await new TestClient(t.app).request(method, url, method === 'POST' ? { description: 'x' } : undefined);
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('lets a user with API_MANAGEMENT only manage credentials', async () => {
    const { http } = await admin([{ realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'ALL' }]);
    const created = await createCredential(http);
    expect((await http.request('DELETE', `/api/management/credentials/${created.id}`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/management/credentials/{id}', () => {
  it("revokes; an unknown, an already revoked and another account's credential are all 404; a malformed id 400", async () => {
    const mine = await admin();
    const other = await admin();
    const created = await createCredential(mine.http);
    const foreign = await createCredential(other.http);

    const notMine = await mine.http.request('DELETE', `/api/management/credentials/${foreign.id}`);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().errorKey).toBe('error.not_found');
    expect((await bearer('GET', '/api/user', foreign.secret)).statusCode).toBe(200);

    expect((await mine.http.request('DELETE', `/api/management/credentials/${created.id}`)).json()).toEqual({ ok: true });
    expect((await mine.http.request('DELETE', `/api/management/credentials/${created.id}`)).statusCode).toBe(404);
    expect((await mine.http.request('DELETE', '/api/management/credentials/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await mine.http.request('DELETE', '/api/management/credentials/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
    expect((await mine.http.request('GET', '/api/management/credentials')).json().credentials).toEqual([]);
    expect((await other.http.request('GET', '/api/management/credentials')).json().credentials).toHaveLength(1);
  });
});

describe('Authorization: Bearer <secret>', () => {
  it('works on the API without cookie or X-Source, sets no cookie, and is refused (401) once revoked', async () => {
    const { http, user } = await admin();
    const { id, secret } = await createCredential(http);

    const me = await bearer('GET', '/api/user', secret);
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    expect(me.headers['set-cookie']).toBeUndefined();
    // A state-changing call: CSRF does not apply to a Bearer call (a browser never sends it on its own).
    const write = await bearer('POST', '/api/account/privacy_policy', secret, { texts: { EN_US: 'We keep answers for 5 years.' } });
    expect(write.statusCode).toBe(200);
    expect(write.headers['set-cookie']).toBeUndefined();

    const [used] = await t.db.select().from(apiCredentials).where(eq(apiCredentials.id, id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
    expect((await http.request('GET', '/api/management/credentials')).json().credentials[0].lastUsedAt).not.toBeNull();

    await http.request('DELETE', `/api/management/credentials/${id}`);
    const refused = await bearer('GET', '/api/user', secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errorKey).toBe('error.auth.api_credential_invalid');
  });

  it('is scoped to its account: another account\'s product configuration is 404', async () => {
    const mine = await admin();
    const other = await admin();
    const { secret } = await createCredential(mine.http);
    const own = await bearer('GET', `/api/participants?productConfigurationId=${mine.configId}`, secret);
    expect(own.statusCode).toBe(200);
    const foreign = await bearer('GET', `/api/participants?productConfigurationId=${other.configId}`, secret);
    expect(foreign.statusCode).toBe(404);
  });

  it("acts with the creating user's permissions, and stops when that user is deactivated", async () => {
    const { http, user } = await admin([{ realm: 'BQ_ADMIN', entity: 'API_MANAGEMENT', action: 'ALL' }]);
    const { secret } = await createCredential(http);
    const res = await bearer('POST', '/api/account/privacy_policy', secret, { texts: { EN_US: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.forbidden');
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await bearer('GET', '/api/user', secret)).statusCode).toBe(401);
  });

  it.each([
    ['an unknown secret', 'Bearer bqk_' + 'A'.repeat(43)],
    ['a secret without the prefix', 'Bearer ' + 'A'.repeat(47)],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty Bearer', 'Bearer '],
  ])('refuses %s with 401 error.auth.api_credential_invalid, even on public routes', async (_name, header) => {
    for (const url of ['/api/user', '/api/system/config']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
      expect(res.json().errorKey).toBe('error.auth.api_credential_invalid');
    }
  });

  it('never combines with the session cookie: a valid cookie plus a bad Bearer is 401', async () => {
    const { http } = await admin();
    const res = await http.request('GET', '/api/user', undefined, { authorization: 'Bearer bqk_nope' });
    expect(res.statusCode).toBe(401);
  });

  it('cannot manage credentials or change the password (403 error.auth.session_required)', async () => {
    const { http, user } = await admin();
    const { id, secret } = await createCredential(http);
    const calls = [
      bearer('GET', '/api/management/credentials', secret),
      bearer('POST', '/api/management/credentials', secret, { description: 'minted by a key' }),
      bearer('DELETE', `/api/management/credentials/${id}`, secret),
      bearer('PATCH', `/api/user/${user.id}/password`, secret, { currentPassword: 'x', password: 'Another-Password-2026!' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorKey).toBe('error.auth.session_required');
    }
    expect((await http.request('GET', '/api/management/credentials')).json().credentials).toHaveLength(1);
  });
});
