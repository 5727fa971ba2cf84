// Who is calling, and may they? Runs on every /api request:
// 1. CSRF: a state-changing request authenticated by cookie must carry the web client's `X-Source: web`
//    header (a cross-site form or fetch cannot set it without a CORS pre-flight, which we never grant).
// 2. Resolves the session cookie to request.auth. An Authorization header is never combined with the cookie:
//    `Authorization: Bearer bqk_...` is an API credential (features/api-credentials); any other or unknown value is 401.
// 3. Enforces the route's declared access: `config.public`, else a session, and `config.permission` if set;
//    `config.operator` routes (data every account shares) need the platform operator flag, which no permission grants.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, type Permission } from '@bq/domain/permissions';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../app-error';
import { accounts, users } from '../db/schema';
import { SESSION_COOKIE, findSession, touchSession } from './sessions';
import { bearerSecret, findCredentialAuth } from '../features/api-credentials/credential-auth';

export interface AuthContext {
  userId: string;
  accountId: string;
  sessionId: string;
  permissions: Permission[];
  /** Platform operator (users.platform_operator, set by the CLI only): may change data shared by all accounts. */
  platformOperator: boolean;
  /** Set when the call came with an API credential (Bearer) instead of a session; sessionId is then not a session. */
  credentialId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
    /** The permission triple a signed-in user needs for this route. */
    permission?: Permission;
    /** Only a platform operator: for data every account shares. No account permission, not even ALL/ALL/ALL, suffices. */
    operator?: boolean;
    /** Only with a signed-in session, never with an API credential (managing credentials, passwords). */
    sessionOnly?: boolean;
    /**
     * A payment provider's webhook: public, authenticated by the payload's signature alone. No session is read and
     * no X-Source is asked for (the provider cannot send one; a cookie is never looked at, so CSRF cannot apply).
     */
    webhook?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.config.webhook && !request.is404) return;

    const hasAuthorizationHeader = request.headers.authorization !== undefined;
    if (!SAFE_METHODS.has(request.method) && !hasAuthorizationHeader && request.headers['x-source'] !== 'web') {
      throw new AppError(ERROR_KEYS.csrf, 403, 'Missing X-Source header');
    }

    if (hasAuthorizationHeader) {
      const secret = bearerSecret(String(request.headers.authorization));
      const credential = secret ? await findCredentialAuth(app.db, secret) : null;
      if (!credential) throw new AppError(ERROR_KEYS.apiCredentialInvalid, 401, 'The API credential is unknown or revoked');
      request.auth = {
        userId: credential.userId,
        accountId: credential.accountId,
        sessionId: `api-credential:${credential.credentialId}`,
        permissions: credential.permissions,
        platformOperator: credential.platformOperator,
        credentialId: credential.credentialId,
      };
    }

    const token = hasAuthorizationHeader ? undefined : request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await findSession(app.db, token);
      if (session) {
        const [user] = await app.db
          .select({ id: users.id, permissions: users.permissions, platformOperator: users.platformOperator })
          .from(users)
          .innerJoin(accounts, eq(accounts.id, users.accountId))
          .where(and(eq(users.id, session.userId), eq(users.active, true)))
          .limit(1);
        if (user) {
          request.auth = {
            userId: user.id,
            accountId: session.accountId,
            sessionId: session.id,
            permissions: user.permissions,
            platformOperator: user.platformOperator,
          };
          await touchSession(app.db, app.config, session);
        }
      }
    }

    if (request.is404) return;
    const routeConfig = request.routeOptions.config;
    if (routeConfig.public) return;
    if (!request.auth) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
    if (routeConfig.sessionOnly && request.auth.credentialId) {
      throw new AppError(ERROR_KEYS.sessionRequired, 403, 'Not available to API credentials; sign in instead');
    }
    if (routeConfig.permission && !hasPermission(request.auth.permissions, routeConfig.permission)) {
      throw new AppError(ERROR_KEYS.forbidden, 403, 'Permission missing');
    }
    if (routeConfig.operator && !request.auth.platformOperator) {
      throw new AppError(ERROR_KEYS.operatorRequired, 403, 'Only a platform operator may change data shared by all accounts');
    }
  });
});

/** The signed-in user of a route that is not public (the hook above guarantees it). */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
  return request.auth;
}
