// The TOTP second factor through the HTTP API, on PGlite and PostgreSQL (docs/decisions/0040): enrolment and
// confirmation with recovery codes, sign-in in two steps with no session before the second, a code working once,
// wrong codes slowed down per user, recovery codes working once, removal needing password and code. Codes come from
// otplib with the secret the enrolment answered; the server's clock (Date only) moves when the test says.
import { and, asc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { auditEvents, loginFailures, mailOutbox, userRecoveryCodes, userTotp } from '../../db/schema';
import { decryptSecret } from '../../plugins/data-encryption';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount } from '../../test/factories';
import { cookieOf, ipSequence, sessionEmail, signedInEvaluator } from '../../test/sign-in';

let t: TestApp;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp();
  accountId = (await createAccount(t.db)).account.id;
  vi.useFakeTimers({ toFake: ['Date'] });
});
beforeEach(() => vi.setSystemTime(new Date()));
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const newIp = ipSequence(77);
/** Lets `seconds` pass on the server's clock. */
const elapse = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
/** The code an authenticator app shows now (or `stepsLater` 30-second steps from now). */
const codeFor = (secret: string, stepsLater = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsLater * 30 });

/** A signed-in evaluator (a new user of the test's account). */
const evaluator = () => signedInEvaluator(t, accountId, newIp());

/** An evaluator with a confirmed factor: its secret and recovery codes. The confirming code used up the current step. */
async function enrolled() {
  const who = await evaluator();
  const start = await who.http.request('POST', '/api/user/2fa/totp');
  expect(start.statusCode).toBe(200);
  const { secret } = start.json() as { secret: string };
  const confirm = await who.http.request('POST', '/api/user/2fa/totp/confirm', { code: await codeFor(secret) });
  expect(confirm.statusCode).toBe(200);
  return { ...who, secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The password step from a browser of its own: the answer and the pending sign-in's cookie header. */
async function passwordStep(email: string, password: string, ip = newIp(), redirectUrl?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'x-source': 'web' },
    payload: { email, password, ...(redirectUrl ? { redirectUrl } : {}) },
  });
  const pending = cookieOf(res, 'bq_2fa');
  return { res, ip, cookie: pending ? `bq_2fa=${pending.value}` : '' };
}

async function secondStep(cookie: string, body: object, ip = newIp(), extraCookie = '') {
  return t.app.inject({
    method: 'POST',
    url: '/api/login/2fa',
    remoteAddress: ip,
    headers: { 'x-source': 'web', cookie: [cookie, extraCookie].filter(Boolean).join('; ') },
    payload: body,
  });
}

const signedInAs = (res: LightMyRequestResponse) => sessionEmail(t, res);

