// Every error response of the API has this shape; errorKey is stable and translated by the web client.
import { z } from 'zod';

export const ZApiError = z
  .object({
    errorKey: z.string().meta({ example: 'error.auth.invalid_credentials' }),
    message: z.string(),
    reqId: z.string().optional(),
    fields: z.array(z.object({ path: z.string(), errorKey: z.string() })).optional(),
    /** What the refusal is about, for errors that name something (e.g. the open questionnaire of error.interaction.already_open). */
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  })
  .meta({ id: 'ApiError' });
export type TApiError = z.infer<typeof ZApiError>;

/** The error keys the foundation defines; features add their own under error.<feature>.*. */
export const ERROR_KEYS = {
  general: 'error.general',
  validation: 'error.validation',
  malformedJson: 'error.request.malformed_json',
  notFound: 'error.not_found',
  unauthorized: 'error.auth.unauthorized',
  forbidden: 'error.auth.forbidden',
  /** Data every account shares (the market history): only a platform operator, never an account admin. */
  operatorRequired: 'error.auth.operator_required',
  csrf: 'error.auth.csrf',
  invalidCredentials: 'error.auth.invalid_credentials',
  tooManyAttempts: 'error.auth.too_many_attempts',
  wrongCurrentPassword: 'error.password.current_wrong',
  weakPassword: 'error.password.weak',
  samePassword: 'error.password.same_as_current',
  /** A common or breached password, or a trivial variant of one (decision 0032). */
  commonPassword: 'error.password.common',
  /** A password containing the person's e-mail local part or name (decision 0032). */
  personalDataInPassword: 'error.password.contains_personal_data',
  /** Sign-in (or the current password on the change form) slowed down after failures (decision 0032). */
  signInThrottled: 'error.auth.too_many_sign_in_attempts',
  payloadTooLarge: 'error.request.too_large',
  /** An Authorization header that is not a known, unrevoked API credential. */
  apiCredentialInvalid: 'error.auth.api_credential_invalid',
  /** A route only a signed-in person may use, called with an API credential. */
  sessionRequired: 'error.auth.session_required',
  /** Not ready (database or job queue unreachable, or shutting down): try again shortly. */
  serviceUnavailable: 'error.service.unavailable',
  /** A name (client, user, team, campaign, profile) with a line break, tab, other control or bidi character. */
  nameControlCharacters: 'error.validation.control_characters',
  /** A public route called more often than its limit allows from this address (docs/decisions/0072); Retry-After says when. */
  rateLimited: 'error.rate_limited',
} as const;
