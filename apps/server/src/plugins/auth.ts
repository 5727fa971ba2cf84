// Who is calling, and may they? Runs on every /api request:
// 1. CSRF: a state-changing request authenticated by cookie must carry the web client's `X-Source: web`
//    header (a cross-site form or fetch cannot set it without a CORS pre-flight, which we never grant).
// 2. Resolves the session cookie to request.authOrNull. An Authorization header is never combined with the cookie:
//    `Authorization: Bearer bqk_...` is an API credential (features/api-credentials); any other or unknown value is 401.
// 3. A session whose account requires a second factor the user has not enrolled, past the grace period, reaches only
//    routes marked `config.whileEnrolling` (docs/decisions/0042).
// 3b. A route marked `config.stepUp` needs, from a user with a second factor, a factor proof of this session younger
//    than ten minutes: otherwise 403 error.two_factor.step_up_required (docs/decisions/0045). A route that adds or
//    removes a factor (`stepUp: 'factor-change'`) asks a user without one for a fresh sign-in or password (0064).
// 4. Enforces the route's declared access: `config.public`, else a session, and `config.permission` if set;
//    `config.operator` routes (data every account shares) need the platform operator flag, which no permission grants.
//
// THE DECLARATION RULE (docs/decisions/0026-proofs-and-production.md). Every route declares exactly one of these in
// `config`; the route-matrix test (features/system/access-matrix.test.ts) fails for a route that declares none:
//   { public: true }                        anyone; a token in the path (or none) is the credential
//   { signedIn: true }                      any signed-in user; the service shows only what their permissions allow
//   { permission: { realm, entity, action } } a fixed-realm permission, enforced here
//   { productPermission: { entity, action } } (or an array: any of them) the realm is the product's realm: here
//                                           the user must hold the entity/action in at least one product realm, else
//                                           403. With `product: { configurationId | productType: 'params.x' }` the
//                                           product the request names is resolved after validation and the
//                                           permission checked in its realm (404 if not of this account, else 403);
//                                           without, the service checks the realm of the product it reaches
//                                           (products/product-access.ts)
//   { operator: true }                      a platform operator only
// Ids and tokens of another account behave as missing ones (404), never 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, type Action, type Entity, type Permission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../app-error';
import { SESSION_COOKIE, SessionCache, touchSession, type ViewerSettings } from './sessions';
import { DataChanges } from '../db/data-changes';
import { bearerSecret, findCredentialAuth } from '../features/api-credentials/credential-auth';
import { enrolmentOverdue } from '../features/account-security/enrolment-deadline';
import { STEP_UP_REQUIRED, stepUpRequired, type StepUpDeclaration } from '../features/step-up/step-up-rule';
import { declaredProduct, resolveDeclaredProduct, type ProductSource } from '../features/products/declared-product';
import type { ProductConfigurationRow } from '../features/products/product-access';

/** The answer to a session past its deadline to enrol a second factor, on any route not marked whileEnrolling. */
export const ENROLMENT_REQUIRED = 'error.two_factor.enrolment_required';

