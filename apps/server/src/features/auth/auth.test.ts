// Sign-in, sign-out, sessions, CSRF, rate limiting and password change, through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';

let t: TestApp;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '6' });
  accountId = (await createAccount(t.db)).account.id;
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('signs in with the right password and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const { email, password } = await createUser(t.db, accountId, { firstName: 'Jana' });
    const client = new TestClient(t.app);
    const res = await client.login(email, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: '/' });
    const cookie = res.cookies.find((c) => c.name === 'bq_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
    const me = await client.request('GET', '/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().firstName).toBe('Jana');
  });

  it('accepts the e-mail in any letter case', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const res = await new TestClient(t.app).login(email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
  });

  it('marks the cookie Secure when the request came over HTTPS behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const { account } = await createAccount(proxied.db);
      const { email, password } = await createUser(proxied.db, account.id);
      const res = await new TestClient(proxied.app).request('POST', '/api/login', { email, password }, { 'x-forwarded-proto': 'https' });
      expect(res.cookies.find((c) => c.name === 'bq_session')?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a wrong password and an unknown e-mail alike with 401 error.auth.invalid_credentials', async () => {
    const { email } = await createUser(t.db, accountId);
    const wrong = await new TestClient(t.app, '10.0.0.2').login(email, 'Not-The-Password-1!');
    const unknown = await new TestClient(t.app, '10.0.0.2').login(uniqueEmail('ghost'), 'Whatever-Password-1!');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errorKey).toBe('error.auth.invalid_credentials');
      expect(res.cookies.find((c) => c.name === 'bq_session')).toBeUndefined();
    }
  });

  it('refuses a deactivated user', async () => {
    const { email, password, user } = await createUser(t.db, accountId);
    const { users } = await import('../../db/schema');
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const res = await new TestClient(t.app, '10.0.0.9').login(email, password);
    expect(res.statusCode).toBe(401);
  });

  it('rate-limits repeated failures for one e-mail with 429, even for the right password afterwards', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const client = new TestClient(t.app, '10.0.0.3');
    for (let i = 0; i < 3; i++) expect((await client.login(email, 'Wrong-Password-1!')).statusCode).toBe(401);
    const limited = await client.login(email, password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorKey).toBe('error.auth.too_many_sign_in_attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account's e-mail from another address is not affected.
    const other = await createUser(t.db, accountId);
    expect((await new TestClient(t.app, '10.0.0.4').login(other.email, other.password)).statusCode).toBe(200);
  });

  it('rate-limits repeated failures from one IP address across e-mails', async () => {
    const client = new TestClient(t.app, '10.0.0.5');
    for (let i = 0; i < 6; i++) expect((await client.login(uniqueEmail('spray'), 'Wrong-Password-1!')).statusCode).toBe(401);
    const { email, password } = await createUser(t.db, accountId);
    expect((await client.login(email, password)).statusCode).toBe(429);
  });

  it('honours a same-site redirect path and refuses open redirects', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const ok = await new TestClient(t.app).login(email, password, '/product/BQ_RISK?tab=clients');
    expect(ok.json().redirectUrl).toBe('/product/BQ_RISK?tab=clients');
    for (const hostile of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const res = await new TestClient(t.app).login(email, password, hostile);
      expect(res.statusCode).toBe(200);
      expect(res.json().redirectUrl).toBe('/');
    }
  });

  it('rotates the session id at sign-in and drops the old session', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const client = new TestClient(t.app);
    await client.login(email, password);
    const first = client.cookie;
    await client.login(email, password);
    expect(client.cookie).not.toBe(first);
    const stale = new TestClient(t.app);
    stale.cookie = first;
    expect((await stale.request('GET', '/api/user')).statusCode).toBe(401);
  });

  it('answers bad input with 400 and per-field error keys, never 500', async () => {
    const client = new TestClient(t.app);
    const missing = await client.request('POST', '/api/login', { email: 'not-an-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorKey).toBe('error.validation');
    expect(missing.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'body.email', errorKey: 'error.validation.invalid_email' },
        { path: 'body.password', errorKey: 'error.validation.required' },
      ]),
    );
    const malformed = await client.request('POST', '/api/login', '{"email": "a@b.c", ', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorKey).toBe('error.request.malformed_json');
    expect(malformed.body).not.toMatch(/at .*\.ts|stack/i);
    const wrongType = await client.request('POST', '/api/login', 'email=a', { 'content-type': 'text/plain' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().errorKey).toBe('error.request.unsupported_media_type');
  });
});

