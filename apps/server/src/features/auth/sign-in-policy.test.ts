// One sign-in policy for every way in (issue 36 point 12, docs/decisions/0073): the password, a passwordless passkey,
// Google, the account's OpenID Connect provider and its SAML provider, each driven end to end as a browser does it
// (local stand-ins for Google, the provider and the IdP), checked against the same table of rules: a deactivated user
// is refused; sign-on required refuses every way that is not the account's provider, except the password and passkey of
// the break-glass admin, whom no provider signs in; a second factor is asked (and its step, code or passkey, finishes
// the same sign-in); an overdue enrolment gives a session that may only enrol. A method that skips a rule fails here.
import { and, eq, gt, max } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, ssoConnections, users } from '../../db/schema';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { startSamlIdp, type TestSamlIdp } from '../../test/saml-idp';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { cookieOf, sessionEmail, stepUpWithPasskey } from '../../test/sign-in';
import { assertWith, createPasskey, type SoftPasskey } from '../passkeys/soft-authenticator';
import { relyingParty } from '../passkeys/webauthn-party';
import { newDomain, newIp, signInThroughProvider, ssoAccount } from '../sso/sso-test-helpers';
import { samlAccount, signInWithSaml } from '../sso/saml-test-helpers';

const GOOGLE_CLIENT = 'policy-google-client';
const GOOGLE_SECRET = 'policy-google-secret';
let t: TestApp;
let google: TestOidcProvider;
let provider: TestOidcProvider;
let idp: TestSamlIdp;
let origin: string;
beforeAll(async () => {
  [google, provider, idp] = await Promise.all([startOidcProvider(), startOidcProvider(), startSamlIdp()]);
  google.clients.set(GOOGLE_CLIENT, GOOGLE_SECRET);
  // The local providers listen on 127.0.0.1: allowed as an operator would allow an internal one (decision 0073).
  t = await createTestApp({ GOOGLE_CLIENT_ID: GOOGLE_CLIENT, GOOGLE_CLIENT_SECRET: GOOGLE_SECRET, GOOGLE_ISSUER: google.url, EGRESS_ALLOW_HOSTS: '127.0.0.1' });
  origin = relyingParty(t.app.config).origin;
});
afterAll(async () => {
  await t.close();
  await Promise.all([google.close(), provider.close(), idp.close()]);
});

const METHODS = ['PASSWORD', 'PASSKEY', 'GOOGLE', 'OIDC', 'SAML'] as const;
type Method = (typeof METHODS)[number];
const LOCAL: Method[] = ['PASSWORD', 'PASSKEY', 'GOOGLE'];

/** The person signing in, with what they hold. */
interface Person {
  id: string;
  accountId: string;
  breakGlassId: string;
  email: string;
  password: string;
  totpSecret?: string;
  passkey?: SoftPasskey;
}

/** How a sign-in ended: a session of someone, the second step asked (its bq_2fa cookie kept), or a refusal. */
type Outcome = { kind: 'session'; email: string | null; res: LightMyRequestResponse } | { kind: 'second_factor'; pending: string } | { kind: 'refused'; errorKey: string };

async function settle(res: LightMyRequestResponse): Promise<Outcome> {
  const pending = cookieOf(res, 'bq_2fa')?.value;
  if (res.statusCode === 303) {
    const location = new URL(String(res.headers.location), 'http://x');
    const samlError = location.searchParams.get('samlError');
    if (samlError) return { kind: 'refused', errorKey: samlError };
    if (location.searchParams.get('secondFactor') === '1' && pending) return { kind: 'second_factor', pending: `bq_2fa=${pending}` };
    return { kind: 'session', email: await sessionEmail(t, res), res };
  }
  if (res.statusCode !== 200) return { kind: 'refused', errorKey: res.json().errorKey ?? `${res.statusCode} ${res.body}` };
  if (res.json().secondFactorRequired && pending) return { kind: 'second_factor', pending: `bq_2fa=${pending}` };
  return { kind: 'session', email: await sessionEmail(t, res), res };
}

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, remoteAddress: newIp(), headers: { 'x-source': 'web', ...(cookie ? { cookie } : {}) }, payload });

