// Which users a SCIM token may touch (issue 36 point 2, docs/decisions/0062): the review's takeover (a token issued by a
// sign-in-settings admin renames the account owner's address, then a password reset to the new address owns the
// account) is closed, and the directory still manages the users it provisioned or that are of the account's confirmed
// domains, where an address change ends what the old address opened and tells the old address.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, mailOutbox, ssoConnections, ssoDomains, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { mailResetLinkIfKnown } from '../password-recovery/password-recovery-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SCIM = 'application/scim+json';
const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const EVALUATOR = [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }];
let ip = 0;
const browser = () => new TestClient(t.app, `10.36.${Math.floor(++ip / 250)}.${ip % 250}`);
const newDomain = () => `bank-${randomBytes(4).toString('hex')}.example`;

function scim(token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, accept: SCIM, ...(body !== undefined ? { 'content-type': SCIM } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}
const renameTo = (email: string) => ({ schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'userName', value: email }] });
const scimUser = (email: string) => ({ schemas: [USER_SCHEMA], userName: email, name: { givenName: 'Ada', familyName: 'Lovelace' }, emails: [{ value: email, primary: true }], active: true });
const filterUrl = (userName: string) => `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`;
const emailOf = async (id: string) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

/**
 * An account as the security review found it: the owner (ALL/ALL/ALL) and a user manager who holds only the sign-in
 * settings permission (BQ_ADMIN/BQ_USER) and issued the SCIM token; one confirmed domain.
 */
