// The access matrix (issue 15 item 1), generated from the route table: every /api route the app registers (collected
// through buildApp's onRoute hook, so routes added later are covered without touching this file) x {anonymous,
// participant token, evaluator without the needed permission, evaluator of another account, account admin}. The
// expected answer of each cell follows from the route's DECLARED access (config.public | signedIn | permission |
// productPermission | operator, see plugins/auth.ts); a route that declares none fails the test. Every handler is
// wrapped as it is registered: an anonymous call of a non-public route must be refused before its handler runs.
// Another account's ids and tokens must behave exactly like missing ones: the same status and errorKey as random ids
// of the same shape, never a success, and no answer to another account may contain this account's data.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateRespondents } from '@bq/scoring/simulate';
import { interactionInstances, mailOutbox, paymentCheckouts, paymentConfigurations } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/postgres-admin';
import { createAccount, createUser } from '../../test/factories';
import { apiRoutes, buildUrl, sample, type ApiRoute } from '../../test/route-table';
import { calculateInstance } from '../calculation/calculate-instance';
import { definitionForProduct } from '../interactions/definitions';
import { createApiCredential } from '../api-credentials/api-credential-service';
import { creditBalance } from '../user/user-service';

const ACCESS_KEYS = ['public', 'signedIn', 'permission', 'productPermission', 'operator'] as const;
type Access = (typeof ACCESS_KEYS)[number];
/** Error keys that mean "refused by the access check", as opposed to a refusal of the request itself. */
const ACCESS_REFUSALS = new Set(['error.auth.unauthorized', 'error.auth.forbidden', 'error.auth.operator_required', 'error.auth.csrf']);

/**
 * Writes that need no permission of the account, each with the reason (docs/decisions/0031). Every other write (a
 * method other than GET, or a GET declaring `writes`) must declare a permission whose action is not READ.
 */
