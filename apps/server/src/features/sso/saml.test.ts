// SAML 2.0 single sign-on per account through a local identity provider (src/test/saml-idp.ts) that signs its
// assertions with a test key, on the same code path as Entra ID or Okta: the SP-initiated sign-in creating the
// evaluator, and the refusals (unsigned, wrong key, audience, recipient, destination, expiry, unknown or reused
// InResponseTo, replayed assertion, signature wrapping, a comment in NameID, another account's domain).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { startSamlIdp, type TestSamlIdp } from '../../test/saml-idp';
import { selfSignedCertificate } from '../../test/self-signed-certificate';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { newDomain, newIp } from './sso-test-helpers';
import {
  b64,
  commentInNameId,
  movedSignatureAttack,
  postToAcs,
  refusal,
  samlAccount,
  signInWithSaml,
  startAtProvider,
  wrappedSignatureAttack,
} from './saml-test-helpers';

let t: TestApp;
let idp: TestSamlIdp;
beforeAll(async () => {
  idp = await startSamlIdp();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const signedIn = async (http: TestClient) => (await http.request('GET', '/api/user')).statusCode === 200;

describe('signing in through the account SAML provider', () => {
  it('creates the evaluator at the first sign-in with the default permissions, signs them in and lands where asked', async () => {
    const domain = newDomain();
    const { account, spEntityId, acsUrl } = await samlAccount(t, idp, domain);
    const email = `greta@${domain}`;
    const lookup = await new TestClient(t.app).request('GET', `/api/sso/lookup?email=${encodeURIComponent(email)}`);
    expect(lookup.json()).toEqual({ method: 'SSO', protocol: 'SAML' });

    const { res, http } = await signInWithSaml(t, idp, email, { nameId: email, attributes: { firstName: 'Greta', lastName: 'Gauss', locale: 'de-DE' } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/clients');
    // The AuthnRequest named this account's service provider and ACS.
    expect(idp.lastRequest).toMatchObject({ issuer: spEntityId, acsUrl });
    const me = (await http.request('GET', '/api/user')).json();
    expect(me).toMatchObject({ email, firstName: 'Greta', lastName: 'Gauss', locale: 'DE_DE' });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.accountId).toBe(account.id);
    expect(user!.permissions).toEqual([
      { realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' },
      { realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' },
    ]);
    const again = await signInWithSaml(t, idp, email);
    expect(again.res.headers.location).toBe('/clients');
    expect(await signedIn(again.http)).toBe(true);
    const events = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.actorId, user!.id)));
    expect(events.filter((e) => e.action === 'auth.sign_in_sso' && e.outcome === 'ALLOWED')).toHaveLength(2);
  });

  it('refuses the OpenID Connect start for a SAML domain, and the SAML start for an address no provider routes', async () => {
    const domain = newDomain();
    await samlAccount(t, idp, domain);
    const oidc = await new TestClient(t.app, newIp()).request('POST', '/api/sso/oidc/start', { email: `a@${domain}` });
    expect(oidc.json().errorKey).toBe('error.sso.not_available');
    const saml = await new TestClient(t.app, newIp()).request('POST', '/api/sso/saml/start', { email: `a@${newDomain()}` });
    expect(saml.statusCode).toBe(404);
    expect(saml.json().errorKey).toBe('error.sso.not_available');
  });
});

describe('refusals', () => {
  type Falsify = Parameters<TestSamlIdp['next']>[0];
  const cases: [string, (email: string) => Falsify, string][] = [
    ['an unsigned assertion', (email) => ({ nameId: email, sign: false }), 'error.sso.saml_invalid_signature'],
    ['an assertion signed by a key the account never trusted', (email) => ({ nameId: email, key: selfSignedCertificate('Evil IdP') }), 'error.sso.saml_invalid_signature'],
    ['another audience', (email) => ({ nameId: email, audience: 'https://someone-else.example/sp' }), 'error.sso.wrong_audience'],
    ['another recipient', (email) => ({ nameId: email, recipient: 'https://someone-else.example/acs' }), 'error.sso.saml_wrong_recipient'],
    ['another destination', (email) => ({ nameId: email, destination: 'https://someone-else.example/acs' }), 'error.sso.saml_wrong_recipient'],
    ['an expired NotOnOrAfter', (email) => ({ nameId: email, notOnOrAfter: new Date(Date.now() - 5 * 60_000) }), 'error.sso.saml_expired'],
    ['another issuer', (email) => ({ nameId: email, issuer: 'https://evil.example/idp' }), 'error.sso.wrong_issuer'],
    ['an InResponseTo the app never sent', (email) => ({ nameId: email, requestId: '_never-sent-by-this-app' }), 'error.sso.saml_unknown_request'],
    ['an RSA-SHA1 signature', (email) => ({ nameId: email, algorithms: { signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1' } }), 'error.sso.saml_weak_algorithm'],
    ['a SHA-1 digest', (email) => ({ nameId: email, algorithms: { digest: 'http://www.w3.org/2000/09/xmldsig#sha1' } }), 'error.sso.saml_weak_algorithm'],
  ];
  it.each(cases)('refuses %s, signs no one in and records the refusal', async (_name, falsify, errorKey) => {
    const domain = newDomain();
    const { account } = await samlAccount(t, idp, domain);
    const email = `x@${domain}`;
    const { res, http } = await signInWithSaml(t, idp, email, falsify(email));
    expect(refusal(res)).toBe(errorKey);
    expect(res.headers.location).toMatch(/^\/login\/sso\?samlError=/);
    expect(res.cookies.find((c) => c.name === 'bq_session')).toBeUndefined();
    expect(await signedIn(http)).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const events = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, account.id), eq(auditEvents.action, 'auth.sign_in_failed')));
    expect(events.map((e) => (e.details as { errorKey?: string }).errorKey)).toContain(errorKey);
  });

  it('spends a request at its first answer: the same answer again, or a new assertion for it, is refused', async () => {
    const domain = newDomain();
    const { acsUrl } = await samlAccount(t, idp, domain);
    const email = `once@${domain}`;
    const first = await signInWithSaml(t, idp, email);
    expect(first.res.headers.location).toBe('/clients');
    const replay = await postToAcs(t, first.http, acsUrl, first.samlResponse, first.browser);
    expect(refusal(replay)).toBe('error.sso.saml_unknown_request');
    const fresh = idp.responseXml({ requestId: first.requestId, acsUrl, audience: idp.lastRequest!.issuer, nameId: email });
    expect(refusal(await postToAcs(t, first.http, acsUrl, b64(fresh), first.browser))).toBe('error.sso.saml_unknown_request');
  });

  it('refuses an assertion presented again with a new request (the assertion id is remembered until it expires)', async () => {
    const domain = newDomain();
    const { acsUrl, spEntityId } = await samlAccount(t, idp, domain);
    const email = `replay@${domain}`;
    const assertionId = `_replayed${Date.now()}`;
    expect((await signInWithSaml(t, idp, email, { nameId: email, assertionId })).res.headers.location).toBe('/clients');
    const second = await startAtProvider(t, idp, email);
    const replayed = idp.responseXml({ requestId: second.requestId, acsUrl, audience: spEntityId, nameId: email, assertionId });
    const res = await postToAcs(t, second.http, acsUrl, b64(replayed), second.browser);
    expect(refusal(res)).toBe('error.sso.saml_replayed');
    expect(await signedIn(second.http)).toBe(false);
  });

  it.each([
    ['moved into the Extensions, an unsigned one in its place', movedSignatureAttack],
    ['wrapped inside an assertion that carries its ID and signature', wrappedSignatureAttack],
  ])('refuses signature wrapping: the signed assertion %s', async (_name, attack) => {
    const domain = newDomain();
    const { account, acsUrl, spEntityId } = await samlAccount(t, idp, domain);
    const victim = await createUser(t.db, account.id, { email: `victim@${domain}` });
    const attacker = `attacker@${domain}`;
    const started = await startAtProvider(t, idp, attacker);
    const genuine = idp.responseXml({ requestId: started.requestId, acsUrl, audience: spEntityId, nameId: attacker });
    const res = await postToAcs(t, started.http, acsUrl, b64(attack(genuine, victim.email)), started.browser);
    expect(refusal(res)).toBe('error.sso.saml_invalid_signature');
    expect(await signedIn(started.http)).toBe(false);
  });

  it('reads the whole NameID: a comment in it does not turn victim@bank.example.evil.example into victim@bank.example', async () => {
    const domain = newDomain();
    const { account, acsUrl, spEntityId } = await samlAccount(t, idp, domain);
    const victim = await createUser(t.db, account.id, { email: `victim@${domain}` });
    const attacker = `${victim.email}.evil.example`;
    const started = await startAtProvider(t, idp, victim.email);
    const signed = idp.responseXml({ requestId: started.requestId, acsUrl, audience: spEntityId, nameId: attacker });
    const injected = commentInNameId(signed, victim.email);
    expect(injected).toContain(`${victim.email}<!---->.evil.example`);
    const res = await postToAcs(t, started.http, acsUrl, b64(injected), started.browser);
    expect(refusal(res)).toBe('error.sso.saml_foreign_domain');
    expect(await signedIn(started.http)).toBe(false);
  });

  it("refuses an address of another account's domain, and a user of another account", async () => {
    const domain = newDomain();
    await samlAccount(t, idp, domain);
    const otherDomain = newDomain();
    await samlAccount(t, idp, otherDomain);
    const stranger = `stranger@${otherDomain}`;
    const { res, http } = await signInWithSaml(t, idp, `someone@${domain}`, { nameId: stranger });
    expect(refusal(res)).toBe('error.sso.saml_foreign_domain');
    expect(await signedIn(http)).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.email, stranger))).toHaveLength(0);

    const other = await createAccount(t.db);
    const outsider = await createUser(t.db, other.account.id, { email: `outsider@${domain}` });
    expect(refusal((await signInWithSaml(t, idp, outsider.email)).res)).toBe('error.sso.other_account');
  });

  it('never signs in the break-glass admin through the provider (docs/decisions/0062)', async () => {
    const domain = newDomain();
    const { admin } = await samlAccount(t, idp, domain, { signOnRequired: true });
    const { res, http } = await signInWithSaml(t, idp, admin.email);
    expect(refusal(res)).toBe('error.sso.break_glass_password_only');
    expect(await signedIn(http)).toBe(false);
  });

  it('refuses an answer for an account without SAML, and a form without SAMLResponse', async () => {
    const acc = await createAccount(t.db);
    const res = await postToAcs(t, new TestClient(t.app), `${t.config.publicUrl}/api/sso/saml/${acc.account.id}/acs`, b64('<x/>'));
    expect(refusal(res)).toBe('error.sso.not_available');
    const bad = await t.app.inject({ method: 'POST', url: `/api/sso/saml/${acc.account.id}/acs`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'RelayState=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
  });
});

describe('the request is bound to the browser that started it (login CSRF, docs/decisions/0073)', () => {
  const failures = async (accountId: string) =>
    (await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'auth.sign_in_failed')))).map(
      (e) => (e.details as { errorKey?: string }).errorKey,
    );

  it('sets an HttpOnly cookie for the SAML paths only at the start', async () => {
    const domain = newDomain();
    await samlAccount(t, idp, domain);
    const { startCookie } = await startAtProvider(t, idp, `cookie@${domain}`);
    expect(startCookie).toMatchObject({ httpOnly: true, path: '/api/sso/saml' });
    expect(startCookie!.value.length).toBeGreaterThanOrEqual(40);
    // The test app answers plain http on localhost, a loopback host browsers trust with Secure cookies: None; Secure, as
    // on https, so a provider on another site (127.0.0.1) still gets the cookie posted back.
    expect(startCookie).toMatchObject({ sameSite: 'None', secure: true });
    // Secure, it carries the prefix browsers set only from a secure page with Secure.
    expect(startCookie!.name).toBe('__Secure-bq_saml');
  });

  it('reads only the prefixed cookie over a secure origin: the same value planted unprefixed (cookie tossing) does not finish', async () => {
    const domain = newDomain();
    const { acsUrl } = await samlAccount(t, idp, domain);
    const started = await startAtProvider(t, idp, `tossed@${domain}`);
    const tossed = `bq_saml=${started.startCookie!.value}`;
    expect(refusal(await postToAcs(t, started.http, acsUrl, started.samlResponse, tossed))).toBe('error.sso.saml_browser_mismatch');
  });

  it("refuses a genuine answer posted from another browser, and spends the request: the starting browser can't use it after", async () => {
    const domain = newDomain();
    const { account, acsUrl } = await samlAccount(t, idp, domain);
    const email = `stolen@${domain}`;
    const started = await startAtProvider(t, idp, email);
    const elsewhere = new TestClient(t.app, newIp());
    const res = await postToAcs(t, elsewhere, acsUrl, started.samlResponse);
    expect(refusal(res)).toBe('error.sso.saml_browser_mismatch');
    expect(res.cookies.find((c) => c.name === 'bq_session')).toBeUndefined();
    expect(await signedIn(elsewhere)).toBe(false);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await failures(account.id)).toContain('error.sso.saml_browser_mismatch');
    expect(refusal(await postToAcs(t, started.http, acsUrl, started.samlResponse, started.browser))).toBe('error.sso.saml_unknown_request');
  });

  it("refuses the attacker's own answer in the victim's browser, which started a sign-in of its own", async () => {
    const domain = newDomain();
    const { account, acsUrl } = await samlAccount(t, idp, domain);
    const attacker = await startAtProvider(t, idp, `attacker@${domain}`);
    const victim = await startAtProvider(t, idp, `victim@${domain}`);
    expect(victim.browser).not.toBe(attacker.browser);
    const res = await postToAcs(t, victim.http, acsUrl, attacker.samlResponse, victim.browser);
    expect(refusal(res)).toBe('error.sso.saml_browser_mismatch');
    expect(await signedIn(victim.http)).toBe(false);
    expect(await failures(account.id)).toContain('error.sso.saml_browser_mismatch');
    // The victim's own answer still works in the victim's browser.
    expect((await postToAcs(t, victim.http, acsUrl, victim.samlResponse, victim.browser)).headers.location).toBe('/clients');
    expect(await signedIn(victim.http)).toBe(true);
  });

  it('refuses an IdP-initiated answer (no InResponseTo), even in a browser that started a sign-in', async () => {
    const domain = newDomain();
    const { account, acsUrl, spEntityId } = await samlAccount(t, idp, domain);
    const email = `unsolicited@${domain}`;
    const started = await startAtProvider(t, idp, email);
    const unsolicited = idp.responseXml({ requestId: null, acsUrl, audience: spEntityId, nameId: email });
    const res = await postToAcs(t, started.http, acsUrl, b64(unsolicited), started.browser);
    expect(refusal(res)).toBe('error.sso.saml_unknown_request');
    expect(await signedIn(started.http)).toBe(false);
    expect(await failures(account.id)).toContain('error.sso.saml_unknown_request');
  });

  it('lets two sign-ins started in the same browser (two tabs) both finish', async () => {
    const domain = newDomain();
    const { acsUrl } = await samlAccount(t, idp, domain);
    const first = await startAtProvider(t, idp, `tabs@${domain}`);
    const http = first.http;
    const start = await http.request('POST', '/api/sso/saml/start', { email: `tabs@${domain}`, redirectUrl: '/clients' }, { cookie: first.browser! });
    expect(start.cookies.find((c) => c.name === '__Secure-bq_saml')?.value).toBe(first.startCookie!.value);
    expect((await postToAcs(t, http, acsUrl, first.samlResponse, first.browser)).headers.location).toBe('/clients');
  });
});