describe('CSRF defence', () => {
  it('refuses a state-changing cookie request without X-Source: web with 403 error.auth.csrf', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const client = new TestClient(t.app);
    await client.login(email, password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/settings',
      headers: { cookie: client.cookie! },
      payload: { locale: 'DE_DE' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.csrf');
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(login.statusCode).toBe(403);
    // Reads need no header.
    const read = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: client.cookie! } });
    expect(read.statusCode).toBe(200);
  });

  it('never authenticates by cookie when an Authorization header is present', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const client = new TestClient(t.app);
    await client.login(email, password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/user/settings',
      headers: { cookie: client.cookie!, authorization: 'Bearer nothing' },
      payload: { locale: 'DE_DE' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('401 for calls without a valid session', () => {
  it.each([
    ['GET', '/api/user'],
    ['GET', '/api/reminders/counts'],
    ['POST', '/api/admin/user/settings'],
    ['PATCH', '/api/user/00000000-0000-0000-0000-000000000000/password'],
  ] as const)('%s %s answers 401 error.auth.unauthorized', async (method, url) => {
    const res = await new TestClient(t.app).request(method, url, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe('error.auth.unauthorized');
  });

  it('refuses a forged or expired cookie', async () => {
    const forged = new TestClient(t.app);
    forged.cookie = 'bq_session=forged-token';
    expect((await forged.request('GET', '/api/user')).statusCode).toBe(401);
    const { email, password } = await createUser(t.db, accountId);
    const client = new TestClient(t.app);
    await client.login(email, password);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await client.request('GET', '/api/user')).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session so the same cookie no longer works', async () => {
    const { email, password } = await createUser(t.db, accountId);
    const client = new TestClient(t.app);
    await client.login(email, password);
    const cookie = client.cookie;
    expect((await client.request('POST', '/api/logout')).json()).toEqual({ ok: true });
    const replay = new TestClient(t.app);
    replay.cookie = cookie;
    expect((await replay.request('GET', '/api/user')).statusCode).toBe(401);
  });
});

describe('PATCH /api/user/{id}/password', () => {
  async function signedIn() {
    const created = await createUser(t.db, accountId);
    const client = new TestClient(t.app, `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    await client.login(created.email, created.password);
    return { ...created, client };
  }

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { user, email, password, client } = await signedIn();
    const res = await client.request('PATCH', `/api/user/${user.id}/password`, { currentPassword: password, password: 'Brand-New-Secret-42' });
    expect(res.statusCode).toBe(200);
    expect((await new TestClient(t.app, '10.2.0.1').login(email, 'Brand-New-Secret-42')).statusCode).toBe(200);
    expect((await new TestClient(t.app, '10.2.0.2').login(email, password)).statusCode).toBe(401);
    // The session that changed it stays signed in.
    expect((await client.request('GET', '/api/user')).statusCode).toBe(200);
  });

  it('signs out the user’s other sessions', async () => {
    const { user, email, password, client } = await signedIn();
    const otherDevice = new TestClient(t.app, '10.3.0.1');
    await otherDevice.login(email, password);
    await client.request('PATCH', `/api/user/${user.id}/password`, { currentPassword: password, password: 'Another-Secret-4242' });
    expect((await otherDevice.request('GET', '/api/user')).statusCode).toBe(401);
  });

  it('requires the right current password', async () => {
    const { user, client } = await signedIn();
    const res = await client.request('PATCH', `/api/user/${user.id}/password`, { currentPassword: 'Wrong-Current-1!', password: 'Brand-New-Secret-42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.password.current_wrong');
  });

  it('requires a current password at all', async () => {
    const { user, client } = await signedIn();
    const res = await client.request('PATCH', `/api/user/${user.id}/password`, { password: 'Brand-New-Secret-42' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toContainEqual({ path: 'body.currentPassword', errorKey: 'error.validation.required' });
  });

  it.each([
    ['too short', 'Sh0rt!pass', 'error.validation'],
    ['too weak (only lower case and digits)', 'onlylowercase123', 'error.password.weak'],
    ['too long', `Aa1!${'x'.repeat(125)}`, 'error.validation'],
  ])('refuses a new password that is %s', async (_label, newPassword, errorKey) => {
    const { user, password, client } = await signedIn();
    const res = await client.request('PATCH', `/api/user/${user.id}/password`, { currentPassword: password, password: newPassword });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe(errorKey);
  });

  it('refuses the current password as the new one', async () => {
    const { user, password, client } = await signedIn();
    const res = await client.request('PATCH', `/api/user/${user.id}/password`, { currentPassword: password, password });
    expect(res.json().errorKey).toBe('error.password.same_as_current');
  });

  it("treats another user's id like a missing one (404)", async () => {
    const { client, password } = await signedIn();
    const other = await createUser(t.db, accountId);
    const res = await client.request('PATCH', `/api/user/${other.user.id}/password`, { currentPassword: password, password: 'Brand-New-Secret-42' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorKey).toBe('error.not_found');
  });
});