const WRITES_WITHOUT_PERMISSION: Record<string, string> = {
  'POST /api/login': 'public: signing in is the credential check itself',
  'POST /api/logout': "public: ends the caller's own session, if any",
  'POST /api/login/2fa': "public: the pending sign-in's signed cookie and the code are the credential",
  'POST /api/user/2fa/totp': "signedIn, sessionOnly: the user's own second factor",
  'POST /api/user/2fa/totp/confirm': "signedIn, sessionOnly: the user's own second factor, proven by its first code",
  'DELETE /api/user/2fa/totp': "signedIn, sessionOnly: the user's own second factor, proven by the password and a code",
  'POST /api/user/2fa/passkeys/registration-options': "signedIn, sessionOnly: a challenge for the user's own passkey",
  'POST /api/user/2fa/passkeys': "signedIn, sessionOnly: the user's own passkey, proven by the authenticator's answer",
  'PATCH /api/user/2fa/passkeys/:id': "signedIn, sessionOnly: the name of the user's own passkey",
  'DELETE /api/user/2fa/passkeys/:id': "signedIn, sessionOnly, stepUp: the user's own passkey",
  'POST /api/login/passkey/options': 'public: a challenge; nothing is granted until the passkey answers it',
  'POST /api/login/passkey': "public: the passkey's signature (and, at the second step, the pending sign-in's cookie) is the credential",
  'POST /api/user/2fa/step-up/passkey-options': "signedIn, sessionOnly: a challenge for the user's own passkey",
  'POST /api/user/2fa/step-up': "signedIn, sessionOnly: the session's own proof of its second factor",
  'PATCH /api/user/:id/password': "signedIn, sessionOnly: the user's own password, proven by the current one",
  'POST /api/admin/user/settings': "signedIn: the user's own settings; its anonymisation fields need ANONYMIZATION_ALLOW_LIST",
  'POST /api/trial/bq_advisory_wealth/dismiss': 'signedIn: hides a notice for this user only',
  'PUT /api/q/:token/answers': "public: the participant's instance token is the credential",
  'POST /api/q/:token/submit': "public: the participant's instance token is the credential",
  'POST /api/q/:token/self-identification': "public: the participant key the submit handed the candidate's browser is the credential, never a session (their own voluntary statement, docs/decisions/0063)",
  'POST /api/presignup/bqaself': 'public: sign-up starts an account of its own',
  'POST /api/signup': 'public: sign-up starts an account of its own',
  'POST /api/presignup/selfassessment': 'public: sign-up starts an account of its own',
  'POST /api/signup/selfassessment': 'public: sign-up starts an account of its own',
  'POST /api/user/password/reset': "public: mails a reset link to the address's owner only",
  'POST /api/user/password': 'public: the reset token is the credential',
  'POST /api/oauth/google': "public: the attempt's encrypted cookie and Google's signed ID token are the credential",
  'POST /api/oauth/google/start': 'public: starts a sign-in at Google; changes nothing',
  'POST /api/sso/oidc/start': "public: starts a sign-in at the provider of the address's account; changes nothing",
  'POST /api/sso/oidc/callback': "public: the attempt's encrypted cookie and the provider's signed ID token are the credential",
  'POST /api/sso/saml/start': "public: starts a sign-in at the SAML provider of the address's account; keeps the request's id",
  'POST /api/sso/saml/:accountId/acs': "webhook: the provider's signed assertion, answering an open request of this app, is the credential",
  'POST /api/demo/password/:instanceToken': "public: the participant's instance token is the credential",
  'POST /api/payment/sandbox/:sessionId/confirm': "public: the sandbox's checkout session is the credential (the provider's page)",
  'POST /api/payment/webhook/sandbox': "webhook: the provider's signature is the credential",
  'POST /api/payment/webhook/:provider': "webhook: the provider's signature is the credential",
  'POST /api/mail/bounces': "the operator's bearer MAIL_BOUNCE_TOKEN is the credential (404 while unset); it marks a platform mail bounced",
  'POST /api/selfassessment/sampleReport': 'public: renders a sample report of no one',
  'POST /api/start/:publicId': "public: a visitor of the account's start link; nothing is granted until the address is confirmed (docs/decisions/0092)",
  'POST /api/start/verify': "public: the verification mail's token is the credential (docs/decisions/0092)",
};

/** Signed-in routes whose service refuses some body fields without a permission (the matrix sends every field). */
const FIELD_PERMISSION_ROUTES = new Set(['POST /api/admin/user/settings']);

const collected: RouteOptions[] = [];
/** "METHOD /url" of every handler that ran: the auth hook must refuse before a non-public route's handler runs. */
const handlersRun = new Set<string>();
/** Sees every route as it is registered and wraps its handler to note that it ran. */
function collect(route: RouteOptions): void {
  collected.push(route);
  const handler = route.handler;
  route.handler = function noteHandlerRun(this: ThisParameterType<typeof handler>, request, reply) {
    handlersRun.add(`${request.method} ${request.routeOptions.url}`);
    return handler.call(this, request, reply);
  };
}
let t: TestApp;

interface Caller {
  http: TestClient;
  userId: string;
  login: () => Promise<void>;
}
let adminA: Caller;
let operatorA: Caller;
let bareA: Caller;
let adminB: Caller;
/** Account A's real ids, by the name a param, query field or body field gives them. */
let accountIdA: string;
let idsA: { clientToken: string; instanceToken: string; openInstanceToken: string; configId: string; accountName: string; clientEmail: string };

async function caller(accountId: string, opts: Parameters<typeof createUser>[2]): Promise<Caller> {
  const { user, email, password } = await createUser(t.db, accountId, opts);
  const http = new TestClient(t.app);
  const login = async () => {
    expect((await http.login(email, password)).statusCode).toBe(200);
  };
  await login();
  return { http, userId: user.id, login };
}

