// Sign in with Google through the authorization code flow with PKCE (features/sso/oidc-code-flow.ts, docs/decisions/0046):
// POST /api/oauth/google/start answers Google's URL and keeps the attempt in the encrypted bq_google cookie; the page
// /login/google posts Google's answer to POST /api/oauth/google, which signs in the user linked to the subject, or the
// user with the same (verified) e-mail, linking them; or creates a SELF_SERVICE account with the requested product.
// The sign-in ends as every sign-in does (features/auth/complete-sign-in.ts).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { cleanName } from '@bq/contracts/names';
import type { TGoogleSignInRequest, TGoogleSignInResponse, TGoogleSignInStartRequest } from '@bq/contracts/google-sign-in';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import type { Locale } from '@bq/domain/locales';
import { isProductType, type ProductType } from '@bq/domain/product-types';
import { countAuthRequest } from '../signup/auth-request-limit';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, externalIdentities, productConfigurations, users } from '../../db/schema';
import { hashPassword } from '../../plugins/passwords';
import { beginCodeFlow, finishCodeFlow, type ProviderIdentity } from '../sso/oidc-code-flow';
import { saveAttempt, spendAttempt, takeAttempt } from '../sso/sso-attempt-cookie';
import { assertAddressNotRouted } from '../sso/sso-routing';
import { completeSignIn } from '../auth/complete-sign-in';
import { GOOGLE_ERRORS, asGoogleError } from './google-errors';
import { GOOGLE_CALLBACK_PATH, googleProvider } from './google-provider';
import { isUniqueViolation } from '../../db/sql-state';

type VerifiedIdentity = ProviderIdentity;
const GOOGLE_ATTEMPT_COOKIE = { name: 'bq_google', path: '/api/oauth/google' };

/** The product a first sign-in without productType starts with (docs/decisions/0025). */
export const DEFAULT_SELF_SERVICE_PRODUCT: ProductType = 'BQ_ADVISORY_WEALTH';

export async function startGoogleSignIn(config: Config, request: FastifyRequest, reply: FastifyReply, body: TGoogleSignInStartRequest) {
  const provider = googleProvider(config);
  if (!provider) throw new AppError(GOOGLE_ERRORS.notConfigured, 404, 'Sign in with Google is not configured');
  try {
    const redirectUri = `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`;
    const { authorizationUrl, attempt } = await beginCodeFlow(provider, redirectUri, { prompt: 'select_account' });
    saveAttempt(config, request, reply, GOOGLE_ATTEMPT_COOKIE, {
      ...attempt,
      for: 'google',
      redirectUrl: safeRedirectPath(body.redirectUrl),
      ...(body.productType ? { productType: body.productType } : {}),
    });
    return { authorizationUrl };
  } catch (err) {
    throw asGoogleError(err);
  }
}

/** Google's answer, verified: who it names and what the attempt asked for. */
export interface VerifiedGoogleAnswer {
  identity: VerifiedIdentity;
  redirectUrl: string;
  productType?: string;
}

/**
 * The first half, which waits on Google (the code exchange, its keys): run before the route's unit of work opens
 * (routes.ts, db/request-work.ts), so a slow answer holds no database connection. The attempt is spent first and
 * committed at once.
 */
export async function verifyGoogleAnswer(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, body: TGoogleSignInRequest): Promise<VerifiedGoogleAnswer> {
  const provider = googleProvider(config);
  if (!provider) throw new AppError(GOOGLE_ERRORS.notConfigured, 404, 'Sign in with Google is not configured');
  await countAuthRequest(db, 'GOOGLE_SIGN_IN', null, request.ip);
  const attempt = takeAttempt(config, request, reply, GOOGLE_ATTEMPT_COOKIE);
  if (!attempt || attempt.for !== 'google') throw new AppError(GOOGLE_ERRORS.attemptMissing, 401, 'This sign-in has expired; start again');
  // An attempt signs in once: a copied cookie with its answer is refused before the code goes to Google.
  if (!(await spendAttempt(db, attempt))) throw new AppError(GOOGLE_ERRORS.tokenReplayed, 401, 'This sign-in was already used');
  let identity: VerifiedIdentity;
  try {
    identity = await finishCodeFlow(provider, `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`, body.callbackQuery, attempt);
  } catch (err) {
    throw asGoogleError(err);
  }
  return { identity, redirectUrl: attempt.redirectUrl, ...(attempt.productType ? { productType: attempt.productType } : {}) };
}