/** Each way in, driven as the browser would. */
const signIn: Record<Method, (who: Person) => Promise<Outcome>> = {
  PASSWORD: async (who) => settle(await post('/api/login', { email: who.email, password: who.password })),
  PASSKEY: async (who) => {
    const options = (await post('/api/login/passkey/options', { step: 'passwordless' })).json();
    return settle(await post('/api/login/passkey', { step: 'passwordless', response: assertWith(who.passkey!, options, { origin }) }));
  },
  GOOGLE: async (who) => {
    const http = new TestClient(t.app, newIp());
    const start = await http.request('POST', '/api/oauth/google/start', {});
    const cookie = cookieOf(start, 'bq_google')!.value;
    google.next({ email: who.email, sub: `google-${who.id}` });
    const back = new URL((await fetch(start.json().authorizationUrl, { redirect: 'manual' })).headers.get('location')!);
    return settle(await http.request('POST', '/api/oauth/google', { callbackQuery: back.search }, { cookie: `bq_google=${cookie}` }));
  },
  OIDC: async (who) => settle((await signInThroughProvider(t, who.email)).res),
  SAML: async (who) => settle((await signInWithSaml(t, idp, who.email)).res),
};

/** The second step with the TOTP code (the next time step: the enrolment spent the current one) or the passkey. */
async function secondStep(pending: string, who: Person, factor: 'code' | 'passkey'): Promise<Outcome> {
  if (factor === 'code') return settle(await post('/api/login/2fa', { code: await generate({ secret: who.totpSecret!, epoch: Math.floor(Date.now() / 1000) + 30 }) }, pending));
  const options = (await post('/api/login/passkey/options', { step: 'second_factor' }, pending)).json();
  return settle(await post('/api/login/passkey', { step: 'second_factor', response: assertWith(who.passkey!, options, { origin }) }, pending));
}

interface Setup {
  /** Who signs in: a member of the account's domain, or its break-glass admin. */
  who?: 'member' | 'breakGlass';
  totp?: boolean;
  passkey?: boolean;
  signOnRequired?: boolean;
  deactivated?: boolean;
  enrolmentOverdue?: boolean;
}

/**
 * An account whose provider speaks the method's protocol (SAML for SAML, OpenID Connect otherwise) for a confirmed
 * domain, and the person: factors enrolled through the API while nothing stands in the way, then the rules applied.
 */
async function world(method: Method, setup: Setup): Promise<Person> {
  const domain = newDomain();
  const { account, admin } = method === 'SAML' ? await samlAccount(t, idp, domain) : await ssoAccount(t, provider, domain);
  const created = setup.who === 'breakGlass' ? { user: admin.user, email: admin.email, password: admin.password } : await createUser(t.db, account.id, { email: `member@${domain}` });
  const person: Person = { id: created.user.id, accountId: account.id, breakGlassId: admin.user.id, email: created.email, password: created.password };
  if (setup.totp || setup.passkey || method === 'PASSKEY') {
    const http = new TestClient(t.app, newIp());
    expect((await http.login(person.email, person.password)).statusCode).toBe(200);
    if (setup.passkey || method === 'PASSKEY') {
      const options = (await http.request('POST', '/api/user/2fa/passkeys/registration-options')).json();
      const { passkey, response } = createPasskey(options, { origin });
      expect((await http.request('POST', '/api/user/2fa/passkeys', { name: 'Laptop', response })).statusCode).toBe(200);
      person.passkey = passkey;
    }
    if (setup.totp) {
      // A user with a passkey proves it before adding TOTP (docs/decisions/0064).
      if (person.passkey) await stepUpWithPasskey(http, person.passkey, origin);
      const { secret } = (await http.request('POST', '/api/user/2fa/totp')).json() as { secret: string };
      expect((await http.request('POST', '/api/user/2fa/totp/confirm', { code: await generate({ secret }) })).statusCode).toBe(200);
      person.totpSecret = secret;
    }
  }
  if (setup.signOnRequired) {
    await t.db.update(ssoConnections).set({ signOnRequired: true, breakGlassUserId: admin.user.id }).where(eq(ssoConnections.accountId, account.id));
  }
  if (setup.deactivated) await t.db.update(users).set({ active: false }).where(eq(users.id, person.id));
  if (setup.enrolmentOverdue) {
    await t.db.update(accounts).set({ secondFactorRequiredSince: new Date(Date.now() - 86_400_000), secondFactorGraceDays: 0 }).where(eq(accounts.id, account.id));
  }
  return person;
}