beforeAll(async () => {
  // The developer mailbox's routes exist only in the embedded demo (PGlite runs): there they are in the matrix too.
  const embedded = !testDatabaseUrl();
  t = await createTestApp(embedded ? { DEV_MAILBOX: 'true', DEMO_DATA: 'true' } : {}, undefined, { onRoute: collect });
  // Demo accounts where the developer mailbox exists: it serves the demo account only (a 403 of the service otherwise).
  const type = embedded ? 'DEMO' : 'ENTERPRISE';
  const a = await createAccount(t.db, { name: `Matrix A ${randomUUID()}`, type, products: ['BQ_RISK', 'BQ_SELECTION'], credits: 10 });
  const b = await createAccount(t.db, { name: 'Matrix B', type, products: ['BQ_RISK', 'BQ_SELECTION'], credits: 10 });
  accountIdA = a.account.id;
  adminA = await caller(a.account.id, {});
  operatorA = await caller(a.account.id, { platformOperator: true });
  bareA = await caller(a.account.id, { permissions: [] });
  adminB = await caller(b.account.id, {});

  const configId = a.configs.find((c) => c.productType === 'BQ_RISK')!.id;
  const clientEmail = `matrix.${randomUUID()}@example.com`;
  const client = (await adminA.http.request('POST', '/api/u', { firstName: 'Mira', lastName: 'Matrix', email: clientEmail, productConfigurationId: configId })).json();
  const newInstance = async () => (await adminA.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId, allowSecondOpen: true })).json().token as string;
  const instanceToken = await newInstance();
  const openInstanceToken = await newInstance();
  const answers = simulateRespondents(definitionForProduct('BQ_RISK'), { count: 1, seed: 5, consistency: 0.8 })[0]!.answers;
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${instanceToken}/answers`, { answers })).statusCode).toBe(200);
  expect((await participant.request('POST', `/api/q/${instanceToken}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instanceToken));
  await calculateInstance(t.db, row!.id);
  expect((await adminA.http.request('POST', '/api/credit/unlock', { interactionToken: instanceToken })).statusCode).toBe(200);
  idsA = { clientToken: client.token, instanceToken, openInstanceToken, configId, accountName: a.account.name, clientEmail };
}, 120_000);
afterAll(() => t.close());

function declaredAccess(config: FastifyContextConfig | undefined): Access[] {
  return ACCESS_KEYS.filter((key) => config?.[key] !== undefined && config[key] !== false);
}

/** The values a route gets for its params, query and body fields: account A's real ids, or random ones of the same shape. */
function valuesFor(route: ApiRoute, callerId: string, real: boolean): Record<string, unknown> {
  const token = (value: string) => (real ? value : randomBytes(value.length).toString('base64url').slice(0, value.length));
  const id = (value: string) => (real ? value : randomUUID());
  const clientPath = /\/(bq_user|client)\/:token/.test(route.url);
  const instance = route.method === 'DELETE' ? idsA.openInstanceToken : idsA.instanceToken;
  const values: Record<string, unknown> = {
    token: token(clientPath ? idsA.clientToken : instance),
    clientToken: token(idsA.clientToken),
    interactionToken: token(instance),
    instanceToken1: token(instance),
    instanceToken2: token(instance),
    productConfigurationId: id(idsA.configId),
    interactionId: 'risk',
    interaction: 'risk',
    productType: 'BQ_RISK',
    kind: 'bqa',
    path: 'bqa',
  };
  if (route.paramNames.includes('id')) {
    if (/\/user\/:id/.test(route.url)) values.id = id(callerId);
    else if (/\/product\/:id/.test(route.url)) values.id = id(idsA.configId);
    else if (/report\/:id/.test(route.url)) values.id = token(idsA.instanceToken);
    else values.id = randomUUID();
  }
  // A parameter this table does not know yet (a route added by another feature) that names a token gets one of A's.
  for (const name of route.paramNames) if (values[name] === undefined && /token/i.test(name)) values[name] = token(instance);
  return values;
}

/** Whether the route takes one of account A's ids anywhere (path, query or body). */
function takesAccountIds(route: ApiRoute): boolean {
  const names = [...route.paramNames, ...Object.keys(route.query?.properties ?? {}), ...Object.keys(route.body?.properties ?? {})];
  return names.some((n) => /token|^id$|productConfigurationId/i.test(n) && !/verification/i.test(n));
}