/** The second half, in the route's unit of work: the user linked, or created with a self-service account, and signed in. */
export async function signInWithGoogle(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply, verified: VerifiedGoogleAnswer): Promise<TGoogleSignInResponse> {
  const { identity, redirectUrl } = verified;
  const productType = verified.productType && isProductType(verified.productType) ? verified.productType : undefined;

  // Linking the identity or creating the self-service account commits with the session and the sign-in event (one unit
  // of work, ADR 0088); a refusal after it leaves neither.
  // An address an account routes to its own provider is that provider's: Google neither links nor creates it.
  await assertAddressNotRouted(db, identity.email);
  const { user, created } = await findOrCreateUser(db, identity, productType);
  // The user's own address decides sign-on required (a user linked earlier by subject may have moved into a routed
  // domain since); a second factor is asked next, through the same second step as after the password (ADR 0073).
  const target = await redirectFor(db, user.accountId, productType, created);
  const result = await completeSignIn(db, config, request, reply, user.id, {
    method: 'GOOGLE',
    secondFactor: false,
    redirectUrl: target === '/' ? redirectUrl : target,
  });
  return 'secondFactorRequired' in result ? result : { redirectUrl: result.redirectUrl, created };
}

interface SignInUser {
  id: string;
  accountId: string;
}


/** The user this Google identity signs in: linked by subject or address, or a new self-service account. */
async function findOrCreateUser(db: Db, identity: VerifiedIdentity, productType: ProductType | undefined): Promise<{ user: SignInUser; created: boolean }> {
  let user = await findLinkedUser(db, identity);
  let created = false;
  if (!user) {
    try {
      user = await createSelfServiceUser(db, identity, productType ?? DEFAULT_SELF_SERVICE_PRODUCT);
      created = true;
    } catch (err) {
      // Two first sign-ins of the same person at once: the other one created the user; link to it.
      if (!isUniqueViolation(err)) throw err;
      user = await findLinkedUser(db, identity);
      if (!user) throw err;
    }
  }

  return { user, created };
}

/** The user linked to the issuer's subject, else the active user with this verified e-mail (then linked). */
async function findLinkedUser(db: Db, identity: VerifiedIdentity): Promise<SignInUser | null> {
  const [linked] = await db
    .select({ id: users.id, accountId: users.accountId, active: users.active })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.issuer, identity.issuer), eq(externalIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) {
    if (!linked.active) throw new AppError(ERROR_KEYS.invalidCredentials, 401, 'This login is deactivated');
    return linked;
  }
  const [byEmail] = await db
    .select({ id: users.id, accountId: users.accountId, active: users.active, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, identity.email))
    .limit(1);
  if (!byEmail) return null;
  if (!byEmail.active) throw new AppError(ERROR_KEYS.invalidCredentials, 401, 'This login is deactivated');
  await db.transaction(async (tx) => {
    await tx.insert(externalIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: byEmail.id }).onConflictDoNothing();
    // The issuer vouched for the address: it counts as verified here too.
    if (!byEmail.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, byEmail.id));
  });
  return byEmail;
}

function namesOf(identity: VerifiedIdentity): { firstName: string; lastName: string } {
  // Names from Google follow the same rule as typed ones (docs/decisions/0034): no control or bidi characters.
  const cut = (value: string) => cleanName(value).slice(0, 100);
  if (identity.givenName || identity.familyName) {
    return { firstName: cut(identity.givenName ?? ''), lastName: cut(identity.familyName ?? '') };
  }
  const parts = (identity.name ?? identity.email.split('@')[0] ?? '').split(/\s+/).filter(Boolean);
  return { firstName: cut(parts.slice(0, -1).join(' ') || (parts[0] ?? '')), lastName: cut(parts.length > 1 ? parts.at(-1)! : '') };
}

function localeOf(identity: VerifiedIdentity): Locale {
  const tag = (identity.locale ?? '').toLowerCase();
  if (tag.startsWith('de')) return 'DE_DE';
  if (tag === 'en-gb' || tag === 'en_gb') return 'EN_UK';
  return 'EN_US';
}

async function createSelfServiceUser(db: Db, identity: VerifiedIdentity, productType: ProductType): Promise<SignInUser> {
  const { firstName, lastName } = namesOf(identity);
  // No password is known: a hash of 256 random bits nobody holds. The user may set one by password recovery.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: [firstName, lastName].filter(Boolean).join(' ') || identity.email, type: 'SELF_SERVICE' })
      .returning({ id: accounts.id });
    const [config] = await tx
      .insert(productConfigurations)
      .values({ accountId: account!.id, productType })
      .returning({ id: productConfigurations.id });
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        email: identity.email,
        passwordHash,
        firstName,
        lastName,
        locale: localeOf(identity),
        // The person who creates a self-service account administers it.
        permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
        currentProductConfigurationId: config!.id,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id, accountId: users.accountId });
    await tx.insert(externalIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: user!.id });
    return user!;
  });
}

/** The product page; for an existing account without the requested product, the page that adds it. */
async function redirectFor(db: Db, accountId: string, productType: ProductType | undefined, created: boolean): Promise<string> {
  if (!productType) {
    return created ? `/product/${DEFAULT_SELF_SERVICE_PRODUCT}` : '/';
  }
  const [config] = await db
    .select({ id: productConfigurations.id })
    .from(productConfigurations)
    .where(and(eq(productConfigurations.accountId, accountId), eq(productConfigurations.productType, productType)))
    .limit(1);
  return config ? `/product/${productType}` : `/${productType}/add`;
}
