// Passkeys through the HTTP API, on PGlite and PostgreSQL (docs/decisions/0045): registration, naming, removal, and
// sign-in as the second step or without a password, with real WebAuthn responses from a software authenticator
// (soft-authenticator.ts: attestation "none", ES256 from node:crypto), so the server's checks run as for a browser.
// Refusals: an unknown or replayed challenge, another origin, another user's passkey, a removed one, a lower counter.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, ssoConnections, webauthnChallenges } from '../../db/schema';
import { startOidcProvider } from '../../test/oidc-provider';
import { newDomain, ssoAccount } from '../sso/sso-test-helpers';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { cookieOf, ipSequence, sessionEmail, signedInEvaluator, stepUpWithPasskey } from '../../test/sign-in';
import { assertWith, createPasskey, type SoftPasskey } from './soft-authenticator';
import { relyingParty } from './webauthn-party';

let t: TestApp;
let accountId: string;
let origin: string;
beforeAll(async () => {
  // The local provider listens on 127.0.0.1: allowed as an operator would allow an internal one (decision 0073).
  t = await createTestApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
  accountId = (await createAccount(t.db)).account.id;
  origin = relyingParty(t.app.config).origin;
});
afterAll(() => t.close());

const newIp = ipSequence(78);
const evaluator = () => signedInEvaluator(t, accountId, newIp());

/** Registers a passkey for the signed-in client through the API; answers the authenticator's key and the row. */
async function register(http: TestClient, name = 'Laptop'): Promise<{ passkey: SoftPasskey; id: string }> {
  const options = (await http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
  const { passkey, response } = createPasskey(options, { origin });
  const res = await http.request('POST', '/api/user/2fa/passkeys', { name, response });
  expect(res.statusCode, res.body).toBe(200);
  return { passkey, id: res.json().id };
}

async function post(url: string, payload: object, cookie = '') {
  return t.app.inject({ method: 'POST', url, remoteAddress: newIp(), headers: { 'x-source': 'web', ...(cookie ? { cookie } : {}) }, payload });
}

async function passwordlessOptions() {
  const res = await post('/api/login/passkey/options', { step: 'passwordless' });
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string; rpId: string; userVerification: string; allowCredentials: unknown[] };
}

const whoIs = (res: LightMyRequestResponse) => sessionEmail(t, res);