describe('settings and metadata', () => {
  it('shows what to register at the provider, serves the SP metadata, and keeps the certificate', async () => {
    const domain = newDomain();
    const { account, adminHttp, spEntityId, acsUrl } = await samlAccount(t, idp, domain);
    const got = (await adminHttp.request('GET', '/api/account/sso')).json();
    expect(got).toMatchObject({ configured: true, protocol: 'SAML', domains: [{ domain }], saml: { spEntityId, acsUrl, metadataUrl: spEntityId, idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl } });
    expect(Date.parse(got.saml.certificateExpiresAt)).toBeGreaterThan(Date.now());
    const metadata = await t.app.inject({ method: 'GET', url: `/api/sso/saml/${account.id}/metadata` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="${spEntityId}"`);
    expect(metadata.body).toContain(`Location="${acsUrl}"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/saml/00000000-0000-4000-8000-000000000000/metadata' })).statusCode).toBe(404);
  });

  it('refuses a certificate that is none, and is for the account admin only', async () => {
    const domain = newDomain();
    const { account, adminHttp } = await samlAccount(t, idp, domain);
    const body = { idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl, idpCertificate: 'A'.repeat(200), domains: [domain], signOnRequired: false };
    const res = await adminHttp.request('PUT', '/api/account/sso/saml', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.sso.saml_invalid_certificate');
    const adviser = await createUser(t.db, account.id, { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const http = new TestClient(t.app, newIp());
    await http.login(adviser.email, adviser.password);
    expect((await http.request('PUT', '/api/account/sso/saml', { ...body, idpCertificate: idp.key.certificatePem })).statusCode).toBe(403);
  });
});

describe('sign-on required', () => {
  it("refuses the password of the domain's users except the break-glass admin; they sign in through the provider", async () => {
    const domain = newDomain();
    const { account, admin } = await samlAccount(t, idp, domain, { signOnRequired: true });
    const member = await createUser(t.db, account.id, { email: `member@${domain}` });
    const refused = await new TestClient(t.app, newIp()).login(member.email, member.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.sso.sign_on_required');
    expect((await new TestClient(t.app, newIp()).login(admin.email, admin.password)).statusCode).toBe(200);
    const { res, http } = await signInWithSaml(t, idp, member.email);
    expect(res.headers.location).toBe('/clients');
    expect((await http.request('GET', '/api/user')).json().id).toBe(member.user.id);
  });
});

describe('OpenAPI', () => {
  it('shows every SAML call with its request, answer and error keys', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = {
      updateSamlSettings: doc.paths['/api/account/sso/saml']?.put,
      getSamlMetadata: doc.paths['/api/sso/saml/{accountId}/metadata']?.get,
      startSamlSignIn: doc.paths['/api/sso/saml/start']?.post,
      finishSamlSignIn: doc.paths['/api/sso/saml/{accountId}/acs']?.post,
    };
    for (const [operationId, op] of Object.entries(ops)) expect(op?.operationId, operationId).toBe(operationId);
    expect(JSON.stringify(ops.updateSamlSettings.responses['400'])).toContain('error.sso.saml_invalid_certificate');
    for (const key of ['error.sso.saml_invalid_signature', 'error.sso.wrong_audience', 'error.sso.saml_replayed']) expect(ops.finishSamlSignIn.description).toContain(key);
  });
});
