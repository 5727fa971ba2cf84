// Sign-up, e-mail verification gate, add product and the demo password through the HTTP API, on PGlite and
// PostgreSQL: same answer for known and unknown addresses, tokens stored hashed, rate limits, unverified
// self-service accounts cannot send questionnaires.
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, authRequests, clients, emailVerifications, interactionInstances, mailOutbox, productConfigurations, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { newPublicToken } from '../clients/client-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Sign-Up-Pass-2026!';
let ipCounter = 0;
/** Each test its own IP, so the per-IP limits of one test do not reach another. */
const freshClient = () => new TestClient(t.app, `10.1.0.${++ipCounter}`);
const form = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  firstName: 'Sina',
  lastName: 'Selbst',
  termsAccepted: true,
  ...extra,
});
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email.toLowerCase())).orderBy(desc(mailOutbox.createdAt));
const linkIn = (text: string, path: string) => {
  const match = new RegExp(`${path}([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${text}`);
  return decodeURIComponent(match[1]!);
};
const bodyWithoutReqId = (body: string) => {
  const { reqId: _reqId, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};

describe('pre-sign-up', () => {
  it('validates the form and stores nothing', async () => {
    const http = freshClient();
    const email = uniqueEmail('pre');
    for (const path of ['/api/presignup/bqaself', '/api/presignup/selfassessment']) {
      const res = await http.request('POST', path, form(email));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('refuses unaccepted terms, a bad address, missing names and a weak password with errorKeys', async () => {
    const http = freshClient();
    const terms = await http.request('POST', '/api/presignup/bqaself', form(uniqueEmail(), { termsAccepted: false }));
    expect(terms.statusCode).toBe(400);
    expect(terms.json().fields).toContainEqual({ path: 'body.termsAccepted', errorKey: 'error.validation.terms_not_accepted' });
    const bad = await http.request('POST', '/api/presignup/selfassessment', form('not-an-address', { firstName: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'body.email', errorKey: 'error.validation.invalid_email' },
        { path: 'body.firstName', errorKey: 'error.validation.required' },
      ]),
    );
    const weak = await http.request('POST', '/api/presignup/bqaself', form(uniqueEmail(), { password: 'alllowercaseletters' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorKey).toBe('error.password.weak');
    const short = await http.request('POST', '/api/signup', form(uniqueEmail(), { password: 'Ab1!' }));
    expect(short.json().fields).toContainEqual({ path: 'body.password', errorKey: 'error.validation.too_short' });
    const product = await http.request('POST', '/api/signup', form(uniqueEmail(), { productType: 'BQ_SELECTION' }));
    expect(product.statusCode).toBe(400);
  });
});

describe('sign-up -> verify -> sign in -> send', () => {
  it('creates a SELF_SERVICE account with its product, mails a hashed single-use link, and gates sending until verified', async () => {
    const http = freshClient();
    const email = uniqueEmail('Self.Service').replace('self', 'Self');
    const res = await http.request('POST', '/api/signup', form(email, { locale: 'DE_DE', productType: 'BQ_RISK' }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sentTo: email.toLowerCase() });
    expect(res.cookies.find((c) => c.name === 'bq_session')).toBeUndefined();

    const [user] = await t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(user).toMatchObject({ firstName: 'Sina', locale: 'DE_DE', emailVerifiedAt: null });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, user!.accountId));
    expect(account!.type).toBe('SELF_SERVICE');
    const configs = await t.db.select().from(productConfigurations).where(eq(productConfigurations.accountId, account!.id));
    expect(configs.map((c) => [c.productType, c.planType])).toEqual([['BQ_RISK', 'BASIC']]);

    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'EMAIL_VERIFICATION', locale: 'DE_DE' });
    const token = linkIn(mail!.textBody, '/verify/');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only the SHA-256 of the token is in the database.
    const [stored] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user!.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await t.db.select().from(emailVerifications))).not.toContain(token);

    // Signed in but unverified: "email verification required", and no questionnaire goes out.
    expect((await http.login(email, PASSWORD)).statusCode).toBe(200);
    const me = (await http.request('GET', '/api/user')).json();
    expect(me).toMatchObject({ accountType: 'SELF_SERVICE', emailVerificationRequired: true });
    const client = await http.request('POST', '/api/u', {
      firstName: 'Kai', lastName: 'Kunde', email: uniqueEmail('kunde'), group: 'PROSPECT', locale: 'DE_DE', productConfigurationId: configs[0]!.id,
    });
    expect(client.statusCode).toBe(201);
    const send = () => http.request('POST', '/api/instance', { clientToken: client.json().token, productConfigurationId: configs[0]!.id });
    const refused = await send();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.email_verification.required');
    expect(await t.db.select().from(interactionInstances).where(eq(interactionInstances.accountId, account!.id))).toHaveLength(0);

    // Resend works for the unverified user (and is rate limited: one a minute).
    const resend = await http.request('GET', '/api/email/verification/resend');
    expect(resend.statusCode).toBe(429);
    expect(resend.json().errorKey).toBe('error.email_verification.too_soon');

    // An invitation by e-mail is refused as well (an instance written directly, as if made before).
    const [clientRow] = await t.db.select().from(clients).where(eq(clients.token, client.json().token));
    const [direct] = await t.db
      .insert(interactionInstances)
      .values({ accountId: account!.id, token: newPublicToken(), clientId: clientRow!.id, productConfigurationId: configs[0]!.id, interactionId: 'risk', expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const invite = await http.request('POST', `/api/instance/${direct!.token}/invite/email`);
    expect(invite.statusCode).toBe(403);
    expect(invite.json().errorKey).toBe('error.email_verification.required');
    expect((await mailsTo(clientRow!.email)).filter((m) => m.kind === 'INVITATION')).toHaveLength(0);
    await t.db.delete(interactionInstances).where(eq(interactionInstances.id, direct!.id));

    const verified = await http.request('GET', `/api/email/verification/${token}`);
    expect(verified.statusCode).toBe(200);
    const again = await http.request('GET', `/api/email/verification/${token}`);
    expect(again.statusCode).toBe(410);
    expect((await http.request('GET', '/api/user')).json().emailVerificationRequired).toBe(false);
    const sent = await send();
    expect(sent.statusCode).toBe(201);
  });

  it('answers an address that has an account exactly like a new one, and mails its owner instead', async () => {
    const { account } = await createAccount(t.db);
    const { email, user } = await createUser(t.db, account.id, { password: 'Existing-Pass-2026!' });
    const newEmail = uniqueEmail('brand-new');
    const known = await freshClient().request('POST', '/api/signup', form(email.toUpperCase()));
    const unknown = await freshClient().request('POST', '/api/signup', form(newEmail));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(bodyWithoutReqId(known.body)).toEqual({ sentTo: email });
    expect(bodyWithoutReqId(unknown.body)).toEqual({ sentTo: newEmail });
    // Nothing changed for the existing user: same account, same password.
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.accountId).toBe(account.id);
    expect((await freshClient().login(email, 'Existing-Pass-2026!')).statusCode).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail!.kind).toBe('ACCOUNT_EXISTS');
    expect(mail!.textBody).toContain('/password/recovery');
    // The self-assessment variant gives the same answer too, and creates the self-assessment product.
    const sa = uniqueEmail('sa');
    const saRes = await freshClient().request('POST', '/api/signup/selfassessment', form(sa));
    expect(saRes.statusCode).toBe(202);
    const [saUser] = await t.db.select().from(users).where(eq(users.email, sa));
    const saConfigs = await t.db.select().from(productConfigurations).where(eq(productConfigurations.accountId, saUser!.accountId));
    expect(saConfigs.map((c) => c.productType)).toEqual(['BQ_PERFORMANCE_SELF_ASSESSMENT']);
    const knownSa = await freshClient().request('POST', '/api/signup/selfassessment', form(sa));
    expect(knownSa.statusCode).toBe(202);
    expect(bodyWithoutReqId(knownSa.body)).toEqual({ sentTo: sa });
  });

  it('defaults to the wealth advisory trial', async () => {
    const email = uniqueEmail('wealth');
    await freshClient().request('POST', '/api/signup', form(email));
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const configs = await t.db.select().from(productConfigurations).where(eq(productConfigurations.accountId, user!.accountId));
    expect(configs.map((c) => [c.productType, c.planType])).toEqual([['BQ_ADVISORY_WEALTH', 'TRIAL']]);
    // The trial runs 30 days from sign-up (docs/decisions/0038).
    const days = (configs[0]!.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('limits sign-up requests per address whether or not it has an account, and stores only its hash', async () => {
    const email = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await freshClient().request('POST', '/api/signup', form(email))).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await freshClient().request('POST', '/api/signup', form(email));
    // A sign-up is not a sign-in: its own key, not "too many login attempts".
    expect(limited.json().errorKey).toBe('error.signup.too_many_requests');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(JSON.stringify(await t.db.select().from(authRequests))).not.toContain(email);
    // Per IP as well.
    const sameIp = new TestClient(t.app, '10.9.9.9');
    const perIp: number[] = [];
    for (let i = 0; i < 11; i++) perIp.push((await sameIp.request('POST', '/api/signup', form(uniqueEmail('ip')))).statusCode);
    expect(perIp.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(perIp[10]).toBe(429);
  });
});

describe('POST /api/add_product', () => {
  async function selfService() {
    const email = uniqueEmail('adder');
    const http = freshClient();
    await http.request('POST', '/api/signup', form(email, { productType: 'BQ_RISK' }));
    await http.login(email, PASSWORD);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return { http, user: user! };
  }

  it('adds a product once, then answers product already added', async () => {
    const { http, user } = await selfService();
    const res = await http.request('POST', '/api/add_product', { initiatorId: user.id, productType: 'BQ_ADVISORY_WEALTH' });
    expect(res.statusCode).toBe(200);
    expect(res.json().productType).toBe('BQ_ADVISORY_WEALTH');
    const me = (await http.request('GET', '/api/user')).json();
    expect(me.products.map((p: { productType: string }) => p.productType).sort()).toEqual(['BQ_ADVISORY_WEALTH', 'BQ_RISK']);
    expect(me.currentProduct.productType).toBe('BQ_ADVISORY_WEALTH');
    const twice = await http.request('POST', '/api/add_product', { initiatorId: user.id, productType: 'BQ_RISK' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorKey).toBe('error.product.already_added');
  });

  it('refuses bad input, another user id (404), enterprise accounts, a missing permission and no session', async () => {
    const { http, user } = await selfService();
    const bad = await http.request('POST', '/api/add_product', { initiatorId: user.id, productType: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorKey).toBe('error.validation');
    const other = await createAccount(t.db, { type: 'SELF_SERVICE' });
    const { user: foreign } = await createUser(t.db, other.account.id);
    const foreignRes = await http.request('POST', '/api/add_product', { initiatorId: foreign.id, productType: 'BQ_SELECTION' });
    expect(foreignRes.statusCode).toBe(404);
    const enterprise = await createAccount(t.db, { type: 'ENTERPRISE' });
    const admin = await createUser(t.db, enterprise.account.id);
    const ent = new TestClient(t.app);
    await ent.login(admin.email, admin.password);
    const refused = await ent.request('POST', '/api/add_product', { initiatorId: admin.user.id, productType: 'BQ_SELECTION' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorKey).toBe('error.account.type_not_allowed');
    const limited = await createUser(t.db, other.account.id, { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
    const lim = new TestClient(t.app);
    await lim.login(limited.email, limited.password);
    const forbidden = await lim.request('POST', '/api/add_product', { initiatorId: limited.user.id, productType: 'BQ_SELECTION' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errorKey).toBe('error.auth.forbidden');
    expect((await freshClient().request('POST', '/api/add_product', { initiatorId: user.id, productType: 'BQ_RISK' })).statusCode).toBe(401);
  });
});

describe('POST /api/demo/password/{instanceToken}', () => {
  async function demoInstance(status: 'RESULTS_AVAILABLE' | 'NEW', type: 'DEMO' | 'ENTERPRISE' = 'DEMO') {
    const { account, configs } = await createAccount(t.db, { type, products: ['BQ_RISK'] });
    const email = uniqueEmail('participant');
    const [client] = await t.db
      .insert(clients)
      .values({ accountId: account.id, token: newPublicToken(), firstName: 'Dora', lastName: 'Demo', email, locale: 'EN_UK' })
      .returning();
    const [instance] = await t.db
      .insert(interactionInstances)
      .values({
        accountId: account.id, token: newPublicToken(), clientId: client!.id, productConfigurationId: configs[0]!.id, interactionId: 'risk', status,
        answers: { q1: 3 }, lockStatus: 'LOCKED',
      })
      .returning();
    return { email, instance: instance!, account };
  }

  it('makes the participant a signed-in self-service user with their own, unlocked result', async () => {
    const { email, instance, account } = await demoInstance('RESULTS_AVAILABLE');
    const http = freshClient();
    const res = await http.request('POST', `/api/demo/password/${instance.token}`, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const me = (await http.request('GET', '/api/user')).json();
    expect(me).toMatchObject({ email, accountType: 'SELF_SERVICE', firstName: 'Dora' });
    expect(me.accountId).not.toBe(account.id);
    const [copy] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.accountId, me.accountId));
    expect(copy).toMatchObject({ status: 'RESULTS_AVAILABLE', lockStatus: 'UNLOCKED', answers: { q1: 3 } });
    expect(copy!.token).not.toBe(instance.token);
    expect(res.json().redirectUrl).toMatch(new RegExp(`^/BQ_RISK/client/[A-Za-z0-9_-]+/dashboard/${copy!.token}$`));
    // The demo account's instance stays as it was.
    const [original] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, instance.id));
    expect(original!.accountId).toBe(account.id);
    // Signing in later works with the new password; a second try answers email already exists.
    expect((await freshClient().login(email, PASSWORD)).statusCode).toBe(200);
    const twice = await freshClient().request('POST', `/api/demo/password/${instance.token}`, { password: PASSWORD });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorKey).toBe('error.email.already_exists');
  });

  it('refuses unfinished, non-demo and unknown tokens and weak passwords', async () => {
    const open = await demoInstance('NEW');
    const noResult = await freshClient().request('POST', `/api/demo/password/${open.instance.token}`, { password: PASSWORD });
    expect(noResult.statusCode).toBe(409);
    expect(noResult.json().errorKey).toBe('error.demo.no_result');
    const enterprise = await demoInstance('RESULTS_AVAILABLE', 'ENTERPRISE');
    expect((await freshClient().request('POST', `/api/demo/password/${enterprise.instance.token}`, { password: PASSWORD })).statusCode).toBe(404);
    expect((await freshClient().request('POST', `/api/demo/password/${newPublicToken()}`, { password: PASSWORD })).statusCode).toBe(404);
    const demo = await demoInstance('RESULTS_AVAILABLE');
    const weak = await freshClient().request('POST', `/api/demo/password/${demo.instance.token}`, { password: 'onlylowercaseletters' });
    expect(weak.json().errorKey).toBe('error.password.weak');
    const short = await freshClient().request('POST', `/api/demo/password/${demo.instance.token}`, {});
    expect(short.json().errorKey).toBe('error.validation');
    expect(await t.db.select().from(users).where(and(eq(users.email, demo.email)))).toHaveLength(0);
  });
});
