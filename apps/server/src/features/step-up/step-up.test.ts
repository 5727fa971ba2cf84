// Step-up through the HTTP API, on PGlite and PostgreSQL (docs/decisions/0045): a route marked stepUp refuses a
// session whose last factor proof is older than ten minutes (the server's clock moves) and passes after
// POST /api/user/2fa/step-up with a TOTP code or a passkey; a user without a factor is never asked.
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { ipSequence, signedInEvaluator } from '../../test/sign-in';
import { assertWith, createPasskey } from '../passkeys/soft-authenticator';
import { relyingParty } from '../passkeys/webauthn-party';

let t: TestApp;
let accountId: string;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  accountId = (await createAccount(t.db)).account.id;
  origin = relyingParty(t.app.config).origin;
  vi.useFakeTimers({ toFake: ['Date'] });
});
beforeEach(() => vi.setSystemTime(new Date()));
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const newIp = ipSequence(79);
const elapse = (minutes: number) => vi.setSystemTime(Date.now() + minutes * 60_000);
const createCredential = (http: TestClient) => http.request('POST', '/api/management/credentials', { description: 'CRM sync' });

const admin = () => signedInEvaluator(t, accountId, newIp());

describe('step-up', () => {
  it('never asks a user without a second factor', async () => {
    const { http } = await admin();
    elapse(60);
    expect((await createCredential(http)).statusCode).toBe(201);
  });

  it('refuses after ten minutes and passes again after a TOTP code', async () => {
    const { http } = await admin();
    const { secret } = (await http.request('POST', '/api/user/2fa/totp')).json();
    expect((await http.request('POST', '/api/user/2fa/totp/confirm', { code: await generate({ secret }) })).statusCode).toBe(200);
    // Confirming proves the new factor only (docs/decisions/0064): the first sensitive change asks for it at once.
    expect((await createCredential(http)).json().errorKey).toBe('error.two_factor.step_up_required');
    elapse(0.5);
    expect((await http.request('POST', '/api/user/2fa/step-up', { code: await generate({ secret }) })).statusCode).toBe(200);
    elapse(9);
    expect((await createCredential(http)).statusCode).toBe(201);
    elapse(2);
    const refused = await createCredential(http);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.two_factor.step_up_required');
    const security = await http.request('PUT', '/api/account/security', { secondFactorRequired: false, graceDays: 0 });
    expect(security.json().errorKey).toBe('error.two_factor.step_up_required');
    // The other sensitive settings ask alike: retention, single sign-on, the provisioning token.
    const retention = await http.request('PUT', '/api/account/retention', { advisoryYears: 7, selectionMonths: 6 });
    expect([retention.statusCode, retention.json().errorKey]).toEqual([403, 'error.two_factor.step_up_required']);
    const scimToken = await http.request('POST', '/api/sso/scim/token');
    expect([scimToken.statusCode, scimToken.json().errorKey]).toEqual([403, 'error.two_factor.step_up_required']);
    expect((await http.request('GET', '/api/user/2fa/step-up')).json()).toEqual({ totp: true, passkeys: 0 });

    expect((await http.request('POST', '/api/user/2fa/step-up', { code: '000000' })).json().errorKey).toBe('error.two_factor.code_invalid');
    const stepUp = await http.request('POST', '/api/user/2fa/step-up', { code: await generate({ secret }) });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    expect((await createCredential(http)).statusCode).toBe(201);
    expect((await http.request('PUT', '/api/account/security', { secondFactorRequired: false, graceDays: 0 })).statusCode).toBe(200);
    expect((await http.request('PUT', '/api/account/retention', { advisoryYears: 7, selectionMonths: 6 })).statusCode).toBe(200);
  });

  it('passes after a passkey, and a sign-in with the passkey counts as a fresh proof', async () => {
    const { http } = await admin();
    const options = (await http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
    const { passkey, response } = createPasskey(options, { origin });
    expect((await http.request('POST', '/api/user/2fa/passkeys', { name: 'Laptop', response })).statusCode).toBe(200);
    elapse(11);
    expect((await createCredential(http)).json().errorKey).toBe('error.two_factor.step_up_required');
    const stepUpOptions = (await http.request('POST', '/api/user/2fa/step-up/passkey-options')).json();
    const wrongOrigin = await http.request('POST', '/api/user/2fa/step-up', { passkey: assertWith(passkey, stepUpOptions, { origin: 'https://evil.example' }) });
    expect(wrongOrigin.json().errorKey).toBe('error.passkey.invalid');
    const fresh = (await http.request('POST', '/api/user/2fa/step-up/passkey-options')).json();
    expect((await http.request('POST', '/api/user/2fa/step-up', { passkey: assertWith(passkey, fresh, { origin }) })).statusCode).toBe(200);
    expect((await createCredential(http)).statusCode).toBe(201);

    // A new browser signs in with the passkey alone: its session may create a credential at once.
    const signInOptions = (await t.app.inject({ method: 'POST', url: '/api/login/passkey/options', headers: { 'x-source': 'web' }, payload: { step: 'passwordless' } })).json();
    const signIn = await t.app.inject({ method: 'POST', url: '/api/login/passkey', headers: { 'x-source': 'web' }, payload: { step: 'passwordless', response: assertWith(passkey, signInOptions, { origin }) } });
    const other = new TestClient(t.app, newIp());
    other.cookie = `bq_session=${signIn.cookies.find((c) => c.name === 'bq_session')!.value}`;
    expect((await createCredential(other)).statusCode).toBe(201);
    elapse(11);
    expect((await createCredential(other)).statusCode).toBe(403);
  });
});