export interface AuthContext {
  userId: string;
  accountId: string;
  sessionId: string;
  permissions: Permission[];
  /** Platform operator (users.platform_operator, set by the CLI only): may change data shared by all accounts. */
  platformOperator: boolean;
  /** Set when the call came with an API credential (Bearer) instead of a session; sessionId is then not a session. */
  credentialId?: string;
  /** The session's deadline to enrol a second factor (plugins/sessions.ts); null when none is required. */
  secondFactorDeadline?: Date | null;
  /** The user has a second factor (TOTP or a passkey); a session only, unset for API credentials. */
  hasSecondFactor?: boolean;
  /** When this session last proved the factor (sign-in or step-up, docs/decisions/0045). */
  secondFactorVerifiedAt?: Date | null;
  /** When this session last proved the first factor: its sign-in, or the password at step-up (docs/decisions/0064). */
  firstFactorVerifiedAt?: Date | null;
  /** A session's copy of the viewer's anonymisation settings (plugins/sessions.ts); unset for API credentials. */
  viewerSettings?: ViewerSettings;
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
    /**
     * The route checks the Authorization header itself (GET /api/metrics and its METRICS_TOKEN): no session is read and
     * the header is not taken for an API credential.
     */
    ownAuthorization?: boolean;
    /**
     * A GET that writes (GET /api/payment/pay/{id} starts a checkout: the spec makes it a browser navigation). The access
     * matrix holds it to the rule for writes: a permission whose action is not READ (docs/decisions/0031).
     */
    writes?: boolean;
    /** Any signed-in user; what they see is filtered by their permissions in the service. */
    signedIn?: boolean;
    /**
     * Reachable by a session whose account requires a second factor the user has not enrolled past the grace period
     * (docs/decisions/0042): the user, the factor's enrolment. Every other signed-in route answers 403
     * error.two_factor.enrolment_required to such a session; this hook is the one place that decides it.
     */
    whileEnrolling?: boolean;
    /**
     * A sensitive change (creating an API credential, the account's sign-in rules): a user with a second factor must
     * have proved it in this session within the last ten minutes (POST /api/user/2fa/step-up), else 403
     * error.two_factor.step_up_required, which the web client answers with a dialog and a retry. Decided in this hook
     * only (docs/decisions/0045); the list of such routes is asserted in features/step-up/step-up-routes.test.ts.
     * 'factor-change': the route adds or removes a second factor (docs/decisions/0064): the same, and a user without a
     * factor must have signed in or given the password within the ten minutes.
     */
    stepUp?: StepUpDeclaration;
    /**
     * Permission in the realm of the product the request names: checked before the handler when the declaration says
     * where the product is (`product`), else in the service; the hook refuses a user who holds none of these
     * entity/action pairs in any product realm.
     */
    productPermission?: ProductPermission | readonly ProductPermission[];
  }
  interface FastifyRequest {
    /**
     * The signed-in caller of a route that is not public: this hook refused the request (401) before the handler ran
     * if there was none, so handlers read it without a check of their own. Reading it where there is none (a public
     * route, a hook before this one) is a server bug: it throws, and the caller hears 500, never a silent null.
     */
    readonly auth: AuthContext;
    /** The caller if any: for public routes (a session adds a language or a viewer) and for plugins that run on every request. */
    authOrNull: AuthContext | null;
    /**
     * The product configuration a route's `productPermission.product` names, resolved in the caller's account with the
     * permission checked in its realm (a preHandler of this plugin). Read on a route that declares none, it throws.
     */
    readonly product: ProductConfigurationRow;
    productOrNull: ProductConfigurationRow | null;
  }
  interface FastifyInstance {
    /** This app's session cache (plugins/sessions.ts): its own, fed by its own change notifications. */
    sessionCache: SessionCache;
  }
}

export interface ProductPermission {
  entity: Entity;
  action: Action;
  /**
   * Where the request names its product (features/products/declared-product.ts): then the permission is checked in that
   * product's realm before the handler runs, which reads the product as request.product (docs/decisions/0081).
   */
  product?: ProductSource;
}

/** Every realm a product may live in (PRODUCT_TYPE_INFO), each once. */
const PRODUCT_REALMS = [...new Set(Object.values(PRODUCT_TYPE_INFO).map((info) => info.realm))];

