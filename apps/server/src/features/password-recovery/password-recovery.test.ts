// Password recovery through the HTTP API on PGlite and PostgreSQL: same answer for known and unknown addresses,
// a hashed single-use expiring link, the password rules, every session of the user ended, rate limits.
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResetTokens, sessions, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-Pass-2026!';
let ipCounter = 0;
const freshClient = () => new TestClient(t.app, `10.2.0.${++ipCounter}`);
const resetMailsTo = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt))).filter((m) => m.kind === 'PASSWORD_RESET');
/** The link is prepared after the 202 has left (decision 0032), so a test waits for its mail. */
const awaitResetMail = async (email: string) =>
  vi.waitFor(async () => {
    const [mail] = await resetMailsTo(email);
    if (!mail) throw new Error(`no reset mail to ${email} yet`);
    return mail;
  }, { timeout: 10_000, interval: 50 });
const tokenIn = (text: string) => decodeURIComponent(/\/password\/reset\/complete\?token=([A-Za-z0-9_%-]+)/.exec(text)![1]!);
const withoutReqId = (body: string) => {
  const { reqId: _reqId, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};

async function userWithSessions() {
  const { account } = await createAccount(t.db);
  const created = await createUser(t.db, account.id);
  const devices = [freshClient(), freshClient()];
  for (const device of devices) expect((await device.login(created.email, created.password)).statusCode).toBe(200);
  return { ...created, devices };
}

async function requestLink(email: string) {
  const res = await freshClient().request('POST', '/api/user/password/reset', { email });
  expect(res.statusCode).toBe(202);
  const mail = await awaitResetMail(email.toLowerCase());
  return tokenIn(mail.textBody);
}

describe('password recovery', () => {
  it('answers known and unknown addresses alike and mails a hashed link only to the known one', async () => {
    const { email } = await userWithSessions();
    const unknown = uniqueEmail('nobody');
    const known = await freshClient().request('POST', '/api/user/password/reset', { email: email.toUpperCase() });
    const other = await freshClient().request('POST', '/api/user/password/reset', { email: unknown });
    expect(known.statusCode).toBe(202);
    expect(other.statusCode).toBe(202);
    expect(withoutReqId(known.body)).toEqual({ sentTo: email });
    expect(withoutReqId(other.body)).toEqual({ sentTo: unknown });
    const mail = await awaitResetMail(email);
    expect(await resetMailsTo(unknown)).toHaveLength(0);
    const token = tokenIn(mail.textBody);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.db.select().from(passwordResetTokens);
    expect(rows.map((r) => r.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('verifies the link, sets a password that meets the rules, spends the link and ends every session', async () => {
    const { email, password, user, devices } = await userWithSessions();
    const token = await requestLink(email);
    const check = await freshClient().request('GET', `/api/user/password/reset/verify?token=${encodeURIComponent(token)}`);
    expect(check.statusCode).toBe(200);
    expect(check.json().email).toBe(email);

    const weak = await freshClient().request('POST', '/api/user/password', { token, password: 'onlylowercaseletters' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorKey).toBe('error.password.weak');
    // A refused password does not spend the link.
    expect((await freshClient().request('GET', `/api/user/password/reset/verify?token=${encodeURIComponent(token)}`)).statusCode).toBe(200);

    const set = await freshClient().request('POST', '/api/user/password', { token, password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    for (const device of devices) expect((await device.request('GET', '/api/user')).statusCode).toBe(401);
    expect((await freshClient().login(email, password)).statusCode).toBe(401);
    expect((await freshClient().login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.emailVerifiedAt).not.toBeNull();

    const reused = await freshClient().request('POST', '/api/user/password', { token, password: 'Another-Pass-2026!' });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().errorKey).toBe('error.password_reset.link_used');
    const reusedCheck = await freshClient().request('GET', `/api/user/password/reset/verify?token=${encodeURIComponent(token)}`);
    expect(reusedCheck.statusCode).toBe(410);
    expect(reusedCheck.json().errorKey).toBe('error.password_reset.link_used');
  });

  it('refuses an expired link, an unknown one and bad input', async () => {
    const { email, user } = await userWithSessions();
    const token = await requestLink(email);
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, user.id));
    const expired = await freshClient().request('POST', '/api/user/password', { token, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errorKey).toBe('error.password_reset.link_expired');
    const expiredCheck = await freshClient().request('GET', `/api/user/password/reset/verify?token=${encodeURIComponent(token)}`);
    expect(expiredCheck.json().errorKey).toBe('error.password_reset.link_expired');
    const unknown = await freshClient().request('POST', '/api/user/password', { token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorKey).toBe('error.password_reset.invalid');
    const noToken = await freshClient().request('GET', '/api/user/password/reset/verify');
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().errorKey).toBe('error.validation');
    const badEmail = await freshClient().request('POST', '/api/user/password/reset', { email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toContainEqual({ path: 'body.email', errorKey: 'error.validation.invalid_email' });
    const short = await freshClient().request('POST', '/api/user/password', { token: 'abc', password: 'short' });
    expect(short.json().errorKey).toBe('error.validation');
    const csrf = await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { email: uniqueEmail() } });
    expect(csrf.statusCode).toBe(403);
  });

  it('limits requests per address (known or not) and per IP with its own error key, and mails a user at most once a minute', async () => {
    const { email } = await userWithSessions();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await freshClient().request('POST', '/api/user/password/reset', { email })).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    await awaitResetMail(email);
    // A reset request is not a sign-in: its own key, not "too many login attempts".
    const limited = await freshClient().request('POST', '/api/user/password/reset', { email });
    expect(limited.json().errorKey).toBe('error.password_reset.too_many_requests');
    expect(await resetMailsTo(email)).toHaveLength(1);
    const unknown = uniqueEmail('ghost');
    const unknownStatuses: number[] = [];
    for (let i = 0; i < 4; i++) unknownStatuses.push((await freshClient().request('POST', '/api/user/password/reset', { email: unknown })).statusCode);
    expect(unknownStatuses).toEqual(statuses);
    const sameIp = new TestClient(t.app, '10.8.8.8');
    const perIp: number[] = [];
    for (let i = 0; i < 21; i++) perIp.push((await sameIp.request('POST', '/api/user/password/reset', { email: uniqueEmail('ip') })).statusCode);
    expect(perIp.filter((s) => s === 202)).toHaveLength(20);
    expect(perIp[20]).toBe(429);
  });
});

describe('no e-mail enumeration by the verification resend', () => {
  it('answers a verified, an unverified and an unknown address alike', async () => {
    const { account } = await createAccount(t.db, { type: 'SELF_SERVICE' });
    const unverified = await createUser(t.db, account.id);
    const verified = await createUser(t.db, account.id);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified.user.id));
    const answers = [];
    for (const email of [unverified.email, verified.email, uniqueEmail('unknown')]) {
      const res = await freshClient().request('GET', `/api/email/verification/resend?email=${encodeURIComponent(email)}`);
      answers.push([res.statusCode, Object.keys(res.json()).sort().join(',')]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(200);
  });
});