describe('enrolling a TOTP factor', () => {
  it('answers a secret, its otpauth URI and QR code, keeps the secret encrypted, and is not in force before a code confirms it', async () => {
    const { user, email, password, http } = await evaluator();
    expect((await http.request('GET', '/api/user/2fa/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, enrolmentDeadline: null, enrolmentOverdue: false });
    const res = await http.request('POST', '/api/user/2fa/totp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrCodeDataUrl } = res.json() as { secret: string; otpauthUri: string; qrCodeDataUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/BQ%20Advisory%20Platform:${encodeURIComponent(email)}?secret=${secret}&issuer=BQ%20Advisory%20Platform`);
    expect(Buffer.from(qrCodeDataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(decryptSecret(t.config.dataEncryptionKey, 'totp-secret', row!.secretEncrypted, user.id)).toBe(secret);
    // Bound to its user: the same row under another user's id does not decrypt.
    expect(() => decryptSecret(t.config.dataEncryptionKey, 'totp-secret', row!.secretEncrypted, 'someone-else')).toThrow();

    // Not confirmed yet: the password alone still signs in.
    const { res: login } = await passwordStep(email, password);
    expect(login.json()).toEqual({ redirectUrl: '/' });
    expect(await signedInAs(login)).toBe(email);
  });

  it('refuses a wrong code, then confirms with the right one and answers ten different recovery codes once', async () => {
    const { http } = await evaluator();
    expect((await http.request('POST', '/api/user/2fa/totp/confirm', { code: '123456' })).json().errorKey).toBe('error.two_factor.not_started');
    const { secret } = (await http.request('POST', '/api/user/2fa/totp')).json() as { secret: string };
    const right = await codeFor(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await http.request('POST', '/api/user/2fa/totp/confirm', { code: wrong });
    expect([refused.statusCode, refused.json().errorKey]).toEqual([400, 'error.two_factor.code_invalid']);
    expect((await http.request('GET', '/api/user/2fa/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, enrolmentDeadline: null, enrolmentOverdue: false });

    const confirmed = await http.request('POST', '/api/user/2fa/totp/confirm', { code: `${right.slice(0, 3)} ${right.slice(3)}` });
    expect(confirmed.statusCode).toBe(200);
    const codes = (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await http.request('GET', '/api/user/2fa/totp')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10, enrolmentDeadline: null, enrolmentOverdue: false });
    // Confirming proved the new factor only (docs/decisions/0064): touching the factors again asks for a step-up.
    expect((await http.request('POST', '/api/user/2fa/totp')).json().errorKey).toBe('error.two_factor.step_up_required');
    expect((await http.request('POST', '/api/user/2fa/step-up', { code: await codeFor(secret, 1) })).statusCode).toBe(200);
    // Shown once: a second confirmation or a new enrolment is refused while the factor is on.
    expect((await http.request('POST', '/api/user/2fa/totp/confirm', { code: await codeFor(secret, 1) })).json().errorKey).toBe('error.two_factor.already_enabled');
    expect((await http.request('POST', '/api/user/2fa/totp')).json().errorKey).toBe('error.two_factor.already_enabled');
  });
});

describe('signing in with a second factor', () => {
  it('answers secondFactorRequired and no session to the password, then signs in with a code and the usual cookies', async () => {
    const { email, password, secret } = await enrolled();
    elapse(30);
    const { res, cookie, ip } = await passwordStep(email, password, newIp(), '/settings/security');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ secondFactorRequired: true });
    expect(cookieOf(res, 'bq_session')).toBeUndefined();
    expect(cookieOf(res, 'bq_device')).toBeUndefined();
    expect(cookieOf(res, 'bq_2fa')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    // The pending sign-in is no session: nothing signed-in answers to it.
    const probe = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(probe.statusCode).toBe(401);

    const done = await secondStep(cookie, { code: await codeFor(secret) }, ip);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ redirectUrl: '/settings/security' });
    expect(await signedInAs(done)).toBe(email);
    expect(cookieOf(done, 'bq_device')?.value).toBeTruthy();
    expect(cookieOf(done, 'bq_2fa')?.value).toBe('');
  });

  it("leaves the factor's changes and both sign-in steps in the audit trail, a wrong code as a failed sign-in", async () => {
    const { user, email, password, secret } = await enrolled();
    elapse(30);
    const { cookie, ip } = await passwordStep(email, password);
    expect((await secondStep(cookie, { code: '000000' }, ip)).statusCode).toBe(401);
    expect((await secondStep(cookie, { code: await codeFor(secret) }, ip)).statusCode).toBe(200);
    const trail = await t.db.select().from(auditEvents).where(eq(auditEvents.actorId, user.id)).orderBy(asc(auditEvents.id));
    expect(trail.map((e) => [e.action, e.outcome, e.details])).toEqual([
      ['auth.sign_in', 'ALLOWED', expect.anything()],
      ['auth.factor_enrol_start', 'ALLOWED', expect.anything()],
      ['auth.factor_enable', 'ALLOWED', expect.anything()],
      ['auth.sign_in', 'ALLOWED', expect.objectContaining({ step: 'password', secondFactorRequired: true })],
      ['auth.sign_in_failed', 'REFUSED', expect.objectContaining({ step: 'second_factor' })],
      ['auth.sign_in', 'ALLOWED', expect.objectContaining({ step: 'second_factor' })],
    ]);
  });

  it('refuses a code that was already used, inside its window', async () => {
    const { email, password, secret } = await enrolled();
    elapse(30);
    const code = await codeFor(secret);
    const first = await passwordStep(email, password);
    expect(await signedInAs(await secondStep(first.cookie, { code }, first.ip))).toBe(email);
    // The same code again (another browser that saw it), still within the 30-second step and the tolerance.
    elapse(5);
    const again = await passwordStep(email, password);
    const replay = await secondStep(again.cookie, { code }, again.ip);
    expect([replay.statusCode, replay.json().errorKey]).toEqual([401, 'error.two_factor.code_invalid']);
    expect(cookieOf(replay, 'bq_session')).toBeUndefined();
    // The code of the following step works.
    elapse(30);
    expect(await signedInAs(await secondStep(again.cookie, { code: await codeFor(secret) }, again.ip))).toBe(email);
  });

  it('refuses the second step without the pending sign-in, with an altered one and after five minutes', async () => {
    const { user, email, password, secret } = await enrolled();
    elapse(30);
    const code = await codeFor(secret);
    expect((await secondStep('', { code })).json().errorKey).toBe('error.two_factor.sign_in_expired');
    const { cookie } = await passwordStep(email, password);
    const [payload, signature] = cookie.replace('bq_2fa=', '').split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace(user.id, '00000000-0000-4000-8000-000000000000')).toString('base64url');
    expect((await secondStep(`bq_2fa=${forged}.${signature}`, { code })).json().errorKey).toBe('error.two_factor.sign_in_expired');
    elapse(301);
    const late = await secondStep(cookie, { code: await codeFor(secret) });
    expect([late.statusCode, late.json().errorKey]).toEqual([401, 'error.two_factor.sign_in_expired']);
  });

  it('slows down wrong codes per user, from any IP and even on a known device, and then refuses the right code too', async () => {
    const { email, password, secret } = await enrolled();
    elapse(30);
    // A device that signed in as this user before (its bq_device cookie lifts the password's per-address rule).
    const known = await passwordStep(email, password);
    const signedIn = await secondStep(known.cookie, { code: await codeFor(secret) }, known.ip);
    const device = `bq_device=${cookieOf(signedIn, 'bq_device')!.value}`;
    elapse(30);
    const right = await codeFor(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const { cookie } = await passwordStep(email, password);
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(cookie, { code: wrong }, newIp(), device);
      expect([res.statusCode, res.json().errorKey]).toEqual([401, 'error.two_factor.code_invalid']);
    }
    const rows = await t.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(rows.map((r) => r.kind)).toEqual(Array(5).fill('SECOND_FACTOR'));
    const throttled = await secondStep(cookie, { code: right }, newIp(), device);
    expect([throttled.statusCode, throttled.json().errorKey]).toEqual([429, 'error.auth.too_many_sign_in_attempts']);
    expect(Number(throttled.headers['retry-after'])).toBe(1);
    expect(cookieOf(throttled, 'bq_session')).toBeUndefined();
    // The waits double with every further wrong code.
    elapse(1);
    expect((await secondStep(cookie, { code: wrong }, newIp(), device)).statusCode).toBe(401);
    expect(Number((await secondStep(cookie, { code: right }, newIp(), device)).headers['retry-after'])).toBe(2);
    // Once the wait has passed, the right code signs in and the failures are forgotten.
    elapse(2);
    expect(await signedInAs(await secondStep(cookie, { code: right }, newIp(), device))).toBe(email);
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toEqual([]);
  });

  it('locks codes after ten wrong ones in a row, however slowly they come, mails the user, and a recovery code unlocks (issue 36 point 12)', async () => {
    const { user, email, password, secret, recoveryCodes } = await enrolled();
    const wrongCode = async () => ((await codeFor(secret)) === '000000' ? '111111' : '000000');
    // One guess every 20 minutes: the throttle's window forgets each one, the count of wrong codes in a row does not.
    for (let i = 1; i <= 10; i++) {
      elapse(20 * 60);
      const { cookie, ip } = await passwordStep(email, password);
      const res = await secondStep(cookie, { code: await wrongCode() }, ip);
      expect([res.statusCode, res.json().errorKey], `guess ${i}`).toEqual([401, 'error.two_factor.code_invalid']);
    }
    elapse(20 * 60);
    const locked = await passwordStep(email, password);
    const right = await secondStep(locked.cookie, { code: await codeFor(secret) }, locked.ip);
    expect([right.statusCode, right.json().errorKey]).toEqual([423, 'error.two_factor.locked']);
    expect(cookieOf(right, 'bq_session')).toBeUndefined();
    const mails = await t.db
      .select({ subject: mailOutbox.subject, to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'SECOND_FACTOR_CHANGED')));
    expect(mails.filter((m) => m.subject === 'Your second factor was locked after too many wrong codes')).toEqual([
      { subject: 'Your second factor was locked after too many wrong codes', to: email },
    ]);

    // A recovery code signs in and unlocks; then the app's codes work again.
    expect(await signedInAs(await secondStep(locked.cookie, { recoveryCode: recoveryCodes[0] }, locked.ip))).toBe(email);
    elapse(30);
    const again = await passwordStep(email, password);
    expect(await signedInAs(await secondStep(again.cookie, { code: await codeFor(secret) }, again.ip))).toBe(email);
  });

  it('forgets wrong codes once a right one comes', async () => {
    const { email, password, secret } = await enrolled();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        elapse(20 * 60);
        const { cookie, ip } = await passwordStep(email, password);
        expect((await secondStep(cookie, { code: (await codeFor(secret)) === '000000' ? '111111' : '000000' }, ip)).statusCode).toBe(401);
      }
      elapse(20 * 60);
      const { cookie, ip } = await passwordStep(email, password);
      expect(await signedInAs(await secondStep(cookie, { code: await codeFor(secret) }, ip))).toBe(email);
    }
  });

  it('signs in with a recovery code once, refuses it the second time, and takes another in any letter case', async () => {
    const { user, email, password, recoveryCodes } = await enrolled();
    const first = await passwordStep(email, password);
    expect(await signedInAs(await secondStep(first.cookie, { recoveryCode: recoveryCodes[0] }, first.ip))).toBe(email);
    const again = await passwordStep(email, password);
    const reused = await secondStep(again.cookie, { recoveryCode: recoveryCodes[0] }, again.ip);
    expect([reused.statusCode, reused.json().errorKey]).toEqual([401, 'error.two_factor.recovery_code_invalid']);
    expect(cookieOf(reused, 'bq_session')).toBeUndefined();
    expect(await signedInAs(await secondStep(again.cookie, { recoveryCode: recoveryCodes[1]!.toUpperCase().replace('-', ' ') }, again.ip))).toBe(email);
    const stored = await t.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(stored.filter((r) => r.usedAt).length).toBe(2);
    // Stored hashed: no code appears in the table.
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
  });
});

describe('removing the factor', () => {
  it('needs the password and a current code; then the password alone signs in again', async () => {
    const { email, password, secret, http } = await enrolled();
    elapse(30);
    const code = await codeFor(secret);
    const wrongPassword = await http.request('DELETE', '/api/user/2fa/totp', { password: 'not-the-password', code });
    expect([wrongPassword.statusCode, wrongPassword.json().errorKey]).toEqual([400, 'error.password.current_wrong']);
    const wrongCode = await http.request('DELETE', '/api/user/2fa/totp', { password, code: code === '000000' ? '111111' : '000000' });
    expect([wrongCode.statusCode, wrongCode.json().errorKey]).toEqual([400, 'error.two_factor.code_invalid']);
    const noCode = await http.request('DELETE', '/api/user/2fa/totp', { password });
    expect([noCode.statusCode, noCode.json().errorKey]).toEqual([400, 'error.validation']);
    expect((await http.request('GET', '/api/user/2fa/totp')).json()).toMatchObject({ enabled: true });

    expect((await http.request('DELETE', '/api/user/2fa/totp', { password, code })).statusCode).toBe(200);
    expect((await http.request('GET', '/api/user/2fa/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, enrolmentDeadline: null, enrolmentOverdue: false });
    const { res } = await passwordStep(email, password);
    expect(res.json()).toEqual({ redirectUrl: '/' });
    expect(await signedInAs(res)).toBe(email);
  });

  it('takes a recovery code instead of the code (the phone is lost)', async () => {
    const { password, recoveryCodes, http } = await enrolled();
    expect((await http.request('DELETE', '/api/user/2fa/totp', { password, recoveryCode: recoveryCodes[9] })).statusCode).toBe(200);
    expect((await http.request('GET', '/api/user/2fa/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, enrolmentDeadline: null, enrolmentOverdue: false });
  });
});