interface Answer {
  status: number;
  errorKey: string | undefined;
  text: string;
}

async function send(route: ApiRoute, who: Caller | TestClient, values: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const http = who instanceof TestClient ? who : who.http;
  const params = Object.fromEntries(route.paramNames.map((n) => [n, sample(route.params?.properties?.[n], values, n)]));
  const query = route.query ? (sample(route.query, values) as Record<string, unknown>) : {};
  const body = route.body ? sample(route.body, values) : undefined;
  const isCsv = route.url === '/api/admin/market-history' && route.method === 'POST';
  const res = isCsv
    ? await http.request(route.method, buildUrl(route.url, params, query), 'Date,SP500\n', { 'content-type': 'text/csv', ...headers })
    : await http.request(route.method, buildUrl(route.url, params, query), body, headers);
  // A public sign-out ends the caller's session: sign in again for the next cell.
  if (!(who instanceof TestClient) && !who.http.cookie) await who.login();
  let errorKey: string | undefined;
  try {
    errorKey = (JSON.parse(res.body) as { errorKey?: string }).errorKey;
  } catch {
    errorKey = undefined;
  }
  return { status: res.statusCode, errorKey, text: res.body };
}

const show = (a: Answer) => `${a.status} ${a.errorKey ?? a.text.slice(0, 60)}`;
const allowed = (a: Answer) => a.status < 500 && !(a.errorKey && ACCESS_REFUSALS.has(a.errorKey)) && !(a.status >= 400 && !a.errorKey);

