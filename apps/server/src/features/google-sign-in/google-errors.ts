// The errorKeys of Sign in with Google. The code flow's refusals (error.sso.*, features/sso/oidc-code-flow.ts) are
// answered under Google's own keys, whose texts name Google rather than "your organisation".
import { AppError } from '../../app-error';
import { SSO_ERRORS } from '../sso/oidc-code-flow';

export const GOOGLE_ERRORS = {
  notConfigured: 'error.google.not_configured',
  issuerUnavailable: 'error.google.issuer_unavailable',
  invalidToken: 'error.google.invalid_token',
  wrongAudience: 'error.google.wrong_audience',
  nonceMismatch: 'error.google.nonce_mismatch',
  stateMismatch: 'error.google.state_mismatch',
  emailNotVerified: 'error.google.email_not_verified',
  tokenReplayed: 'error.google.token_replayed',
  invalidEmail: 'error.google.invalid_email',
  cancelled: 'error.google.cancelled',
  attemptMissing: 'error.google.attempt_missing',
} as const;

const FROM_SSO: Record<string, string> = {
  [SSO_ERRORS.providerUnavailable]: GOOGLE_ERRORS.issuerUnavailable,
  [SSO_ERRORS.stateMismatch]: GOOGLE_ERRORS.stateMismatch,
  [SSO_ERRORS.nonceMismatch]: GOOGLE_ERRORS.nonceMismatch,
  [SSO_ERRORS.wrongIssuer]: GOOGLE_ERRORS.invalidToken,
  [SSO_ERRORS.wrongAudience]: GOOGLE_ERRORS.wrongAudience,
  [SSO_ERRORS.invalidToken]: GOOGLE_ERRORS.invalidToken,
  [SSO_ERRORS.cancelled]: GOOGLE_ERRORS.cancelled,
  [SSO_ERRORS.emailNotVerified]: GOOGLE_ERRORS.emailNotVerified,
  [SSO_ERRORS.invalidEmail]: GOOGLE_ERRORS.invalidEmail,
};

export function asGoogleError(err: unknown): unknown {
  if (err instanceof AppError && FROM_SSO[err.errorKey]) return new AppError(FROM_SSO[err.errorKey]!, err.statusCode, err.message);
  return err;
}