describe('registering passkeys', () => {
  it('registers several, each with its name, renames and removes them; the list shows them oldest first', async () => {
    const { http } = await evaluator();
    const options = (await http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
    expect(options.rp.id).toBe(new URL(origin).hostname);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    expect(options.attestation).toBe('none');
    const first = await register(http, 'Work laptop');
    // With a passkey in place, adding another asks for it first (registering proved the new one only, decision 0064).
    await stepUpWithPasskey(http, first.passkey, origin);
    const second = await register(http, '  YubiKey  ');
    const list = (await http.request('GET', '/api/user/2fa/passkeys')).json().items;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'YubiKey']);
    // The same authenticator is not registered twice: the next options exclude both.
    const again = (await http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
    expect(again.excludeCredentials).toHaveLength(2);

    const renamed = await http.request('PATCH', `/api/user/2fa/passkeys/${first.id}`, { name: 'Old laptop' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Old laptop');
    expect((await http.request('PATCH', `/api/user/2fa/passkeys/${first.id}`, { name: '   ' })).statusCode).toBe(400);
    // The step-up before the second passkey still holds: removing (a step-up route) goes through.
    expect((await http.request('DELETE', `/api/user/2fa/passkeys/${second.id}`)).statusCode).toBe(200);
    expect((await http.request('GET', '/api/user/2fa/passkeys')).json().items).toHaveLength(1);
  });

  it("treats another user's passkey id as a missing one", async () => {
    const owner = await evaluator();
    const { id } = await register(owner.http);
    const other = await evaluator();
    expect((await other.http.request('PATCH', `/api/user/2fa/passkeys/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await other.http.request('DELETE', `/api/user/2fa/passkeys/${id}`)).statusCode).toBe(404);
    expect((await owner.http.request('GET', '/api/user/2fa/passkeys')).json().items[0].name).toBe('Laptop');
  });

  it('refuses an answer for another origin, a replayed or unknown challenge, and a challenge issued to another user', async () => {
    const { http } = await evaluator();
    const options = (await http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
    const wrongOrigin = createPasskey(options, { origin: 'https://evil.example' });
    const refused = await http.request('POST', '/api/user/2fa/passkeys', { name: 'X', response: wrongOrigin.response });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorKey).toBe('error.passkey.invalid');
    // That try used the challenge up: the right answer to it is refused too.
    const late = createPasskey(options, { origin });
    expect((await http.request('POST', '/api/user/2fa/passkeys', { name: 'X', response: late.response })).statusCode).toBe(400);
    const unknown = createPasskey({ ...options, challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' }, { origin });
    expect((await http.request('POST', '/api/user/2fa/passkeys', { name: 'X', response: unknown.response })).statusCode).toBe(400);

    const otherOptions = (await (await evaluator()).http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
    const stolen = createPasskey(otherOptions, { origin });
    expect((await http.request('POST', '/api/user/2fa/passkeys', { name: 'X', response: stolen.response })).statusCode).toBe(400);
    expect((await http.request('GET', '/api/user/2fa/passkeys')).json().items).toEqual([]);
  });

  it('refuses an expired challenge', async () => {
    const { http } = await evaluator();
    const options = (await http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
    await t.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.challenge, options.challenge));
    const { response } = createPasskey(options, { origin });
    expect((await http.request('POST', '/api/user/2fa/passkeys', { name: 'Late', response })).statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it("is refused for an address the account routes to its provider with sign-on required (issue 36 point 12)", async () => {
    const provider = await startOidcProvider();
    try {
      const domain = newDomain();
      const { account } = await ssoAccount(t, provider, domain);
      const member = await createUser(t.db, account.id, { email: `member@${domain}` });
      const http = new TestClient(t.app, newIp());
      expect((await http.login(member.email, member.password)).statusCode).toBe(200);
      const { passkey } = await register(http);
      // The bank then requires its provider: the passkey registered before is no way around it.
      await t.db.update(ssoConnections).set({ signOnRequired: true }).where(eq(ssoConnections.accountId, account.id));
      const options = await passwordlessOptions();
      const res = await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, options, { origin }) });
      expect([res.statusCode, res.json().errorKey]).toEqual([403, 'error.sso.sign_on_required']);
      expect(await whoIs(res)).toBeNull();
    } finally {
      await provider.close();
    }
  });

  it('signs in without a password: a discoverable passkey names its user, user verification required', async () => {
    const { email, http } = await evaluator();
    const { passkey } = await register(http);
    const options = await passwordlessOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    const res = await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, options, { origin }), redirectUrl: '/clients' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: '/clients' });
    expect(await whoIs(res)).toBe(email);
    // The same answer again: its challenge is gone.
    const replay = await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, options, { origin }) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorKey).toBe('error.passkey.invalid');
    await t.app.audit.flush();
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.accountId, accountId));
    expect(events.some((e) => e.action === 'auth.sign_in' && (e.details as { step?: string }).step === 'passkey')).toBe(true);
  });

  it('refuses another origin, an unverified user without a password, a lower counter and a removed passkey', async () => {
    const { http } = await evaluator();
    const { passkey, id } = await register(http);
    const opts = async () => passwordlessOptions();
    expect((await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, await opts(), { origin: 'https://evil.example' }) })).statusCode).toBe(401);
    expect((await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, await opts(), { origin, userVerified: false }) })).statusCode).toBe(401);
    expect((await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, await opts(), { origin, counter: 5 }) })).statusCode).toBe(200);
    // A clone of the authenticator would count from an older value.
    expect((await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, await opts(), { origin, counter: 3 }) })).statusCode).toBe(401);
    await stepUpWithPasskey(http, passkey, origin, 10);
    expect((await http.request('DELETE', `/api/user/2fa/passkeys/${id}`)).statusCode).toBe(200);
    expect((await post('/api/login/passkey', { step: 'passwordless', response: assertWith(passkey, await opts(), { origin }) })).statusCode).toBe(401);
  });

  it("asks for the passkey after the password, and refuses another user's passkey at that step", async () => {
    const { email, password, http } = await evaluator();
    const { passkey } = await register(http);
    const intruder = await evaluator();
    const { passkey: intruderKey } = await register(intruder.http);

    const step1 = await post('/api/login', { email, password });
    expect(step1.json()).toEqual({ secondFactorRequired: true });
    expect(cookieOf(step1, 'bq_session')).toBeUndefined();
    const pending = `bq_2fa=${cookieOf(step1, 'bq_2fa')!.value}`;
    const optionsRes = await post('/api/login/passkey/options', { step: 'second_factor' }, pending);
    const options = optionsRes.json();
    expect(options.allowCredentials).toHaveLength(1);
    const wrong = await post('/api/login/passkey', { step: 'second_factor', response: assertWith(intruderKey, options, { origin }) }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(await whoIs(wrong)).toBeNull();

    const fresh = (await post('/api/login/passkey/options', { step: 'second_factor' }, pending)).json();
    // User verification is only preferred here: the password was the first factor.
    const ok = await post('/api/login/passkey', { step: 'second_factor', response: assertWith(passkey, fresh, { origin, userVerified: false }) }, pending);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await whoIs(ok)).toBe(email);
  });

  it('needs the pending sign-in for the second step', async () => {
    expect((await post('/api/login/passkey/options', { step: 'second_factor' })).json().errorKey).toBe('error.two_factor.sign_in_expired');
    const { email, password } = await evaluator();
    const step1 = await post('/api/login', { email, password });
    expect(step1.json().redirectUrl).toBeDefined();
  });
});

describe("the account's requirement of a second factor", () => {
  it('is met by a passkey: a restricted session registers one and is free at once', async () => {
    const other = (await createAccount(t.db)).account.id;
    await t.db.update(accounts).set({ secondFactorRequiredSince: new Date(Date.now() - 86_400_000), secondFactorGraceDays: 0 }).where(eq(accounts.id, other));
    const { email, password } = await createUser(t.db, other);
    const http = new TestClient(t.app, newIp());
    expect((await http.login(email, password)).json().secondFactorEnrolmentRequired).toBe(true);
    expect((await http.request('GET', '/api/management/credentials')).json().errorKey).toBe('error.two_factor.enrolment_required');
    await register(http);
    expect((await http.request('GET', '/api/management/credentials')).statusCode).toBe(200);
    const members = (await http.request('GET', '/api/account/security/members')).json();
    expect(members.members).toEqual([expect.objectContaining({ totp: false, passkeys: 1, enrolmentDeadline: null })]);
  });
});

