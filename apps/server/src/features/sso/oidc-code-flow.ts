// The OpenID Connect authorization code flow with PKCE, state and nonce, through openid-client (panva): the provider's
// discovery document, the authorization request, and at the callback the code exchanged for an ID token that
// openid-client verifies (signature by the provider's JWKS, iss, aud, exp, nonce). Used by the accounts' own providers
// (features/sso) and by Sign in with Google; tests run it against a local provider over HTTP (src/test/oidc-issuer.ts).
// An account's provider is an address an account admin chose: every request to it (discovery, JWKS, token endpoint)
// passes the egress gate first (features/egress, docs/decisions/0067, 0073).
import * as oidc from 'openid-client';
import { createHash } from 'node:crypto';
import { AppError } from '../../app-error';
import { EgressRefusedError } from '../egress/public-destination';
import { pinnedFetch } from '../egress/pinned-fetch';

export const SSO_ERRORS = {
  providerUnavailable: 'error.sso.provider_unavailable',
  stateMismatch: 'error.sso.state_mismatch',
  nonceMismatch: 'error.sso.nonce_mismatch',
  wrongIssuer: 'error.sso.wrong_issuer',
  wrongAudience: 'error.sso.wrong_audience',
  invalidToken: 'error.sso.invalid_token',
  cancelled: 'error.sso.cancelled',
  emailNotVerified: 'error.sso.email_not_verified',
  invalidEmail: 'error.sso.invalid_email',
  /** The provider's host is or resolves to an internal address that no operator allowed (EGRESS_ALLOW_HOSTS). */
  privateAddress: 'error.sso.provider_private_address',
} as const;

export interface Provider {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** Plain http issuers only outside production (tests, a local provider). */
  allowHttp: boolean;
  /**
   * For an issuer someone other than the operator chose (an account's provider): the hosts the operator allowed
   * although internal (EGRESS_ALLOW_HOSTS); every other request must go to a public address. Absent: the operator's
   * own issuer (GOOGLE_ISSUER), not gated.
   */
  egressAllowHosts?: readonly string[];
}

/** What the browser's attempt must keep until the callback (encrypted cookie, sso-attempt-cookie.ts). */
export interface CodeFlowAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  locale: string | null;
}

/** The clock skew allowed between the provider and this server for iat. */
export const IAT_SKEW_SECONDS = 60;
const PLAIN_EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's configuration, discovered once per process (a failure is not kept, so the next call retries). */
async function configurationOf(provider: Provider): Promise<oidc.Configuration> {
  const key = [provider.issuer, provider.clientId, createHash('sha256').update(provider.clientSecret ?? '').digest('hex'), provider.egressAllowHosts?.join(',') ?? '-'].join('\n');
  let pending = configurations.get(key);
  if (!pending) {
    pending = oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret ?? undefined, provider.clientSecret ? undefined : oidc.None(), {
      // The ID token's signature is checked against the provider's JWKS too, although it came straight from the token
      // endpoint (OIDC Core 3.1.3.7 would allow trusting TLS alone): a token the provider never signed is refused.
      execute: provider.allowHttp ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
      timeout: 5,
      // Kept by the configuration: the JWKS and token requests later go through the same gate.
      ...(provider.egressAllowHosts ? { [oidc.customFetch]: gatedFetch(provider.egressAllowHosts) } : {}),
    });
    configurations.set(key, pending);
    pending.catch(() => configurations.delete(key));
  }
  try {
    return await pending;
  } catch (err) {
    throw egressRefusal(err) ?? new AppError(SSO_ERRORS.providerUnavailable, 502, 'The sign-in provider could not be reached');
  }
}

/**
 * fetch behind the egress gate (features/egress/pinned-fetch.ts): the host of every URL is checked before the request
 * and again by the connection's own lookup, which connects to the checked address only (no DNS rebinding).
 */
function gatedFetch(allowHosts: readonly string[]): oidc.CustomFetch {
  const gated = pinnedFetch({ allowHosts, timeoutMs: 5_000 });
  return (url, options) => gated(url, options as RequestInit);
}

