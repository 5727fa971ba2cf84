// Sign in with Google through the HTTP API against a local OpenID Connect issuer (src/test/oidc-issuer.ts): the
// same verification code as for accounts.google.com. Good tokens sign in (creating or linking the account); bad
// signature, audience, expiry, nonce, unverified e-mail and replay are refused with their errorKeys.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, externalIdentities, productConfigurations, users } from '../../db/schema';
import { startOidcIssuer, type TestIssuer } from '../../test/oidc-issuer';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';

const CLIENT_ID = 'bq-test-client.apps.example';
let t: TestApp;
let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startOidcIssuer(CLIENT_ID);
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_ISSUER: issuer.url });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

const newNonce = () => randomBytes(16).toString('base64url');
/** Each sign-in from an address of its own, so the per-IP limit (tested below) counts only where a test means it. */
const newIp = () => `10.${randomBytes(3).join('.')}`;

async function signIn(claims: Record<string, unknown>, opts: { nonce?: string; query?: string; unpublishedKey?: boolean; expiresInSeconds?: number } = {}) {
  const tokenNonce = (claims.nonce as string | undefined) ?? newNonce();
  const idToken = await issuer.idToken({ ...claims, nonce: tokenNonce }, opts);
  const http = new TestClient(t.app, newIp());
  const res = await http.request('POST', `/api/oauth/google${opts.query ?? ''}`, { idToken, nonce: opts.nonce ?? tokenNonce });
  return { res, http, idToken, nonce: tokenNonce };
}

