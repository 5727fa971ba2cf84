// Single sign-on per account through a local OpenID Connect provider (src/test/oidc-provider.ts) on the same code
// path as Entra ID or Okta: the whole code flow with PKCE, the first sign-in creating the evaluator, the refusals
// (state, nonce, issuer, audience, replay), domain claims and their confirmation, sign-on required and the stored secret.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, externalIdentities, ssoConnections, ssoDomains, users } from '../../db/schema';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { confirmDomain, lookupWhileSignInWaits, newDomain, newIp, signInThroughProvider, ssoAccount } from './sso-test-helpers';

let t: TestApp;
let provider: TestOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider();
  // The local provider listens on 127.0.0.1: allowed as an operator would allow an internal one (decision 0073).
  t = await createTestApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

describe('signing in through the account provider', () => {
  it('creates the evaluator in the account at the first sign-in, with the default permissions, and signs them in', async () => {
    const domain = newDomain();
    const { account } = await ssoAccount(t, provider, domain);
    const email = `greta@${domain}`;
    const lookup = await new TestClient(t.app).request('GET', `/api/sso/lookup?email=${encodeURIComponent(email)}`);
    expect(lookup.json()).toEqual({ method: 'SSO', protocol: 'OIDC' });

    provider.next({ claims: { given_name: 'Greta', family_name: 'Gauss', locale: 'de-DE' } });
    const { res, http } = await signInThroughProvider(t, email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: '/', created: true });
    // PKCE S256, state and nonce went to the provider; the address as login_hint.
    const sent = provider.lastAuthorization!;
    expect(sent.get('code_challenge_method')).toBe('S256');
    expect(sent.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.get('state')).toBeTruthy();
    expect(sent.get('nonce')).toBeTruthy();
    expect(sent.get('login_hint')).toBe(email);

    const me = (await http.request('GET', '/api/user')).json();
    expect(me).toMatchObject({ firstName: 'Greta', lastName: 'Gauss', locale: 'DE_DE' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.accountId).toBe(account.id);
    expect(user!.permissions).toEqual([
      { realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' },
      { realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' },
    ]);
    const again = await signInThroughProvider(t, email);
    expect(again.res.json()).toEqual({ redirectUrl: '/', created: false });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.accountId, account.id));
    expect(events.filter((e) => e.action === 'auth.sign_in_sso' && e.actorId === user!.id)).toHaveLength(2);
  });

  it('links an existing evaluator of the account by address instead of creating one', async () => {
    const domain = newDomain();
    const { account } = await ssoAccount(t, provider, domain);
    const existing = await createUser(t.db, account.id, { email: `lena@${domain}` });
    const { res, http } = await signInThroughProvider(t, existing.email);
    expect(res.json()).toEqual({ redirectUrl: '/', created: false });
    expect((await http.request('GET', '/api/user')).json().id).toBe(existing.user.id);
  });

  it.each([
    ['another state in the answer', { alter: (q: URLSearchParams) => q.set('state', 'forged-state-value') }, 'error.sso.state_mismatch'],
    ['the provider reporting an error', { alter: (q: URLSearchParams) => q.set('error', 'access_denied') }, 'error.sso.cancelled'],
  ])('refuses %s', async (_name, opts, errorKey) => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain);
    const { res, http } = await signInThroughProvider(t, `p@${domain}`, opts);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe(errorKey);
    expect(http.cookie).toBeUndefined();
  });

  it.each([
    ['a nonce of another attempt', { nonce: 'nonce-of-another-attempt' }, 'error.sso.nonce_mismatch'],
    ['another issuer', { iss: 'http://127.0.0.1:1/evil' }, 'error.sso.wrong_issuer'],
    ['another audience', { aud: 'someone-elses-client' }, 'error.sso.wrong_audience'],
    ['an unverified address', { email_verified: false }, 'error.sso.email_not_verified'],
    ['no claim vouching for the address', { email_verified: undefined, xms_edov: false }, 'error.sso.email_not_verified'],
    ['a signature by a key the provider never published', {}, 'error.sso.invalid_token'],
  ])('refuses an ID token with %s', async (name, claims, errorKey) => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain);
    const email = `x@${domain}`;
    provider.next({ claims, unpublishedKey: name.includes('never published') });
    const { res, http } = await signInThroughProvider(t, email);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe(errorKey);
    expect(http.cookie).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("accepts Microsoft Entra ID's verified-domain claim (xms_edov) where email_verified is missing", async () => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain);
    provider.next({ claims: { email_verified: undefined, xms_edov: true } });
    const { res } = await signInThroughProvider(t, `entra@${domain}`);
    expect(res.statusCode).toBe(200);
  });

  it('holds no database connection while the provider takes its time: another request answers meanwhile', async () => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain);
    provider.next({ tokenDelayMs: 3000 });
    const signingIn = signInThroughProvider(t, `slow@${domain}`);
    const { statusCode, waited } = await lookupWhileSignInWaits(t);
    expect(statusCode).toBe(200);
    // The code exchange inside the callback's unit of work held PGlite's one connection: the lookup waited seconds.
    expect(waited, `the lookup waited ${waited} ms`).toBeLessThan(1000);
    const { res } = await signingIn;
    expect(res.statusCode, res.body).toBe(200);
  });

  it('accepts an attempt once: the same cookie and answer again are refused, and without the cookie nothing happens', async () => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain);
    const first = await signInThroughProvider(t, `once@${domain}`);
    expect(first.res.statusCode).toBe(200);
    // The answer clears the cookie.
    expect(first.res.cookies.find((c) => c.name === 'bq_sso')?.value).toBe('');
    const replay = await first.again();
    expect(replay.json().errorKey).toBe('error.sso.attempt_replayed');
    const noCookie = await new TestClient(t.app, newIp()).request('POST', '/api/sso/oidc/callback', { callbackQuery: first.back.search });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json().errorKey).toBe('error.sso.attempt_missing');
  });

  it('refuses a person whose address is a user of another account', async () => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain);
    const other = await createAccount(t.db);
    const stranger = await createUser(t.db, other.account.id, { email: `stranger@${domain}` });
    const { res } = await signInThroughProvider(t, stranger.email);
    expect(res.json().errorKey).toBe('error.sso.other_account');
  });

  it('needs the X-Source header (no login CSRF)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sso/oidc/callback', payload: { callbackQuery: '?code=x&state=y' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('what the provider speaks for (docs/decisions/0062)', () => {
  it("refuses an off-domain address of the account's own admin, and links nothing", async () => {
    const domain = newDomain();
    const { account } = await ssoAccount(t, provider, domain);
    // The account owner at an address outside the confirmed domains (as the demo's admin@demo.example is).
    const owner = await createUser(t.db, account.id, { email: uniqueEmail('owner') });
    provider.next({ email: owner.email });
    const { res, http } = await signInThroughProvider(t, `anyone@${domain}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorKey).toBe('error.sso.foreign_domain');
    expect(http.cookie).toBeUndefined();
    expect(await t.db.select().from(externalIdentities).where(eq(externalIdentities.userId, owner.user.id))).toHaveLength(0);
  });

  it('creates no user for an off-domain address nobody has yet', async () => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain);
    const squatted = `someone@${newDomain()}`;
    provider.next({ email: squatted });
    const { res } = await signInThroughProvider(t, `anyone@${domain}`);
    expect([res.statusCode, res.json().errorKey]).toEqual([401, 'error.sso.foreign_domain']);
    expect(await t.db.select().from(users).where(eq(users.email, squatted))).toHaveLength(0);
  });

  it('refuses a user linked before the domain rule when their own address is off-domain', async () => {
    const domain = newDomain();
    const { account } = await ssoAccount(t, provider, domain);
    const owner = await createUser(t.db, account.id, { email: uniqueEmail('owner') });
    await t.db.insert(externalIdentities).values({ issuer: provider.url, subject: 'sub-linked-owner', userId: owner.user.id });
    provider.next({ sub: 'sub-linked-owner', email: `cover@${domain}` });
    const { res, http } = await signInThroughProvider(t, `cover@${domain}`);
    expect([res.statusCode, res.json().errorKey]).toEqual([401, 'error.sso.foreign_domain']);
    expect(http.cookie).toBeUndefined();
  });

  it('never signs in or links the break-glass admin through the provider, who keeps the password', async () => {
    const domain = newDomain();
    const { admin } = await ssoAccount(t, provider, domain, { signOnRequired: true });
    const { res, http } = await signInThroughProvider(t, admin.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.sso.break_glass_password_only');
    expect(http.cookie).toBeUndefined();
    expect(await t.db.select().from(externalIdentities).where(eq(externalIdentities.userId, admin.user.id))).toHaveLength(0);
    expect((await new TestClient(t.app, newIp()).login(admin.email, admin.password)).statusCode).toBe(200);
  });
});

describe('domains', () => {
  it('does not route the users of a domain until a platform operator confirmed it', async () => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain, { confirm: false });
    const email = `w@${domain}`;
    expect((await new TestClient(t.app).request('GET', `/api/sso/lookup?email=${email}`)).json()).toEqual({ method: 'PASSWORD' });
    const start = await new TestClient(t.app).request('POST', '/api/sso/oidc/start', { email });
    expect(start.statusCode).toBe(404);
    expect(start.json().errorKey).toBe('error.sso.not_available');
    await confirmDomain(t, domain);
    expect((await new TestClient(t.app).request('GET', `/api/sso/lookup?email=${email}`)).json()).toEqual({ method: 'SSO', protocol: 'OIDC' });
    expect((await new TestClient(t.app).request('GET', `/api/sso/lookup?email=someone@${newDomain()}`)).json()).toEqual({ method: 'PASSWORD' });
  });

  it('refuses a domain another account claimed, and saves nothing of that request', async () => {
    const domain = newDomain();
    await ssoAccount(t, provider, domain, { confirm: false });
    const second = await createAccount(t.db);
    const admin = await createUser(t.db, second.account.id);
    const http = new TestClient(t.app, newIp());
    await http.login(admin.email, admin.password);
    const mine = newDomain();
    const res = await http.request('PUT', '/api/account/sso', { issuer: provider.url, clientId: 'c', clientSecret: 's', domains: [mine, domain], signOnRequired: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorKey).toBe('error.sso.domain_taken');
    expect(await t.db.select().from(ssoDomains).where(eq(ssoDomains.domain, mine))).toHaveLength(0);
    expect(await t.db.select().from(ssoConnections).where(eq(ssoConnections.accountId, second.account.id))).toHaveLength(0);
  });

  it('lets only a platform operator confirm, and answers 404 for a domain nobody claimed', async () => {
    const domain = newDomain();
    const { adminHttp } = await ssoAccount(t, provider, domain, { confirm: false });
    const byAdmin = await adminHttp.request('POST', `/api/ops/sso/domains/${domain}/confirm`);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().errorKey).toBe('error.auth.operator_required');
    const ops = await createAccount(t.db);
    const operator = await createUser(t.db, ops.account.id, { platformOperator: true });
    const http = new TestClient(t.app, newIp());
    await http.login(operator.email, operator.password);
    expect((await http.request('POST', `/api/ops/sso/domains/${newDomain()}/confirm`)).statusCode).toBe(404);
    expect((await http.request('POST', '/api/ops/sso/domains/not_a_domain/confirm')).statusCode).toBe(400);
  });
});

describe('settings', () => {
  it('stores the client secret encrypted, never answers it, and keeps it when saved without one', async () => {
    const domain = newDomain();
    const { account, adminHttp, clientSecret } = await ssoAccount(t, provider, domain);
    const [row] = await t.db.select().from(ssoConnections).where(eq(ssoConnections.accountId, account.id));
    expect(row!.clientSecretEncrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(row!.clientSecretEncrypted).not.toContain(clientSecret);
    const got = await adminHttp.request('GET', '/api/account/sso');
    expect(got.body).not.toContain(clientSecret);
    expect(got.json()).toMatchObject({ configured: true, clientSecretSet: true, issuer: provider.url, domains: [{ domain }], redirectUri: `${t.config.publicUrl}/login/sso` });
    const saved = await adminHttp.request('PUT', '/api/account/sso', { issuer: provider.url, clientId: got.json().clientId, domains: [domain], signOnRequired: false });
    expect(saved.statusCode).toBe(200);
    // Still works with the kept secret.
    expect((await signInThroughProvider(t, `kept@${domain}`)).res.statusCode).toBe(200);
  });

  it('is for the account admin only', async () => {
    const acc = await createAccount(t.db);
    const adviser = await createUser(t.db, acc.account.id, { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const http = new TestClient(t.app, newIp());
    await http.login(adviser.email, adviser.password);
    expect((await http.request('GET', '/api/account/sso')).statusCode).toBe(403);
  });

  it('asks for a break-glass admin of the account before sign-on is required', async () => {
    const domain = newDomain();
    const { adminHttp, clientId } = await ssoAccount(t, provider, domain);
    const body = { issuer: provider.url, clientId, domains: [domain], signOnRequired: true };
    expect((await adminHttp.request('PUT', '/api/account/sso', body)).json().errorKey).toBe('error.sso.break_glass_required');
    const res = await adminHttp.request('PUT', '/api/account/sso', { ...body, breakGlassEmail: uniqueEmail('nobody') });
    expect(res.json().errorKey).toBe('error.sso.break_glass_unknown');
  });
});

describe('sign-on required', () => {
  it("refuses the password of the domain's users, except the break-glass admin", async () => {
    const domain = newDomain();
    const { account, admin } = await ssoAccount(t, provider, domain, { signOnRequired: true });
    const member = await createUser(t.db, account.id, { email: `member@${domain}` });
    const refused = await new TestClient(t.app, newIp()).login(member.email, member.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.sso.sign_on_required');
    // A wrong password is still just wrong (the rule comes after it).
    expect((await new TestClient(t.app, newIp()).login(member.email, 'Wrong-Password-1!')).statusCode).toBe(401);
    expect((await new TestClient(t.app, newIp()).login(admin.email, admin.password)).statusCode).toBe(200);
    // The member signs in through the provider.
    expect((await signInThroughProvider(t, member.email)).res.json()).toEqual({ redirectUrl: '/', created: false });
    // Users of other domains of no account are not affected.
    const outsider = await createUser(t.db, account.id);
    expect((await new TestClient(t.app, newIp()).login(outsider.email, outsider.password)).statusCode).toBe(200);
  });
});

describe('switching sign-on required on', () => {
  it("ends the open sessions of the domain's users, except the break-glass admin's, and no one else's", async () => {
    const domain = newDomain();
    const { account, admin, adminHttp, clientId } = await ssoAccount(t, provider, domain);
    const member = await createUser(t.db, account.id, { email: `member@${domain}` });
    const outsider = await createUser(t.db, account.id);
    const memberHttp = new TestClient(t.app, newIp());
    const outsiderHttp = new TestClient(t.app, newIp());
    expect((await memberHttp.login(member.email, member.password)).statusCode).toBe(200);
    expect((await outsiderHttp.login(outsider.email, outsider.password)).statusCode).toBe(200);
    const body = { issuer: provider.url, clientId, domains: [domain], breakGlassEmail: admin.email };
    // Saving with it off ends nothing.
    expect((await adminHttp.request('PUT', '/api/account/sso', { ...body, signOnRequired: false })).statusCode).toBe(200);
    expect((await memberHttp.request('GET', '/api/user')).statusCode).toBe(200);

    expect((await adminHttp.request('PUT', '/api/account/sso', { ...body, signOnRequired: true })).statusCode).toBe(200);
    expect((await memberHttp.request('GET', '/api/user')).statusCode).toBe(401);
    expect((await adminHttp.request('GET', '/api/user')).statusCode).toBe(200);
    expect((await outsiderHttp.request('GET', '/api/user')).statusCode).toBe(200);
    // Signed in again through the provider, the member stays signed in when the settings are saved again.
    const again = await signInThroughProvider(t, member.email);
    expect(again.res.statusCode).toBe(200);
    expect((await adminHttp.request('PUT', '/api/account/sso', { ...body, signOnRequired: true })).statusCode).toBe(200);
    expect((await again.http.request('GET', '/api/user')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('shows every single sign-on call with its request, answer and error keys', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = {
      getSsoSettings: doc.paths['/api/account/sso']?.get,
      updateSsoSettings: doc.paths['/api/account/sso']?.put,
      lookupSignInMethod: doc.paths['/api/sso/lookup']?.get,
      startSsoSignIn: doc.paths['/api/sso/oidc/start']?.post,
      finishSsoSignIn: doc.paths['/api/sso/oidc/callback']?.post,
      confirmSsoDomain: doc.paths['/api/ops/sso/domains/{domain}/confirm']?.post,
    };
    for (const [operationId, op] of Object.entries(ops)) expect(op?.operationId, operationId).toBe(operationId);
    expect(ops.updateSsoSettings.requestBody).toBeDefined();
    expect(JSON.stringify(ops.updateSsoSettings.responses['409'])).toContain('error.sso.domain_taken');
    const callbackErrors = JSON.stringify(ops.finishSsoSignIn.responses['401']);
    for (const key of ['error.sso.state_mismatch', 'error.sso.nonce_mismatch', 'error.sso.wrong_issuer', 'error.sso.wrong_audience']) {
      expect(callbackErrors).toContain(key);
    }
  });
});
