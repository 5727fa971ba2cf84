// The account's second-factor requirement (docs/decisions/0042): grace period, the session restricted to enrolling,
// the admin's member list and reset, and who may do either.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { accounts, userTotp, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import { stepUpWithTotp } from '../../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  vi.useFakeTimers({ toFake: ['Date'] });
});
beforeEach(() => vi.setSystemTime(new Date()));
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const DAY = 86_400;
let ipCounter = 0;
const newIp = () => `10.88.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const elapse = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
const ADMIN = [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }];
const EVALUATOR = [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }];

async function signedIn(accountId: string, permissions = EVALUATOR) {
  const { user, email, password } = await createUser(t.db, accountId, { permissions });
  const http = new TestClient(t.app, newIp());
  const login = await http.login(email, password);
  expect(login.statusCode).toBe(200);
  return { user, email, password, http, login };
}

async function newAccountWithAdmin() {
  const accountId = (await createAccount(t.db)).account.id;
  const admin = await signedIn(accountId, ADMIN);
  return { accountId, admin };
}

/** Moves the requirement's switch and the users' creation `days` into the past (sessions would expire if the clock moved). */
async function backdate(accountId: string, days: number) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
  const back = (d: Date) => new Date(d.getTime() - days * DAY * 1000);
  if (row?.secondFactorRequiredSince) await t.db.update(accounts).set({ secondFactorRequiredSince: back(row.secondFactorRequiredSince) }).where(eq(accounts.id, accountId));
  for (const user of await t.db.select().from(users).where(eq(users.accountId, accountId))) {
    await t.db.update(users).set({ createdAt: back(user.createdAt) }).where(eq(users.id, user.id));
  }
}

async function enrol(http: TestClient) {
  const { secret } = (await http.request('POST', '/api/user/2fa/totp')).json() as { secret: string };
  const confirm = await http.request('POST', '/api/user/2fa/totp/confirm', { code: await generate({ secret }) });
  expect(confirm.statusCode).toBe(200);
  // Enrolling proves the new factor only (docs/decisions/0064): the admin's step-up routes want the factor proved again.
  await stepUpWithTotp(http, secret);
  return secret;
}

describe('requiring a second factor of the account', () => {
  it('is off by default; an admin with a factor switches it on with grace days, and saving again keeps the first moment', async () => {
    const { admin } = await newAccountWithAdmin();
    expect((await admin.http.request('GET', '/api/account/security')).json()).toEqual({ secondFactorRequired: false, graceDays: 0, requiredSince: null });
    // Without a factor of their own the admin would lock themselves out at the deadline.
    const ownMissing = await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 14 });
    expect([ownMissing.statusCode, ownMissing.json().errorKey]).toEqual([409, 'error.account_security.own_factor_missing']);
    await enrol(admin.http);
    const on = await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 14 });
    expect(on.statusCode).toBe(200);
    const since = (on.json() as { requiredSince: string }).requiredSince;
    expect(on.json()).toEqual({ secondFactorRequired: true, graceDays: 14, requiredSince: since });
    elapse(60);
    const again = await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 7 });
    expect(again.json()).toEqual({ secondFactorRequired: true, graceDays: 7, requiredSince: since });
    const tooLong = await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 31 });
    expect([tooLong.statusCode, tooLong.json().errorKey]).toEqual([400, 'error.validation']);
    const off = await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: false, graceDays: 7 });
    expect(off.json()).toEqual({ secondFactorRequired: false, graceDays: 7, requiredSince: null });
  });

  it('lets a user without a factor in fully during the grace period, telling them the deadline', async () => {
    const { accountId, admin } = await newAccountWithAdmin();
    await enrol(admin.http);
    await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 10 });
    const start = Date.now();
    const member = await signedIn(accountId);
    expect(member.login.json()).toEqual({ redirectUrl: '/' });
    expect((await member.http.request('GET', '/api/reminders/counts')).statusCode).not.toBe(403);
    // The grace counts from the user's creation, which is later than the switch: ten days from now.
    const status = (await member.http.request('GET', '/api/user/2fa/totp')).json() as { enrolmentDeadline: string; enrolmentOverdue: boolean };
    expect(status.enrolmentOverdue).toBe(false);
    expect(Math.abs(new Date(status.enrolmentDeadline).getTime() - (start + 10 * DAY * 1000))).toBeLessThan(5000);
  });

  it('after the grace period, a password alone gives a session that may only enrol a factor or sign out', async () => {
    const { accountId, admin } = await newAccountWithAdmin();
    await enrol(admin.http);
    expect((await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 2 })).statusCode).toBe(200);
    const member = await signedIn(accountId);
    expect((await member.http.request('GET', '/api/reminders/counts')).statusCode).toBe(200);
    // The session signed in during the grace turns restricted at the deadline, without signing in again.
    await backdate(accountId, 2);
    elapse(60);
    const blocked = await member.http.request('GET', '/api/reminders/counts');
    expect([blocked.statusCode, blocked.json().errorKey]).toEqual([403, 'error.two_factor.enrolment_required']);

    const fresh = new TestClient(t.app, newIp());
    const login = await fresh.login(member.email, member.password);
    expect(login.json()).toEqual({ redirectUrl: '/settings/security', secondFactorEnrolmentRequired: true });
    for (const [method, url] of [
      ['GET', '/api/reminders/counts'],
      ['GET', '/api/account/security'],
      ['PATCH', `/api/user/${member.user.id}/password`],
      ['DELETE', '/api/user/2fa/totp'],
    ] as const) {
      const res = await fresh.request(method, url, method === 'GET' ? undefined : { password: 'x', currentPassword: 'x', code: '123456' });
      expect([`${method} ${url}`, res.statusCode, res.json().errorKey]).toEqual([`${method} ${url}`, 403, 'error.two_factor.enrolment_required']);
    }
    expect((await fresh.request('GET', '/api/user')).statusCode).toBe(200);
    expect((await fresh.request('GET', '/api/user/2fa/totp')).json()).toMatchObject({ enabled: false, enrolmentOverdue: true });
    // The session from before the deadline, restricted as well, may still sign out.
    expect((await member.http.request('POST', '/api/logout')).statusCode).toBe(200);
    expect((await member.http.request('GET', '/api/user')).statusCode).toBe(401);
    // Enrolling lifts the restriction for this very session.
    await enrol(fresh);
    expect((await fresh.request('GET', '/api/reminders/counts')).statusCode).toBe(200);
    expect((await fresh.request('GET', '/api/user/2fa/totp')).json()).toMatchObject({ enabled: true, enrolmentDeadline: null, enrolmentOverdue: false });
  });

  it('restricts nobody once the requirement is off again, and counts the grace from the switch for older users', async () => {
    const accountId = (await createAccount(t.db)).account.id;
    const member = await signedIn(accountId);
    await backdate(accountId, 30);
    const admin = await signedIn(accountId, ADMIN);
    await enrol(admin.http);
    await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 0 });
    elapse(1);
    expect((await member.http.request('GET', '/api/reminders/counts')).json().errorKey).toBe('error.two_factor.enrolment_required');
    expect((await admin.http.request('GET', '/api/reminders/counts')).statusCode).toBe(200);
    expect((await admin.http.request('PUT', '/api/account/security', { secondFactorRequired: false, graceDays: 0 })).statusCode).toBe(200);
    expect((await member.http.request('GET', '/api/reminders/counts')).statusCode).toBe(200);
  });
});

describe("the admin's view of the members' factors", () => {
  it("lists the account's users with their factor, and a reset removes it and ends that member's sessions at once", async () => {
    const { accountId, admin } = await newAccountWithAdmin();
    await enrol(admin.http);
    const member = await signedIn(accountId);
    await enrol(member.http);
    const other = await signedIn(accountId);
    const list = (await admin.http.request('GET', '/api/account/security/members')).json() as { members: { userId: string; totp: boolean }[] };
    expect(list.members.map((m) => [m.userId, m.totp]).sort()).toEqual(
      [[admin.user.id, true], [member.user.id, true], [other.user.id, false]].sort(),
    );

    expect((await member.http.request('GET', '/api/user')).statusCode).toBe(200);
    const reset = await admin.http.request('DELETE', `/api/account/security/members/${member.user.id}/factors`);
    expect(reset.statusCode).toBe(200);
    expect((await member.http.request('GET', '/api/user', undefined, { 'cache-control': 'no-cache' })).statusCode).toBe(401);
    expect(await t.db.select().from(userTotp).where(eq(userTotp.userId, member.user.id))).toEqual([]);
    // The password alone signs in again (nothing is required of this account).
    expect((await new TestClient(t.app, newIp()).login(member.email, member.password)).json()).toEqual({ redirectUrl: '/' });
    // The other member's session is untouched.
    expect((await other.http.request('GET', '/api/user')).statusCode).toBe(200);
  });

  it('refuses a non-admin (403) and treats another account\'s user as not found (404)', async () => {
    const { accountId, admin } = await newAccountWithAdmin();
    const evaluator = await signedIn(accountId);
    const target = await signedIn(accountId);
    for (const [method, url, body] of [
      ['GET', '/api/account/security', undefined],
      ['PUT', '/api/account/security', { secondFactorRequired: true, graceDays: 0 }],
      ['GET', '/api/account/security/members', undefined],
      ['DELETE', `/api/account/security/members/${target.user.id}/factors`, undefined],
    ] as const) {
      const res = await evaluator.http.request(method, url, body);
      expect([`${method} ${url}`, res.statusCode, res.json().errorKey]).toEqual([`${method} ${url}`, 403, 'error.auth.forbidden']);
    }
    expect((await admin.http.request('GET', '/api/account/security')).json()).toMatchObject({ secondFactorRequired: false });

    const elsewhere = await newAccountWithAdmin();
    const stranger = await signedIn(elsewhere.accountId);
    await enrol(stranger.http);
    const res = await admin.http.request('DELETE', `/api/account/security/members/${stranger.user.id}/factors`);
    expect([res.statusCode, res.json().errorKey]).toEqual([404, 'error.not_found']);
    expect((await stranger.http.request('GET', '/api/user/2fa/totp')).json()).toMatchObject({ enabled: true });
    const members = (await admin.http.request('GET', '/api/account/security/members')).json() as { members: { userId: string }[] };
    expect(members.members.map((m) => m.userId)).not.toContain(stranger.user.id);
  });
});
