// Verifies an OpenID Connect ID token against the configured issuer (Google by default): the issuer's discovery
// document names its JWKS; the token must be signed by one of those keys (RS256) and carry the right iss, aud
// (GOOGLE_CLIENT_ID), an unexpired exp, the browser's nonce and a verified e-mail. Tests run this same code against
// a local issuer (src/test/oidc-issuer.ts).
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../app-error';

export const GOOGLE_ERRORS = {
  notConfigured: 'error.google.not_configured',
  issuerUnavailable: 'error.google.issuer_unavailable',
  invalidToken: 'error.google.invalid_token',
  wrongAudience: 'error.google.wrong_audience',
  tokenExpired: 'error.google.token_expired',
  nonceMismatch: 'error.google.nonce_mismatch',
  emailNotVerified: 'error.google.email_not_verified',
  tokenReplayed: 'error.google.token_replayed',
  /** iat more than IAT_SKEW_SECONDS ahead of this server's clock: a token minted for later, or a forged clock. */
  issuedInFuture: 'error.google.token_issued_in_future',
  /** An e-mail claim that is no plain address (spaces, no @): never matched against or stored as a user's. */
  invalidEmail: 'error.google.invalid_email',
} as const;

/** The clock skew allowed between the issuer and this server for iat (issue 22 point 9). */
export const IAT_SKEW_SECONDS = 60;
/** A plain address: no whitespace or control character anywhere, one @, a dot in the domain. */
const PLAIN_EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

interface Discovery {
  issuer: string;
  authorizationEndpoint: string;
  jwks: JWTVerifyGetKey;
}

const discoveries = new Map<string, Promise<Discovery>>();

async function loadDiscovery(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const doc = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown; authorization_endpoint?: unknown };
  if (typeof doc.issuer !== 'string' || doc.issuer.replace(/\/+$/, '') !== issuer) throw new Error('discovery names another issuer');
  if (typeof doc.jwks_uri !== 'string' || typeof doc.authorization_endpoint !== 'string') throw new Error('discovery lacks jwks_uri or authorization_endpoint');
  // jose caches the key set and refetches it (rate-limited) when a token names a key it does not know: key rotation.
  return { issuer: doc.issuer, authorizationEndpoint: doc.authorization_endpoint, jwks: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5000 }) };
}

/** The issuer's discovery document, fetched once per process (a failure is not cached, so the next call retries). */
export async function discover(issuer: string): Promise<Discovery> {
  let pending = discoveries.get(issuer);
  if (!pending) {
    pending = loadDiscovery(issuer);
    discoveries.set(issuer, pending);
    pending.catch(() => discoveries.delete(issuer));
  }
  try {
    return await pending;
  } catch {
    throw new AppError(GOOGLE_ERRORS.issuerUnavailable, 502, 'The sign-in provider could not be reached');
  }
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  locale: string | null;
  expiresAt: Date;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export async function verifyIdToken(opts: { issuer: string; clientId: string; idToken: string; nonce: string }): Promise<VerifiedIdentity> {
  const discovery = await discover(opts.issuer);
  // Google has issued tokens with iss "accounts.google.com" as well as "https://accounts.google.com".
  const issuers = discovery.issuer === 'https://accounts.google.com' ? [discovery.issuer, 'accounts.google.com'] : [discovery.issuer];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(opts.idToken, discovery.jwks, {
      issuer: issuers,
      audience: opts.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    }));
  } catch (err) {
    throw refusal(err);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp !== opts.clientId) {
    throw new AppError(GOOGLE_ERRORS.wrongAudience, 401, 'The token was issued to another client');
  }
  if (typeof payload.nonce !== 'string' || payload.nonce !== opts.nonce) {
    throw new AppError(GOOGLE_ERRORS.nonceMismatch, 401, 'The token does not belong to this sign-in');
  }
  // jose checks iat only for being a number: a token "issued" in the future is refused here.
  if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + IAT_SKEW_SECONDS) {
    throw new AppError(GOOGLE_ERRORS.issuedInFuture, 401, 'The token claims to be issued in the future');
  }
  // Only the JSON boolean true counts: a string "true" is not what the issuer's contract says, so it is not trusted.
  if (payload.email_verified !== true) {
    throw new AppError(GOOGLE_ERRORS.emailNotVerified, 401, 'The provider has not verified this e-mail address');
  }
  // Taken as sent, not trimmed: an address with spaces is refused rather than repaired into someone else's.
  if (typeof payload.email !== 'string' || payload.email.length > 254 || !PLAIN_EMAIL.test(payload.email)) {
    throw new AppError(GOOGLE_ERRORS.invalidEmail, 401, 'The token carries no plain e-mail address');
  }
  const email = payload.email.toLowerCase();
  return {
    issuer: opts.issuer,
    subject: String(payload.sub),
    email,
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    name: text(payload.name),
    locale: text(payload.locale),
    expiresAt: new Date((payload.exp ?? 0) * 1000),
  };
}

function refusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof joseErrors.JWTExpired) return new AppError(GOOGLE_ERRORS.tokenExpired, 401, 'The token has expired');
  if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'aud') {
    return new AppError(GOOGLE_ERRORS.wrongAudience, 401, 'The token was issued to another client');
  }
  if (err instanceof joseErrors.JWKSTimeout) return new AppError(GOOGLE_ERRORS.issuerUnavailable, 502, 'The sign-in provider could not be reached');
  // Bad signature, unknown key, wrong issuer, malformed token, wrong algorithm: all the same to the caller.
  return new AppError(GOOGLE_ERRORS.invalidToken, 401, 'The token could not be verified');
}