const isSession = (outcome: Outcome, email: string) => expect(outcome.kind === 'session' ? outcome.email : outcome).toBe(email);
const isRefused = (outcome: Outcome, errorKey?: string) => {
  expect(outcome.kind, JSON.stringify(outcome)).toBe('refused');
  if (errorKey && outcome.kind === 'refused') expect(outcome.errorKey).toBe(errorKey);
};

describe.each(METHODS)('signing in with %s', (method) => {
  it('signs in an active user', async () => {
    const who = await world(method, {});
    isSession(await signIn[method](who), who.email);
  });

  it('refuses a deactivated user', async () => {
    const who = await world(method, { deactivated: true });
    isRefused(await signIn[method](who));
  });

  it("applies the account's sign-on required: only its provider signs in the domain's members", async () => {
    const who = await world(method, { signOnRequired: true });
    const outcome = await signIn[method](who);
    if (LOCAL.includes(method)) isRefused(outcome, 'error.sso.sign_on_required');
    else isSession(outcome, who.email);
  });

  it('signs in the break-glass admin with the password or a passkey only, never through Google or a provider', async () => {
    const who = await world(method, { who: 'breakGlass', signOnRequired: true });
    const outcome = await signIn[method](who);
    if (method === 'PASSWORD' || method === 'PASSKEY') isSession(outcome, who.email);
    else if (method === 'GOOGLE') isRefused(outcome, 'error.sso.sign_on_required');
    else isRefused(outcome, 'error.sso.break_glass_password_only');
  });

  it('asks a user with a second factor for it, and the code finishes the sign-in (a passkey is the factor itself)', async () => {
    const who = await world(method, { totp: true });
    const outcome = await signIn[method](who);
    if (method === 'PASSKEY') return isSession(outcome, who.email);
    expect(outcome.kind, JSON.stringify(outcome)).toBe('second_factor');
    if (outcome.kind === 'second_factor') isSession(await secondStep(outcome.pending, who, 'code'), who.email);
  });

  it("finishes a provider's sign-in with a passkey as second factor under sign-on required; the other ways stay refused", async () => {
    const who = await world(method, { passkey: true, signOnRequired: true });
    const outcome = await signIn[method](who);
    if (LOCAL.includes(method)) return isRefused(outcome, 'error.sso.sign_on_required');
    expect(outcome.kind, JSON.stringify(outcome)).toBe('second_factor');
    if (outcome.kind === 'second_factor') isSession(await secondStep(outcome.pending, who, 'passkey'), who.email);
  });

  it('gives a user whose enrolment is overdue a session that may only enrol a factor', async () => {
    if (method === 'PASSKEY') return; // A passkey is a factor: its holder is never overdue.
    const who = await world(method, { enrolmentOverdue: true });
    const outcome = await signIn[method](who);
    isSession(outcome, who.email);
    if (outcome.kind !== 'session') return;
    const cookie = `bq_session=${cookieOf(outcome.res, 'bq_session')!.value}`;
    const blocked = await t.app.inject({ method: 'GET', url: '/api/reminders/counts', headers: { cookie } });
    expect([blocked.statusCode, blocked.json().errorKey]).toEqual([403, 'error.two_factor.enrolment_required']);
    // Every way in says so, sending the browser to the enrolment page.
    const landing = outcome.res.statusCode === 303 ? outcome.res.headers.location : outcome.res.json().redirectUrl;
    expect(landing).toBe('/settings/security');
  });
});

