// Signing in through the account's own provider (docs/decisions/0046): the login page's lookup (provider or
// password?), the start of the code flow, and the callback that verifies the answer and signs in the evaluator,
// creating them at the first sign-in. Users of a claimed domain are routed only once an operator confirmed it.
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSsoCallbackRequest, TSsoCallbackResponse, TSsoStartRequest } from '@bq/contracts/sso';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ssoConnections } from '../../db/schema';
import { noteAudit } from '../audit/audit-note';
import { OTHER_ACCOUNT, completeSignIn } from '../auth/complete-sign-in';
import { countAuthRequest } from '../signup/auth-request-limit';
import { beginCodeFlow, finishCodeFlow, type ProviderIdentity } from './oidc-code-flow';
import { saveAttempt, spendAttempt, takeAttempt } from './sso-attempt-cookie';
import { redirectUriOf } from './sso-settings';
import { isOidcReady, providerOf, routedConnection } from './sso-routing';
import { findOrCreateEvaluator } from './sso-evaluator';

export const SSO_SIGN_IN_ERRORS = {
  notAvailable: 'error.sso.not_available',
  attemptMissing: 'error.sso.attempt_missing',
  attemptReplayed: 'error.sso.attempt_replayed',
  otherAccount: OTHER_ACCOUNT,
} as const;

export const SSO_ATTEMPT_COOKIE = { name: 'bq_sso', path: '/api/sso/oidc' };

export async function startSsoSignIn(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, body: TSsoStartRequest) {
  const routed = await routedConnection(db, body.email);
  if (!routed || routed.protocol !== 'OIDC') throw new AppError(SSO_SIGN_IN_ERRORS.notAvailable, 404, 'This address signs in with its password');
  const { authorizationUrl, attempt } = await beginCodeFlow(providerOf(config, routed), redirectUriOf(config), { login_hint: body.email.trim() });
  saveAttempt(config, request, reply, SSO_ATTEMPT_COOKIE, { ...attempt, for: routed.accountId, redirectUrl: safeRedirectPath(body.redirectUrl) });
  return { authorizationUrl };
}

/** The provider's answer, verified: whose provider it was, who it names, and where the sign-in goes. */
export interface VerifiedSsoCallback {
  connection: typeof ssoConnections.$inferSelect;
  identity: ProviderIdentity;
  redirectUrl: string;
}

/**
 * The callback's first half, which waits on the provider (the code exchange, its keys): run before the route's unit of
 * work opens (routes.ts, db/request-work.ts), so a slow provider holds no database connection. The attempt is spent
 * first, committed at once: a copied cookie with its answer fails even if this use does.
 */
export async function verifySsoCallback(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, body: TSsoCallbackRequest): Promise<VerifiedSsoCallback> {
  await countAuthRequest(db, 'SSO_SIGN_IN', null, request.ip);
  const attempt = takeAttempt(config, request, reply, SSO_ATTEMPT_COOKIE);
  if (!attempt) throw new AppError(SSO_SIGN_IN_ERRORS.attemptMissing, 401, 'This sign-in has expired; start again');
  const [connection] = await db.select().from(ssoConnections).where(eq(ssoConnections.accountId, attempt.for)).limit(1);
  if (!connection || !isOidcReady(connection)) throw new AppError(SSO_SIGN_IN_ERRORS.notAvailable, 404, 'Single sign-on is not set up');
  noteAudit(request, { accountOfProvider: connection.accountId });
  // Spent before the code goes to the provider: a copied cookie with its answer fails even if the first use did.
  if (!(await spendAttempt(db, attempt))) throw new AppError(SSO_SIGN_IN_ERRORS.attemptReplayed, 401, 'This sign-in was already used');
  const identity = await finishCodeFlow(providerOf(config, connection), redirectUriOf(config), body.callbackQuery, attempt);
  return { connection, identity, redirectUrl: attempt.redirectUrl };
}

/** The callback's second half, in the route's unit of work: the evaluator linked or created, and signed in. */
export async function finishSsoSignIn(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, verified: VerifiedSsoCallback): Promise<TSsoCallbackResponse> {
  const { connection, identity } = verified;
  // Only an address of the account's confirmed domains, and never the break-glass admin (docs/decisions/0062).
  // Creating or linking the evaluator commits with the session and the sign-in event (one unit of work, ADR 0088); a
  // refusal after it leaves neither.
  const { user, created } = await findOrCreateEvaluator(db, connection.accountId, identity);
  noteAudit(request, { created });
  const result = await completeSignIn(db, config, request, reply, user.id, {
    method: 'OIDC',
    secondFactor: false,
    providerAccountId: connection.accountId,
    redirectUrl: verified.redirectUrl,
  });
  return 'secondFactorRequired' in result ? result : { redirectUrl: result.redirectUrl, created };
}