/** The gate's refusal, however deep openid-client wrapped it, as the API's error; else null. */
export function egressRefusal(err: unknown): AppError | null {
  for (let cause = err, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    if (cause instanceof EgressRefusedError) {
      return new AppError(SSO_ERRORS.privateAddress, 502, "The sign-in provider's address is not public");
    }
  }
  return null;
}

/** The provider's authorization endpoint (for a settings check); throws provider_unavailable when unreachable. */
export async function authorizationEndpointOf(provider: Provider): Promise<string> {
  const endpoint = (await configurationOf(provider)).serverMetadata().authorization_endpoint;
  if (!endpoint) throw new AppError(SSO_ERRORS.providerUnavailable, 502, 'The provider names no authorization endpoint');
  return endpoint;
}

export async function beginCodeFlow(
  provider: Provider,
  redirectUri: string,
  extra: Record<string, string> = {},
): Promise<{ authorizationUrl: string; attempt: CodeFlowAttempt }> {
  const configuration = await configurationOf(provider);
  const attempt = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    state: attempt.state,
    nonce: attempt.nonce,
    ...extra,
  });
  return { authorizationUrl: url.href, attempt };
}

/** Exchanges the callback's code (state checked first) and answers the verified identity. */
export async function finishCodeFlow(provider: Provider, redirectUri: string, callbackQuery: string, attempt: CodeFlowAttempt): Promise<ProviderIdentity> {
  const current = new URL(redirectUri);
  current.search = callbackQuery.startsWith('?') ? callbackQuery : `?${callbackQuery}`;
  if (current.searchParams.get('error')) throw new AppError(SSO_ERRORS.cancelled, 401, 'The provider did not sign you in');
  // Checked before anything is sent to the provider: an answer to another attempt spends no code.
  if (current.searchParams.get('state') !== attempt.state) throw new AppError(SSO_ERRORS.stateMismatch, 401, 'The answer does not belong to this sign-in');
  const configuration = await configurationOf(provider);
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    throw refusal(err);
  }
  if (!claims) throw new AppError(SSO_ERRORS.invalidToken, 401, 'The provider sent no ID token');
  // openid-client checks iat for being a number only: a token "issued" later than a minute ahead is refused here.
  if (claims.iat > Date.now() / 1000 + IAT_SKEW_SECONDS) throw new AppError(SSO_ERRORS.invalidToken, 401, 'The ID token claims to be issued in the future');
  // Only the JSON boolean true counts as the provider vouching for the address: `email_verified`, or Microsoft Entra
  // ID's `xms_edov` (the address's domain is verified as the tenant's own), which Entra sends instead of it.
  if (claims.email_verified !== true && claims.xms_edov !== true) throw new AppError(SSO_ERRORS.emailNotVerified, 401, 'The provider has not verified this e-mail address');
  if (typeof claims.email !== 'string' || claims.email.length > 254 || !PLAIN_EMAIL.test(claims.email)) {
    throw new AppError(SSO_ERRORS.invalidEmail, 401, 'The ID token carries no plain e-mail address');
  }
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: claims.email.toLowerCase(),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
    locale: text(claims.locale),
  };
}

function refusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const refused = egressRefusal(err);
  if (refused) return refused;
  if (err instanceof oidc.AuthorizationResponseError) return new AppError(SSO_ERRORS.cancelled, 401, 'The provider did not sign you in');
  if (err instanceof oidc.ClientError) {
    const claim = ((err.cause as { cause?: { claim?: unknown } } | undefined)?.cause)?.claim;
    if (err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'nonce') return new AppError(SSO_ERRORS.nonceMismatch, 401, 'The ID token does not belong to this sign-in');
    if (err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && claim === 'iss') return new AppError(SSO_ERRORS.wrongIssuer, 401, 'The ID token names another issuer');
    if (err.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && (claim === 'aud' || claim === 'azp')) {
      return new AppError(SSO_ERRORS.wrongAudience, 401, 'The ID token was issued to another client');
    }
    if (err.code === 'OAUTH_TIMEOUT') return new AppError(SSO_ERRORS.providerUnavailable, 502, 'The sign-in provider could not be reached');
  }
  // A refused code (invalid_grant), a bad signature, an expired token: all the same to the caller.
  return new AppError(SSO_ERRORS.invalidToken, 401, 'The sign-in could not be verified');
}
