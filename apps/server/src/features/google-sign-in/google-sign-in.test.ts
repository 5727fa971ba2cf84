// Sign in with Google through the HTTP API against a local OpenID Connect provider (src/test/oidc-provider.ts): the
// same code flow with PKCE as for accounts.google.com (start, the provider's redirect, the answer posted by
// /login/google). Good answers sign in (creating or linking the account); bad signature, audience, expiry, nonce,
// issuer, unverified e-mail, state and replay are refused with their errorKeys.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, externalIdentities, productConfigurations, users } from '../../db/schema';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { lookupWhileSignInWaits, newDomain, ssoAccount } from '../sso/sso-test-helpers';

const CLIENT_ID = 'bq-test-client.apps.example';
const CLIENT_SECRET = 'bq-test-client-secret';
let t: TestApp;
let issuer: TestOidcProvider;
beforeAll(async () => {
  issuer = await startOidcProvider();
  issuer.clients.set(CLIENT_ID, CLIENT_SECRET);
  // The local provider (as an account's provider, too) listens on 127.0.0.1: allowed as an operator would allow an internal one (decision 0073).
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: issuer.url, EGRESS_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

/** Each sign-in from an address of its own, so the per-IP limit (tested below) counts only where a test means it. */
const newIp = () => `10.${randomBytes(3).join('.')}`;

/** Start -> the provider (as Google, approving at once with these claims) -> the answer posted as /login/google does. */
async function signIn(
  claims: Record<string, unknown>,
  opts: { nonce?: string; productType?: string; unpublishedKey?: boolean; expiresInSeconds?: number; ip?: string; tokenDelayMs?: number; alter?: (q: URLSearchParams) => void } = {},
) {
  const http = new TestClient(t.app, opts.ip ?? newIp());
  const start = await http.request('POST', '/api/oauth/google/start', opts.productType ? { productType: opts.productType } : {});
  expect(start.statusCode).toBe(200);
  const cookie = start.cookies.find((c) => c.name === 'bq_google')!.value;
  const { email, sub, ...rest } = claims;
  const now = Math.floor(Date.now() / 1000);
  issuer.next({
    email: email as string,
    sub: sub as string | undefined,
    unpublishedKey: opts.unpublishedKey,
    tokenDelayMs: opts.tokenDelayMs,
    claims: { name: undefined, ...rest, ...(opts.expiresInSeconds !== undefined ? { exp: now + opts.expiresInSeconds } : {}), ...(opts.nonce ? { nonce: opts.nonce } : {}) },
  });
  const atProvider = await fetch(start.json().authorizationUrl, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  opts.alter?.(back.searchParams);
  const answer = (client = http) => client.request('POST', '/api/oauth/google', { callbackQuery: back.search }, { cookie: `bq_google=${cookie}` });
  const res = await answer();
  return { res, http, answer, back, cookie };
}

describe('POST /api/oauth/google/start and POST /api/oauth/google', () => {
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

  it('holds no database connection while Google takes its time: another request answers meanwhile', async () => {
    const signingIn = signIn({ email: uniqueEmail('google') }, { tokenDelayMs: 3000 });
    const { statusCode, waited } = await lookupWhileSignInWaits(t);
    expect(statusCode).toBe(200);
    // The code exchange inside the answer's unit of work held PGlite's one connection: the lookup waited seconds.
    expect(waited, `the lookup waited ${waited} ms`).toBeLessThan(1000);
    expect((await signingIn).res.statusCode).toBe(200);
  });

  it('creates the account with the productType of the query and lands on that product', async () => {
    const email = uniqueEmail('google');
    const { res } = await signIn({ email, name: 'Sam Self' }, { productType: 'BQ_PERFORMANCE_SELF_ASSESSMENT' });
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
    const again = await signIn({ sub, email: uniqueEmail('renamed') }, { productType: 'BQ_RISK' });
    expect(again.res.json()).toEqual({ redirectUrl: '/product/BQ_RISK', created: false });
    expect((await again.http.request('GET', '/api/user')).json().id).toBe(user.id);
    // A product the account does not have yet: the page that adds it.
    const other = await signIn({ sub, email }, { productType: 'BQ_SELECTION' });
    expect(other.res.json().redirectUrl).toBe('/BQ_SELECTION/add');
    const all = await t.db.select().from(accounts).where(eq(accounts.id, acc.account.id));
    expect(all).toHaveLength(1);
  });

  it.each([
    ['a signature by a key the issuer never published', {}, { unpublishedKey: true }, 'error.google.invalid_token'],
    ['another audience', { aud: 'someone-elses-client' }, {}, 'error.google.wrong_audience'],
    ['an expired token', {}, { expiresInSeconds: -120 }, 'error.google.invalid_token'],
    ['another nonce than the browser used', {}, { nonce: 'a-different-nonce-0123456789' }, 'error.google.nonce_mismatch'],
    ['an unverified e-mail', { email_verified: false }, {}, 'error.google.email_not_verified'],
    ['another issuer', { iss: 'https://evil.example' }, {}, 'error.google.invalid_token'],
    ['a token issued two minutes in the future', { iat: Math.floor(Date.now() / 1000) + 120 }, {}, 'error.google.invalid_token'],
    ['an answer with another state', {}, { alter: (q: URLSearchParams) => q.set('state', 'not-ours') }, 'error.google.state_mismatch'],
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

    const { res } = await signIn({ email }, { productType: 'BQ_RISK' });
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

  it('accepts an attempt once: its cookie and answer again are refused (replay); without the cookie nothing happens', async () => {
    const { res, answer, back } = await signIn({ email: uniqueEmail('replay') });
    expect(res.statusCode).toBe(200);
    const again = await answer(new TestClient(t.app, newIp()));
    expect(again.statusCode).toBe(401);
    expect(again.json().errorKey).toBe('error.google.token_replayed');
    const noCookie = await new TestClient(t.app, newIp()).request('POST', '/api/oauth/google', { callbackQuery: back.search });
    expect(noCookie.json().errorKey).toBe('error.google.attempt_missing');
  });

  it('refuses a forged cookie, bad input and an unknown productType', async () => {
    const forged = await new TestClient(t.app).request('POST', '/api/oauth/google', { callbackQuery: '?code=x&state=y' }, { cookie: 'bq_google=v1.a.b.c' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().errorKey).toBe('error.google.attempt_missing');
    for (const body of [{}, { callbackQuery: '' }, { idToken: 'x', nonce: 'n' }]) {
      const res = await new TestClient(t.app).request('POST', '/api/oauth/google', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
    const res = await new TestClient(t.app).request('POST', '/api/oauth/google/start', { productType: 'NOPE' });
    expect(res.statusCode).toBe(400);
  });

  it('asks Google for a code with PKCE (S256), state and nonce, to come back to /login/google', async () => {
    const start = await new TestClient(t.app).request('POST', '/api/oauth/google/start', {});
    const url = new URL(start.json().authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${issuer.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${t.config.publicUrl}/login/google`,
      scope: 'openid email profile',
    });
    for (const name of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = start.cookies.find((c) => c.name === 'bq_google')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/oauth/google' });
    expect(cookie.value).not.toContain(url.searchParams.get('state'));
  });

  it('stops a client that sends answer after answer: 20 attempts per IP in 10 minutes, valid or not, then 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const res = await new TestClient(t.app, ip).request('POST', '/api/oauth/google', { callbackQuery: '?code=x&state=y' });
      expect(res.statusCode).toBe(401);
    }
    // Even a valid answer from that address waits.
    const limited = await signIn({ email: uniqueEmail('limited') }, { ip });
    expect(limited.res.statusCode).toBe(429);
    expect(limited.res.json().errorKey).toBe('error.auth.too_many_attempts');
    expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn({ email: uniqueEmail('elsewhere') })).res.statusCode).toBe(200);
  });

  it('needs the X-Source header like the password login (no login CSRF)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/oauth/google', payload: { callbackQuery: '?code=x&state=y' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.csrf');
  });

  it("refuses an address an account routes to its own provider with sign-on required: no link, no new account, no old link (issue 36 point 12)", async () => {
    const domain = newDomain();
    const { account } = await ssoAccount(t, issuer, domain, { signOnRequired: true });
    const member = await createUser(t.db, account.id, { email: `member@${domain}` });
    const sub = `sub-${randomBytes(4).toString('hex')}`;
    const linking = await signIn({ sub, email: member.email });
    expect([linking.res.statusCode, linking.res.json().errorKey]).toEqual([403, 'error.sso.sign_on_required']);
    expect(linking.http.cookie).toBeUndefined();
    expect(await t.db.select().from(externalIdentities).where(eq(externalIdentities.userId, member.user.id))).toHaveLength(0);

    const newcomer = `new-${randomBytes(3).toString('hex')}@${domain}`;
    const creating = await signIn({ email: newcomer });
    expect(creating.res.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, newcomer))).toHaveLength(0);

    // A Google account linked before the account required its provider signs in no more, whatever address Google says.
    const oldSub = `sub-${randomBytes(4).toString('hex')}`;
    await t.db.insert(externalIdentities).values({ issuer: issuer.url, subject: oldSub, userId: member.user.id });
    const linked = await signIn({ sub: oldSub, email: uniqueEmail('elsewhere') });
    expect([linked.res.statusCode, linked.res.json().errorKey]).toEqual([403, 'error.sso.sign_on_required']);
    expect(linked.http.cookie).toBeUndefined();
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

describe('without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', () => {
  it('hides the button and answers 404 error.google.not_configured', async () => {
    const plain = await createTestApp();
    try {
      const config = await new TestClient(plain.app).request('GET', '/api/system/config');
      expect(config.json().googleSignIn).toBeNull();
      for (const url of ['/api/oauth/google/start', '/api/oauth/google']) {
        const res = await new TestClient(plain.app).request('POST', url, url.endsWith('start') ? {} : { callbackQuery: '?code=x' });
        expect(res.statusCode).toBe(404);
        expect(res.json().errorKey).toBe('error.google.not_configured');
      }
    } finally {
      await plain.close();
    }
  });
});