describe('access matrix', () => {
  it('every route declares its access', () => {
    const routes = apiRoutes(collected);
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((r) => declaredAccess(r.route.config as FastifyContextConfig).length !== 1).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'declare exactly one of config.public | signedIn | permission | productPermission | operator (plugins/auth.ts)').toEqual([]);
  });

  it('makes every write name a permission that is not READ, or say why it needs none', () => {
    const problems: string[] = [];
    for (const route of apiRoutes(collected)) {
      const config = route.route.config as FastifyContextConfig;
      // Operator routes write data every account shares: no account permission suffices, not even ALL/ALL/ALL.
      if ((route.method === 'GET' && !config.writes) || config.operator) continue;
      const name = `${route.method} ${route.url}`;
      const declared = config.permission ? [config.permission] : config.productPermission ? [config.productPermission].flat() : [];
      const reason = WRITES_WITHOUT_PERMISSION[name];
      if (declared.length > 0) {
        if (declared.some((p) => p.action.toUpperCase() === 'READ')) problems.push(`${name}: a write needs more than READ (${declared.map((p) => `${p.entity}/${p.action}`).join(', ')})`);
        if (reason) problems.push(`${name}: declares a permission, so leave it out of WRITES_WITHOUT_PERMISSION`);
      } else if (!reason) problems.push(`${name}: declares no permission; name one (not READ) or list the reason in WRITES_WITHOUT_PERMISSION`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses spending credits, buying credits and e-mailing a client to a READ-only user and a READ-only API credential', async () => {
    const a = adminA.http;
    const reader = await caller(accountIdA, { permissions: [{ realm: 'ALL', entity: 'ALL', action: 'READ' }] });
    const { secret } = await createApiCredential(t.db, { accountId: accountIdA, userId: reader.userId }, 'read-only export');
    const bearer = new TestClient(t.app);
    // A calculated, LOCKED result (unlocking it would spend a credit), and a package of the product on sale.
    const locked = (await a.request('POST', '/api/instance', { clientToken: idsA.clientToken, productConfigurationId: idsA.configId, allowSecondOpen: true })).json().token as string;
    const answers = simulateRespondents(definitionForProduct('BQ_RISK'), { count: 1, seed: 7, consistency: 0.8 })[0]!.answers;
    const participant = new TestClient(t.app);
    expect((await participant.request('PUT', `/api/q/${locked}/answers`, { answers })).statusCode).toBe(200);
    expect((await participant.request('POST', `/api/q/${locked}/submit`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, locked));
    await calculateInstance(t.db, row!.id);
    const [pkg] = await t.db.select().from(paymentConfigurations).where(and(eq(paymentConfigurations.productType, 'BQ_RISK'), eq(paymentConfigurations.kind, 'PAY_AS_YOU_GO')));
    const writes: [string, 'GET' | 'POST', string, unknown][] = [
      ['unlock', 'POST', '/api/credit/unlock', { interactionToken: locked }],
      ['checkout', 'GET', `/api/payment/pay/${pkg!.id}`, undefined],
      ['report mail', 'POST', `/api/instance/${idsA.instanceToken}/report/email`, undefined],
      ['invitation mail', 'POST', `/api/instance/${idsA.openInstanceToken}/invite/email`, undefined],
    ];
    const balance = await creditBalance(t.db, accountIdA);
    const mails = async () => (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    const checkouts = async () => (await t.db.select({ n: count() }).from(paymentCheckouts))[0]!.n;
    const [mailsBefore, checkoutsBefore] = [await mails(), await checkouts()];
    const answersOf: string[] = [];
    for (const [what, method, url, body] of writes) {
      for (const [who, res] of [
        ['user', await reader.http.request(method, url, body)],
        ['API credential', await bearer.request(method, url, body, { authorization: `Bearer ${secret}` })],
      ] as const) {
        answersOf.push(`${what} by a READ-only ${who}: ${res.statusCode} ${res.statusCode === 303 ? res.headers.location : (res.json() as { errorKey?: string }).errorKey}`);
      }
    }
    expect(answersOf).toEqual(writes.flatMap(([what]) => ['user', 'API credential'].map((who) => `${what} by a READ-only ${who}: 403 error.auth.forbidden`)));
    expect(await creditBalance(t.db, accountIdA)).toBe(balance);
    const [after] = await t.db.select({ lockStatus: interactionInstances.lockStatus }).from(interactionInstances).where(eq(interactionInstances.token, locked));
    expect(after!.lockStatus).toBe('LOCKED');
    expect(await mails()).toBe(mailsBefore);
    expect(await checkouts()).toBe(checkoutsBefore);
    // Reading is what READ is for.
    expect((await reader.http.request('GET', `/api/dashboard/${idsA.instanceToken}`)).statusCode).toBe(200);
    expect((await bearer.request('GET', `/api/dashboard/${idsA.instanceToken}`, undefined, { authorization: `Bearer ${secret}` })).statusCode).toBe(200);
  });

  it('answers each caller as the declaration says', async () => {
    const routes = apiRoutes(collected).filter((r) => declaredAccess(r.route.config as FastifyContextConfig).length === 1);
    const failures: string[] = [];
    const fail = (route: ApiRoute, cell: string, answer: Answer, wanted: string) => failures.push(`${route.method} ${route.url} [${cell}] ${show(answer)}, wanted ${wanted}`);
    const anonymous = new TestClient(t.app);

    for (const route of routes) {
      const access = declaredAccess(route.route.config as FastifyContextConfig)[0]!;
      const realA = valuesFor(route, adminA.userId, true);

      // Anonymous, and the participant's instance token offered as a credential (bearer or session cookie).
      const participantHeaders: Record<string, string>[] = [{ authorization: `Bearer ${idsA.instanceToken}` }, { cookie: `bq_session=${idsA.instanceToken}` }];
      for (const [cell, headers] of [['anonymous', {}], ['participant bearer', participantHeaders[0]!], ['participant cookie', participantHeaders[1]!]] as [string, Record<string, string>][]) {
        handlersRun.clear();
        const answer = await send(route, anonymous, realA, headers);
        // Refused before the handler ran: handlers read request.auth without a check of their own (plugins/auth.ts).
        if (access !== 'public' && handlersRun.has(`${route.method} ${route.url}`)) fail(route, cell, answer, 'a refusal before the handler runs');
        if (access === 'public') {
          if (!allowed(answer)) fail(route, cell, answer, 'no access refusal, no 5xx');
        } else if (cell === 'participant bearer') {
          // A Bearer header is an API credential (decision 0025): an instance token is not one.
          if (answer.status !== 401 || answer.errorKey !== 'error.auth.api_credential_invalid') fail(route, cell, answer, '401 error.auth.api_credential_invalid');
        } else if (answer.status !== 401 || answer.errorKey !== 'error.auth.unauthorized') fail(route, cell, answer, '401 error.auth.unauthorized');
      }

      // An evaluator of the account without any permission.
      const bare = await send(route, bareA, valuesFor(route, bareA.userId, true));
      if (access === 'public' || access === 'signedIn') {
        // A signed-in route may guard single fields with a permission (the anonymisation settings of
        // POST /api/admin/user/settings need ANONYMIZATION_ALLOW_LIST; the language does not).
        const fieldGuarded = FIELD_PERMISSION_ROUTES.has(`${route.method} ${route.url}`) && bare.status === 403 && bare.errorKey === 'error.auth.forbidden';
        if (!allowed(bare) && !fieldGuarded) fail(route, 'no permission', bare, 'no access refusal, no 5xx');
      } else {
        const key = access === 'operator' ? 'error.auth.operator_required' : 'error.auth.forbidden';
        if (bare.status !== 403 || bare.errorKey !== key) fail(route, 'no permission', bare, `403 ${key}`);
      }

      // The admin of another account: A's ids behave like missing ones, and nothing of A shows.
      if (access !== 'public') {
        const foreign = await send(route, adminB, valuesFor(route, adminA.userId, true));
        const missing = await send(route, adminB, valuesFor(route, adminA.userId, false));
        if (foreign.status >= 500) fail(route, 'other account', foreign, 'no 5xx');
        if (access === 'operator') {
          if (foreign.errorKey !== 'error.auth.operator_required') fail(route, 'other account', foreign, '403 error.auth.operator_required');
        } else if (takesAccountIds(route)) {
          // Missing ids may also be answered with a success that says so (the comparison's reason not_found).
          const same = foreign.status === missing.status && foreign.errorKey === missing.errorKey && (foreign.status >= 300 || foreign.text === missing.text);
          if (!same) {
            fail(route, 'other account', foreign, `the answer to missing ids (${show(missing)})`);
          }
        } else if (!allowed(foreign)) fail(route, 'other account', foreign, 'no access refusal, no 5xx');
        for (const secret of [idsA.clientToken, idsA.instanceToken, idsA.accountName, idsA.clientEmail]) {
          if (foreign.text.includes(secret)) fail(route, 'other account', foreign, `no data of account A (${secret})`);
        }
      }
    }

    // The account's admin (last: these requests may change A's data; deletions and sign-outs come at the very end).
    const order = (r: ApiRoute) => (r.method === 'DELETE' ? 2 : /logout|password/.test(r.url) ? 1 : 0);
    handlersRun.clear();
    for (const route of [...routes].sort((x, y) => order(x) - order(y))) {
      const access = declaredAccess(route.route.config as FastifyContextConfig)[0]!;
      const admin = await send(route, adminA, valuesFor(route, adminA.userId, true));
      if (access === 'operator') {
        if (admin.status !== 403 || admin.errorKey !== 'error.auth.operator_required') fail(route, 'account admin', admin, '403 error.auth.operator_required');
        const operator = await send(route, operatorA, valuesFor(route, operatorA.userId, true));
        if (!allowed(operator)) fail(route, 'platform operator', operator, 'no access refusal, no 5xx');
      } else if (!allowed(admin)) fail(route, 'account admin', admin, 'no access refusal, no 5xx');
    }
    expect(failures).toEqual([]);
    // The wrapper saw the admin's calls reach their handlers: the "before the handler runs" cells above are not vacuous.
    expect(handlersRun.size).toBeGreaterThan(routes.length / 2);
  }, 180_000);
});