describe('the second step applies the policy again', () => {
  it('refuses the code when sign-on became required after the password step', async () => {
    const who = await world('PASSWORD', { totp: true });
    const first = await signIn.PASSWORD(who);
    expect(first.kind).toBe('second_factor');
    await t.db.update(ssoConnections).set({ signOnRequired: true, breakGlassUserId: who.breakGlassId }).where(eq(ssoConnections.accountId, who.accountId));
    if (first.kind === 'second_factor') isRefused(await secondStep(first.pending, who, 'code'), 'error.sso.sign_on_required');
  });
});

/**
 * The account's sign-in events concerning this person after the setup's own sign-ins (enrolling a factor): what the
 * trail says about the attempt, by outcome and actor (each way in has its action: auth.sign_in_google, ...).
 */
async function signInEvents(who: Person, after: number) {
  const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.accountId, who.accountId), eq(auditEvents.actorId, who.id), gt(auditEvents.id, after)));
  return rows.filter((e) => e.action.startsWith('auth.sign_in')).sort((a, b) => Number(a.id) - Number(b.id)).map((e) => `${e.action} ${e.outcome} ${e.actorKind}`);
}
const lastEventId = async () => Number((await t.db.select({ id: max(auditEvents.id) }).from(auditEvents))[0]?.id ?? 0);

const ACTION: Record<Method, string> = { PASSWORD: 'auth.sign_in', PASSKEY: 'auth.sign_in', GOOGLE: 'auth.sign_in_google', OIDC: 'auth.sign_in_sso', SAML: 'auth.sign_in_sso' };

describe.each(METHODS)("the trail of a sign-in with %s (the policy names the user, one place for every way in)", (method) => {
  it("holds the sign-in in the user's account, naming the user", async () => {
    const who = await world(method, {});
    const after = await lastEventId();
    isSession(await signIn[method](who), who.email);
    expect(await signInEvents(who, after)).toEqual([`${ACTION[method]} ALLOWED USER`]);
  });

  it('holds the refused second step and then the finished one, each naming the user', async () => {
    if (method === 'PASSKEY') return; // A passkey is the factor itself: there is no second step.
    const who = await world(method, { totp: true });
    const after = await lastEventId();
    const first = await signIn[method](who);
    expect(first.kind, JSON.stringify(first)).toBe('second_factor');
    if (first.kind !== 'second_factor') return;
    isRefused(await settle(await post('/api/login/2fa', { code: '000000' }, first.pending)), 'error.two_factor.code_invalid');
    isSession(await secondStep(first.pending, who, 'code'), who.email);
    expect(await signInEvents(who, after)).toEqual([`${ACTION[method]} ALLOWED USER`, 'auth.sign_in_failed REFUSED USER', 'auth.sign_in ALLOWED USER']);
  });
});

describe('a refusal by the policy', () => {
  it.each(['PASSWORD', 'PASSKEY'] as const)("is in the user's account, naming the user (%s under sign-on required)", async (method) => {
    const who = await world(method, { signOnRequired: true });
    const after = await lastEventId();
    isRefused(await signIn[method](who), 'error.sso.sign_on_required');
    expect(await signInEvents(who, after)).toEqual(['auth.sign_in_failed REFUSED USER']);
  });
});

describe('sessions', () => {
  it('are written by establishSession only', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { fileURLToPath } = await import('node:url');
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('node_modules'));
    const writers: string[] = [];
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      if (/insert\(sessions\)|createSession\(/.test(text)) writers.push(file.replaceAll('\\', '/'));
    }
    // sessions.ts defines createSession; establish-session.ts's establishSession is its one caller.
    expect(writers.sort()).toEqual(['features/auth/establish-session.ts', 'plugins/sessions.ts']);
  });
});