describe('POST /api/oauth/google', () => {
  it('creates a SELF_SERVICE account on first sign-in, signs in with a session, and says where to go', async () => {
    const email = uniqueEmail('google');
    const { res, http } = await signIn({ email, given_name: 'Greta', family_name: 'Gauss', locale: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: '/product/BQ_ADVISORY_WEALTH', created: true });
    expect(http.cookie).toMatch(/^bq_session=/);
    const me = (await http.request('GET', '/api/user')).json();
    expect(me).toMatchObject({ firstName: 'Greta', lastName: 'Gauss', accountType: 'SELF_SERVICE', locale: 'DE_DE' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('creates the account with the productType of the query and lands on that product', async () => {
    const email = uniqueEmail('google');
    const { res } = await signIn({ email, name: 'Sam Self' }, { query: '?productType=BQ_PERFORMANCE_SELF_ASSESSMENT' });
    expect(res.json()).toEqual({ redirectUrl: '/product/BQ_PERFORMANCE_SELF_ASSESSMENT', created: true });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Sam', lastName: 'Self' });
    const configs = await t.db.select().from(productConfigurations).where(eq(productConfigurations.accountId, user!.accountId));
    expect(configs.map((c) => c.productType)).toEqual(['BQ_PERFORMANCE_SELF_ASSESSMENT']);
  });

  it('links an existing user by verified e-mail (any letter case) and signs in again by subject', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { user, email } = await createUser(t.db, acc.account.id);
    const sub = `sub-${randomBytes(4).toString('hex')}`;
    const first = await signIn({ sub, email: email.toUpperCase() });
    expect(first.res.json()).toEqual({ redirectUrl: '/', created: false });
    expect((await first.http.request('GET', '/api/user')).json().id).toBe(user.id);
    const [link] = await t.db.select().from(externalIdentities).where(eq(externalIdentities.subject, sub));
    expect(link!.userId).toBe(user.id);

    // The address changed at the issuer: the subject still finds the user.
    const again = await signIn({ sub, email: uniqueEmail('renamed') }, { query: '?productType=BQ_RISK' });
    expect(again.res.json()).toEqual({ redirectUrl: '/product/BQ_RISK', created: false });
    expect((await again.http.request('GET', '/api/user')).json().id).toBe(user.id);
    // A product the account does not have yet: the page that adds it.
    const other = await signIn({ sub, email }, { query: '?productType=BQ_SELECTION' });
    expect(other.res.json().redirectUrl).toBe('/BQ_SELECTION/add');
    const all = await t.db.select().from(accounts).where(eq(accounts.id, acc.account.id));
    expect(all).toHaveLength(1);
  });

  it.each([
    ['a signature by a key the issuer never published', {}, { unpublishedKey: true }, 'error.google.invalid_token'],
    ['another audience', { aud: 'someone-elses-client' }, {}, 'error.google.wrong_audience'],
    ['an expired token', {}, { expiresInSeconds: -120 }, 'error.google.token_expired'],
    ['another nonce than the browser used', {}, { nonce: 'a-different-nonce-0123456789' }, 'error.google.nonce_mismatch'],
    ['an unverified e-mail', { email_verified: false }, {}, 'error.google.email_not_verified'],
    ['another issuer', { iss: 'https://evil.example' }, {}, 'error.google.invalid_token'],
    ['a token issued two minutes in the future', { iat: Math.floor(Date.now() / 1000) + 120 }, {}, 'error.google.token_issued_in_future'],
    ['email_verified as the string "true"', { email_verified: 'true' }, {}, 'error.google.email_not_verified'],
    ['an e-mail with a space inside', { email: 'mia muster@example.com' }, {}, 'error.google.invalid_email'],
    ['an e-mail with a leading space', { email: ' refused.space@example.com' }, {}, 'error.google.invalid_email'],
  ])('refuses %s with 401', async (_name, claims, opts, errorKey) => {
    const email = uniqueEmail('refused');
    const { res, http } = await signIn({ email, ...claims }, opts);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe(errorKey);
    expect(http.cookie).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const sent = (claims as { email?: unknown }).email;
    if (typeof sent === 'string') expect(await t.db.select().from(users).where(eq(users.email, sent.trim().toLowerCase()))).toHaveLength(0);
  });

  it('asks a user with a second factor for it: no session until POST /api/login/2fa takes a code', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id);
    const owner = new TestClient(t.app, newIp());
    await owner.login(email, password);
    const { secret } = (await owner.request('POST', '/api/user/2fa/totp')).json() as { secret: string };
    expect((await owner.request('POST', '/api/user/2fa/totp/confirm', { code: await generate({ secret }) })).statusCode).toBe(200);

    const { res } = await signIn({ email }, { query: '?productType=BQ_RISK' });
    expect(res.json()).toEqual({ secondFactorRequired: true });
    expect(res.cookies.find((c) => c.name === 'bq_session')).toBeUndefined();
    const pending = res.cookies.find((c) => c.name === 'bq_2fa')!;
    // The next step's code (the confirming one is used up), as the authenticator shows it half a minute later.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/login/2fa',
      headers: { 'x-source': 'web', cookie: `bq_2fa=${pending.value}` },
      payload: { code },
    });
    expect(done.json()).toEqual({ redirectUrl: '/product/BQ_RISK' });
    expect(done.cookies.find((c) => c.name === 'bq_session')?.value).toBeTruthy();
  });

  it('accepts a token issued within the allowed clock skew (30 s ahead)', async () => {
    const { res } = await signIn({ email: uniqueEmail('skew'), iat: Math.floor(Date.now() / 1000) + 30 });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unverified e-mail even when it belongs to an existing user (no takeover)', async () => {
    const acc = await createAccount(t.db);
    const { email } = await createUser(t.db, acc.account.id);
    const { res } = await signIn({ email, email_verified: false });
    expect(res.json().errorKey).toBe('error.google.email_not_verified');
  });

  it('accepts a token once: the same token again is refused (replay)', async () => {
    const { res, idToken, nonce } = await signIn({ email: uniqueEmail('replay') });
    expect(res.statusCode).toBe(200);
    const again = await new TestClient(t.app).request('POST', '/api/oauth/google', { idToken, nonce });
    expect(again.statusCode).toBe(401);
    expect(again.json().errorKey).toBe('error.google.token_replayed');
  });

  it('refuses a garbled token, bad input and an unknown productType', async () => {
    const garbled = await new TestClient(t.app).request('POST', '/api/oauth/google', { idToken: 'not.a.jwt', nonce: newNonce() });
    expect(garbled.statusCode).toBe(401);
    expect(garbled.json().errorKey).toBe('error.google.invalid_token');
    for (const body of [{}, { idToken: 'x' }, { idToken: 'x', nonce: 'short' }]) {
      const res = await new TestClient(t.app).request('POST', '/api/oauth/google', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    const { res } = await signIn({ email: uniqueEmail('g') }, { query: '?productType=NOPE' });
    expect(res.statusCode).toBe(400);
  });

  it('stops a client that sends token after token: 20 attempts per IP in 10 minutes, valid or not, then 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const res = await new TestClient(t.app, ip).request('POST', '/api/oauth/google', { idToken: 'not.a.jwt', nonce: newNonce() });
      expect(res.statusCode).toBe(401);
    }
    // Even a valid token from that address waits; another address is not affected.
    const idToken = await issuer.idToken({ email: uniqueEmail('limited'), nonce: 'n-limited-0123456789' });
    const limited = await new TestClient(t.app, ip).request('POST', '/api/oauth/google', { idToken, nonce: 'n-limited-0123456789' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorKey).toBe('error.auth.too_many_attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await new TestClient(t.app, newIp()).request('POST', '/api/oauth/google', { idToken, nonce: 'n-limited-0123456789' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('needs the X-Source header like the password login (no login CSRF)', async () => {
    const nonce = newNonce();
    const idToken = await issuer.idToken({ email: uniqueEmail('csrf'), nonce });
    const res = await t.app.inject({ method: 'POST', url: '/api/oauth/google', payload: { idToken, nonce } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.csrf');
  });

  it('refuses a deactivated user', async () => {
    const acc = await createAccount(t.db);
    const { user, email } = await createUser(t.db, acc.account.id);
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const { res } = await signIn({ email });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe('error.auth.invalid_credentials');
  });

  it("offers the button's settings in the system config", async () => {
    const res = await new TestClient(t.app).request('GET', '/api/system/config');
    expect(res.json().googleSignIn).toEqual({ clientId: CLIENT_ID, authorizationEndpoint: `${issuer.url}/authorize` });
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('hides the button and answers 404 error.google.not_configured', async () => {
    const plain = await createTestApp();
    try {
      const config = await new TestClient(plain.app).request('GET', '/api/system/config');
      expect(config.json().googleSignIn).toBeNull();
      const res = await new TestClient(plain.app).request('POST', '/api/oauth/google', { idToken: 'x.y.z', nonce: newNonce() });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorKey).toBe('error.google.not_configured');
    } finally {
      await plain.close();
    }
  });
});