async function accountWithToken() {
  const { account } = await createAccount(t.db, { products: ['BQ_RISK', 'BQ_SELECTION'] });
  const domain = newDomain();
  await t.db.insert(ssoDomains).values({ domain, accountId: account.id, confirmedAt: new Date() });
  const owner = await createUser(t.db, account.id, { email: uniqueEmail('owner') });
  const manager = await createUser(t.db, account.id, {
    email: uniqueEmail('usermgr'),
    permissions: [
      { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' },
      { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' },
    ],
  });
  const managerHttp = browser();
  expect((await managerHttp.login(manager.email, manager.password)).statusCode).toBe(200);
  const issued = await managerHttp.request('POST', '/api/sso/scim/token');
  expect(issued.statusCode).toBe(201);
  return { accountId: account.id, domain, owner, manager, token: issued.json().token as string };
}

describe('what a SCIM token may touch', () => {
  it("cannot rename the account owner's address (the takeover): 404, the address stays, and a reset to the new address sends nothing", async () => {
    const { owner, token } = await accountWithToken();
    const attacker = `takeover.${randomUUID()}@probe.example`;

    const patch = await scim(token, 'PATCH', `/scim/v2/Users/${owner.user.id}`, renameTo(attacker));
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404' });
    expect(patch.json().detail).toMatch(/^error\.not_found: /);
    expect((await scim(token, 'PUT', `/scim/v2/Users/${owner.user.id}`, scimUser(attacker))).statusCode).toBe(404);
    expect(await emailOf(owner.user.id)).toBe(owner.email);

    const reset = await browser().request('POST', '/api/user/password/reset', { email: attacker });
    expect(reset.statusCode).toBe(202);
    // The link is prepared after the answer: the same step, awaited, so "nothing" is not just "not yet".
    await mailResetLinkIfKnown(t.db, t.queue, t.config, attacker);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, attacker))).toHaveLength(0);
    expect((await browser().login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('shows none of the account admins, the break-glass admin or users it neither provisioned nor has the domain of', async () => {
    const { accountId, domain, owner, manager, token } = await accountWithToken();
    // An admin and the break-glass admin inside the confirmed domain: the domain does not bring them into reach.
    const domainAdmin = await createUser(t.db, accountId, { email: `boss@${domain}`, permissions: [{ realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }] });
    const breakGlass = await createUser(t.db, accountId, { email: `emergency@${domain}`, permissions: EVALUATOR });
    await t.db.insert(ssoConnections).values({ accountId, protocol: 'OIDC', breakGlassUserId: breakGlass.user.id });
    const offDomain = await createUser(t.db, accountId, { email: uniqueEmail('adviser'), permissions: EVALUATOR });
    const member = await createUser(t.db, accountId, { email: `member@${domain}`, permissions: EVALUATOR });

    for (const hidden of [owner, manager, domainAdmin, breakGlass, offDomain]) {
      const label = hidden.email;
      expect((await scim(token, 'GET', `/scim/v2/Users/${hidden.user.id}`)).statusCode, label).toBe(404);
      expect((await scim(token, 'GET', filterUrl(hidden.email))).json().totalResults, label).toBe(0);
      expect((await scim(token, 'PATCH', `/scim/v2/Users/${hidden.user.id}`, { schemas: [PATCH_SCHEMA], Operations: [{ op: 'replace', path: 'active', value: false }] })).statusCode, label).toBe(404);
      expect((await scim(token, 'DELETE', `/scim/v2/Users/${hidden.user.id}`)).statusCode, label).toBe(404);
      const [row] = await t.db.select({ active: users.active, email: users.email, deletedAt: users.scimDeletedAt }).from(users).where(eq(users.id, hidden.user.id));
      expect(row, label).toEqual({ active: true, email: hidden.email, deletedAt: null });
    }
    // The directory's view of the account: the domain's everyday member only.
    const list = (await scim(token, 'GET', '/scim/v2/Users')).json();
    expect(list.Resources.map((u: { id: string }) => u.id)).toEqual([member.user.id]);
    // Creating a user with an address the account already has outside SCIM's reach: taken, not adopted.
    expect((await scim(token, 'POST', '/scim/v2/Users', scimUser(owner.email))).statusCode).toBe(409);
  });
});

describe('a new address through SCIM', () => {
  it("of a domain member: confirmed domain only; it clears the verification, ends the sessions and old reset links, and tells the old address", async () => {
    const { accountId, domain, token } = await accountWithToken();
    const member = await createUser(t.db, accountId, { email: `m.mustermann@${domain}`, firstName: 'Maria', lastName: 'Mustermann', permissions: EVALUATOR });
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.user.id));
    const session = browser();
    expect((await session.login(member.email, member.password)).statusCode).toBe(200);
    // A reset link mailed to the old address before the change.
    await mailResetLinkIfKnown(t.db, t.queue, t.config, member.email);
    const [resetMail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.kind, 'PASSWORD_RESET')));
    const resetToken = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(resetMail!.textBody)![1]!);

    const id = (await scim(token, 'GET', filterUrl(member.email))).json().Resources[0].id as string;
    expect(id).toBe(member.user.id);
    const outside = await scim(token, 'PATCH', `/scim/v2/Users/${id}`, renameTo(`maria.${randomUUID()}@probe.example`));
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect(outside.json().detail).toMatch(/^error\.scim\.user_name_outside_domains: /);
    expect(await emailOf(id)).toBe(member.email);
    expect((await session.request('GET', '/api/user')).statusCode).toBe(200);

    const newEmail = `maria.schmidt@${domain}`;
    const renamed = await scim(token, 'PATCH', `/scim/v2/Users/${id}`, renameTo(newEmail));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ userName: newEmail, emails: [{ value: newEmail }] });
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: newEmail, emailVerifiedAt: null });

    // The old session is over; the old address no longer signs in; the old reset link no longer works.
    await t.settleChangeNotifications();
    expect((await session.request('GET', '/api/user')).statusCode).toBe(401);
    expect((await browser().login(member.email, member.password)).statusCode).toBe(401);
    expect((await browser().request('GET', `/api/user/password/reset/verify?token=${encodeURIComponent(resetToken)}`)).statusCode).toBe(410);
    expect((await browser().login(newEmail, member.password)).statusCode).toBe(200);

    const notices = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.kind, 'SIGN_IN_ADDRESS_CHANGED')));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your sign-in address was changed');
    expect(notices[0]!.textBody).toContain('Hello Maria');
    // Written as the mail writes every non-link value: never a clickable address (mail-values.ts).
    expect(notices[0]!.textBody).toContain(`maria[.]schmidt@${domain.replaceAll('.', '[.]')}`);
    expect(notices[0]!.textBody).toContain("user directory changed the address you sign in with");

    // The trail: that the address changed, as digests; neither address in clear.
    await t.app.audit.flush();
    const [event] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'scim.user_update'), eq(auditEvents.outcome, 'ALLOWED')));
    expect(event!.details).toMatchObject({ userId: id, sessionsEnded: 1, changed: [{ field: 'email', old: expect.stringMatching(/^hmac-[0-9a-f]{8}:/), new: expect.stringMatching(/^hmac-[0-9a-f]{8}:/) }] });
    expect(JSON.stringify(event!.details)).not.toMatch(/mustermann|schmidt/);
  });

  it('of a user SCIM provisioned outside the domains: managed, kept at its address, moved only into a confirmed domain (German notice)', async () => {
    const { domain, token } = await accountWithToken();
    const offDomain = `ada.${randomUUID()}@elsewhere.example`;
    const created = await scim(token, 'POST', '/scim/v2/Users', { ...scimUser(offDomain), preferredLanguage: 'de-DE' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await scim(token, 'PUT', `/scim/v2/Users/${id}`, { ...scimUser(offDomain), name: { givenName: 'Ada', familyName: 'King' } })).json()).toMatchObject({ name: { familyName: 'King' } });

    const elsewhere = await scim(token, 'PUT', `/scim/v2/Users/${id}`, scimUser(`ada.${randomUUID()}@elsewhere.example`));
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toMatch(/^error\.scim\.user_name_outside_domains: /);
    const inDomain = `ada@${domain}`;
    expect((await scim(token, 'PUT', `/scim/v2/Users/${id}`, scimUser(inDomain))).statusCode).toBe(200);
    expect(await emailOf(id)).toBe(inDomain);
    await vi.waitFor(async () => {
      const [notice] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, offDomain), eq(mailOutbox.kind, 'SIGN_IN_ADDRESS_CHANGED')));
      expect(notice!.subject).toBe('Ihre Anmeldeadresse wurde geändert');
    });
  });
});