/** True when the user holds one of the entity/action pairs in at least one product realm. */
export function holdsProductPermission(granted: readonly Permission[], wanted: ProductPermission | readonly ProductPermission[]): boolean {
  const list: readonly ProductPermission[] = Array.isArray(wanted) ? wanted : [wanted as ProductPermission];
  return list.some((p) => PRODUCT_REALMS.some((realm) => hasPermission(granted, { realm, entity: p.entity, action: p.action })));
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async function authPlugin(app: FastifyInstance, opts: { changes?: DataChanges }) {
  app.decorateRequest('authOrNull', null);
  app.decorateRequest('auth', {
    getter(this: FastifyRequest): AuthContext {
      if (this.authOrNull) return this.authOrNull;
      throw new Error(`request.auth read without a signed-in caller (${this.method} ${this.routeOptions.url ?? this.url}): a public route reads request.authOrNull`);
    },
  });
  app.decorateRequest('productOrNull', null);
  app.decorateRequest('product', {
    getter(this: FastifyRequest): ProductConfigurationRow {
      if (this.productOrNull) return this.productOrNull;
      throw new Error(`request.product read on a route that declares no productPermission.product (${this.method} ${this.routeOptions.url ?? this.url})`);
    },
  });
  // Without a listener nothing is ever live: sessions are then kept for at most a second (plugins/sessions.ts).
  const sessions = new SessionCache(app.db, app.config.AUTH_CACHE_SECONDS, opts.changes ?? new DataChanges());
  app.decorate('sessionCache', sessions);

  // A writing request may have changed who may do what in its account (a sign-out, a password): this process reads
  // the account's sessions afresh before the client can send its next request; other processes when notified.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method) && request.authOrNull) sessions.accountChanged(request.authOrNull.accountId);
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const ownCheck = request.routeOptions.config.webhook || request.routeOptions.config.ownAuthorization;
    if (ownCheck && !request.is404) return;

    const hasAuthorizationHeader = request.headers.authorization !== undefined;
    if (!SAFE_METHODS.has(request.method) && !hasAuthorizationHeader && request.headers['x-source'] !== 'web') {
      throw new AppError(ERROR_KEYS.csrf, 403, 'Missing X-Source header');
    }

    if (hasAuthorizationHeader) {
      const secret = bearerSecret(String(request.headers.authorization));
      const credential = secret ? await findCredentialAuth(app.db, secret) : null;
      if (!credential) throw new AppError(ERROR_KEYS.apiCredentialInvalid, 401, 'The API credential is unknown, expired or revoked');
      request.authOrNull = {
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
      // One query on a miss, none on a hit (plugins/sessions.ts: the session cache and its invalidation).
      const session = await sessions.get(token);
      if (session) {
        request.authOrNull = {
          userId: session.userId,
          accountId: session.accountId,
          sessionId: session.id,
          permissions: session.permissions,
          platformOperator: session.platformOperator,
          secondFactorDeadline: session.secondFactorDeadline,
          hasSecondFactor: session.hasSecondFactor,
          secondFactorVerifiedAt: session.secondFactorVerifiedAt,
          firstFactorVerifiedAt: session.firstFactorVerifiedAt,
          viewerSettings: session.viewerSettings,
        };
        await touchSession(app.db, app.config, session);
      }
    }

    if (request.is404) return;
    const routeConfig = request.routeOptions.config;
    if (routeConfig.public) return;
    const auth = request.authOrNull;
    if (!auth) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Sign-in required');
    if (!routeConfig.whileEnrolling && enrolmentOverdue(auth.secondFactorDeadline ?? null)) {
      throw new AppError(ENROLMENT_REQUIRED, 403, 'Your account requires a second factor: enrol one first');
    }
    if (routeConfig.sessionOnly && auth.credentialId) {
      throw new AppError(ERROR_KEYS.sessionRequired, 403, 'Not available to API credentials; sign in instead');
    }
    if (routeConfig.permission && !hasPermission(auth.permissions, routeConfig.permission)) {
      throw new AppError(ERROR_KEYS.forbidden, 403, 'Permission missing');
    }
    if (routeConfig.productPermission && !holdsProductPermission(auth.permissions, routeConfig.productPermission)) {
      throw new AppError(ERROR_KEYS.forbidden, 403, 'Permission missing');
    }
    if (routeConfig.operator && !auth.platformOperator) {
      throw new AppError(ERROR_KEYS.operatorRequired, 403, 'Only a platform operator may change data shared by all accounts');
    }
    // Last: whoever may not call the route at all hears that, not a request to prove the factor again.
    if (routeConfig.stepUp && stepUpRequired(auth, routeConfig.stepUp)) {
      const how = auth.hasSecondFactor ? 'enter a code from your authenticator app or use a passkey' : 'enter your password';
      throw new AppError(STEP_UP_REQUIRED, 403, `Confirm it is you: ${how}`);
    }
  });

  // The product's realm, where the route declares the product (after validation: the body is read by then).
  app.addHook('preHandler', async (request) => {
    const declared = request.is404 ? null : declaredProduct(request.routeOptions.config.productPermission);
    if (declared) request.productOrNull = await resolveDeclaredProduct(app.db, app.accountMemo, request.auth, request, declared);
  });
});

