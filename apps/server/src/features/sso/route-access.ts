// What the account's single sign-on settings routes (OpenID Connect in routes.ts, SAML in saml-routes.ts) require
// and the error keys they answer with: one list for both protocols.

// The account admin who manages the account's users manages how they sign in (as the second-factor requirement).
export const READ_SSO = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' } } as const;
export const UPDATE_SSO = { sessionOnly: true, permission: { realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' } } as const;

export const UNAUTHORIZED = ['error.auth.unauthorized', 'error.auth.api_credential_invalid'];
export const FORBIDDEN = ['error.auth.csrf', 'error.auth.forbidden', 'error.auth.session_required', 'error.two_factor.enrolment_required'];
/** A change of how the account signs in asks for a fresh second factor (stepUp on the route). */
export const FORBIDDEN_WITHOUT_STEP_UP = [...FORBIDDEN, 'error.two_factor.step_up_required'];
export const BAD_BODY = ['error.validation', 'error.request.malformed_json'];
