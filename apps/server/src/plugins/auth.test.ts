// The route guard every feature relies on: public routes, signed-in routes and declared permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../test/test-app';
import { createAccount, createUser } from '../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/public', { config: { audit: false, public: true } }, async () => ({ ok: true }));
    app.get('/api/test/signed-in', { config: { audit: false } }, async (request) => ({ userId: request.auth.userId }));
    // A public route may read the caller only as authOrNull; reading request.auth there is a bug that must not pass silently.
    app.get('/api/test/public-viewer', { config: { audit: false, public: true } }, async (request) => ({ userId: request.authOrNull?.userId ?? null }));
    app.get('/api/test/public-misread', { config: { audit: false, public: true } }, async (request) => ({ userId: request.auth.userId }));
    app.delete('/api/test/risk-client', { config: { audit: false, permission: { realm: 'BQ_RISK', entity: 'BQ_USER', action: 'DELETE' } } }, async () => ({ ok: true }));
  });
});
afterAll(() => t.close());

async function clientWith(permissions: { realm: string; entity: string; action: string }[]) {
  const { account } = await createAccount(t.db);
  const { email, password } = await createUser(t.db, account.id, { permissions });
  const client = new TestClient(t.app);
  await client.login(email, password);
  return client;
}

describe('route guard', () => {
  it('lets anyone reach a public route', async () => {
    expect((await new TestClient(t.app).request('GET', '/api/test/public')).statusCode).toBe(200);
  });

  it('requires a session on every route that is not declared public', async () => {
    const res = await new TestClient(t.app).request('GET', '/api/test/signed-in');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe('error.auth.unauthorized');
  });

  it('hands a signed-in route its caller as request.auth', async () => {
    const { account } = await createAccount(t.db);
    const { user, email, password } = await createUser(t.db, account.id);
    const client = new TestClient(t.app);
    await client.login(email, password);
    expect((await client.request('GET', '/api/test/signed-in')).json()).toEqual({ userId: user.id });
    expect((await client.request('GET', '/api/test/public-viewer')).json()).toEqual({ userId: user.id });
    expect((await client.request('GET', '/api/test/public-misread')).json()).toEqual({ userId: user.id });
  });

  it('gives a public route no caller as authOrNull = null, and refuses to read a missing request.auth (500, never undefined)', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.request('GET', '/api/test/public-viewer')).json()).toEqual({ userId: null });
    const misread = await anonymous.request('GET', '/api/test/public-misread');
    expect([misread.statusCode, misread.json().errorKey]).toEqual([500, 'error.general']);
  });

  it.each([
    ['the exact triple', [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'DELETE' }], 200],
    ['the triple in other letter case', [{ realm: 'bq_risk', entity: 'bq_user', action: 'delete' }], 200],
    ['ALL/ALL/ALL', [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }], 200],
    ['the realm with ALL entities and actions', [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }], 200],
    ['another realm only', [{ realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' }], 403],
    ['a read permission only', [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }], 403],
    ['no permissions', [], 403],
  ])('with %s answers %i', async (_label, permissions, status) => {
    const client = await clientWith(permissions);
    const res = await client.request('DELETE', '/api/test/risk-client');
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().errorKey).toBe('error.auth.forbidden');
  });
});
