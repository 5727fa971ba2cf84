// Signing in through the account's SAML identity provider (docs/decisions/0050): the SP-initiated start (an
// AuthnRequest to the provider's SSO URL, its id kept server side) and the ACS, where the provider's page posts the
// SAMLResponse. The ACS answers with a redirect (the browser came from the provider's page): into the app when the
// assertion passes every check, else to /login/sso?samlError=<errorKey>, the refusal recorded in the audit trail.
import { createHash } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSamlStartRequest } from '@bq/contracts/saml';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ssoConnections, usedSignInNonces } from '../../db/schema';
import { noteAudit, noteRefusal } from '../audit/audit-note';
import { completeSignIn } from '../auth/complete-sign-in';
import { countAuthRequest } from '../signup/auth-request-limit';
import { SAML_ERRORS, checkAssertion, refusalOf } from './saml-assertion';
import { checkAlgorithms } from './saml-algorithms';
import { samlConnectionOf, serviceProviderOf } from './saml-connection';
import { SAML_CLOCK_SKEW_MS, SamlRequestStore, serviceProvider } from './saml-service-provider';
import { bindBrowser, isSameBrowser } from './saml-browser-binding';
import { findOrCreateEvaluator } from './sso-evaluator';
import { routedConnection } from './sso-routing';
import { SSO_SIGN_IN_ERRORS } from './sso-sign-in';

/** Where the ACS sends the browser when it refuses (the callback page shows the error). */
export const SAML_REFUSED_PATH = '/login/sso';

export async function startSamlSignIn(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  body: TSamlStartRequest,
): Promise<{ authorizationUrl: string }> {
  const routed = await routedConnection(db, body.email);
  const connection = routed?.protocol === 'SAML' ? await samlConnectionOf(db, routed.accountId) : null;
  if (!connection) throw new AppError(SSO_SIGN_IN_ERRORS.notAvailable, 404, 'This address does not sign in with SAML');
  // The request is kept with the hash of this browser's bq_saml value: only this browser can finish it.
  const browserHash = bindBrowser(config, request, reply);
  const store = new SamlRequestStore(db, connection.accountId, { redirectUrl: safeRedirectPath(body.redirectUrl), browserHash });
  return { authorizationUrl: await serviceProvider(config, connection, store).getAuthorizeUrlAsync('', undefined, {}) };
}

/** The ACS: the path to redirect the browser to, signed in or refused. */
export async function finishSamlSignIn(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  samlResponse: string,
): Promise<string> {
  try {
    return await signIn(db, config, request, reply, accountId, samlResponse);
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    // Recorded as the refusal it is, although the browser gets a redirect (the unit commits it with the spent request).
    noteRefusal(request, err);
    return `${SAML_REFUSED_PATH}?samlError=${encodeURIComponent(err.errorKey)}`;
  }
}

/** The answer's checks and their bookkeeping: the evaluator it names (created at the first sign-in). */
async function checkAnswer(db: Db, config: Config, request: FastifyRequest, accountId: string, samlResponse: string) {
  await countAuthRequest(db, 'SSO_SIGN_IN', null, request.ip);
  const connection = await samlConnectionOf(db, accountId);
  const [rules] = await db.select().from(ssoConnections).where(eq(ssoConnections.accountId, accountId)).limit(1);
  if (!connection || rules?.protocol !== 'SAML') throw new AppError(SSO_SIGN_IN_ERRORS.notAvailable, 404, 'Single sign-on with SAML is not set up');
  if (request.auditNote) request.auditNote.accountId = accountId;
  const sp = serviceProviderOf(config, accountId);

  checkDestination(samlResponse, sp.acsUrl);
  checkAlgorithms(samlResponse);
  const store = new SamlRequestStore(db, accountId);
  let checked;
  try {
    const { profile } = await serviceProvider(config, connection, store).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) throw new AppError('error.sso.invalid_token', 401, 'The answer carries no assertion');
    checked = checkAssertion(profile, { idpEntityId: connection.idpEntityId, acsUrl: sp.acsUrl });
  } catch (err) {
    throw refusalOf(err);
  }
  const spent = await store.spend(checked.requestId);
  if (spent === null) throw new AppError(SAML_ERRORS.unknownRequest, 401, 'This sign-in was already used');
  // Spent above whatever follows: an answer posted from another browser burns the request, so it is never used.
  if (!isSameBrowser(config, request, spent.browserHash)) {
    throw new AppError(SAML_ERRORS.browserMismatch, 401, 'This sign-in was started in another browser');
  }
  const { redirectUrl } = spent;
  if (!(await rememberAssertion(db, accountId, checked.assertionId, checked.validUntil))) {
    throw new AppError(SAML_ERRORS.replayed, 401, 'This assertion was already used');
  }
  const { identity } = checked;
  noteAudit(request, { nameId: identity.subject === identity.email ? undefined : identity.subject });
  // The provider speaks for the account's own confirmed domains only, not for addresses of other accounts or nobody's,
  // and never for the break-glass admin (sso-evaluator.ts, docs/decisions/0062).
  const { user, created } = await findOrCreateEvaluator(db, accountId, identity, SAML_ERRORS.foreignDomain);
  noteAudit(request, { created, protocol: 'SAML' });
  return { user, created, redirectUrl };
}

async function signIn(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, accountId: string, samlResponse: string): Promise<string> {
  // Checking the answer spends the request, remembers the assertion and may create the evaluator. A refusal is answered
  // as a redirect (finishSamlSignIn), so the unit of work commits these with the refusal's event; only a failure (5xx)
  // rolls them back (ADR 0088).
  const { user, redirectUrl } = await checkAnswer(db, config, request, accountId, samlResponse);
  // The same policy as every way in (ADR 0073); the browser came from the provider's page, so the answer is a redirect.
  const result = await completeSignIn(db, config, request, reply, user.id, { method: 'SAML', secondFactor: false, providerAccountId: accountId, redirectUrl });
  return 'secondFactorRequired' in result ? `${SAML_REFUSED_PATH}?secondFactor=1` : result.redirectUrl;
}

/** The Response's Destination, when it names one, must be this ACS (SAML core 3.2.2). */
function checkDestination(samlResponse: string, acsUrl: string): void {
  let destination: string | null = null;
  try {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const root = new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'text/xml').documentElement;
    destination = root?.getAttribute('Destination') || null;
  } catch {
    // Not XML: node-saml refuses it next.
  }
  if (destination !== null && destination !== acsUrl) throw new AppError(SAML_ERRORS.wrongRecipient, 401, 'The answer was sent to another destination');
}

/** Keeps the assertion's id until it expires; false when it was presented before (a replay). */
async function rememberAssertion(db: Db, accountId: string, assertionId: string, validUntil: Date): Promise<boolean> {
  await db.delete(usedSignInNonces).where(lt(usedSignInNonces.expiresAt, new Date()));
  const rows = await db
    .insert(usedSignInNonces)
    .values({
      nonceHash: createHash('sha256').update(`saml-assertion\n${accountId}\n${assertionId}`).digest('hex'),
      expiresAt: new Date(validUntil.getTime() + SAML_CLOCK_SKEW_MS),
    })
    .onConflictDoNothing()
    .returning({ nonceHash: usedSignInNonces.nonceHash });
  return rows.length > 0;
}

