// Sign-in, sign-out and password change.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bq/domain/password-policy';

export const ZLoginRequest = z
  .object({
    email: z.email().max(254),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    /** Where the web app should go after sign-in; honoured only when it is a path on this site. */
    redirectUrl: z.string().max(2048).optional(),
  })
  .meta({ id: 'LoginRequest' });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginSuccess = z.object({
  redirectUrl: z.string().meta({ description: 'A same-site path, "/" when none or unsafe was given' }),
  /**
   * The account requires a second factor, the user has none and the grace period is over: the session may only enrol
   * one (GET/POST /api/user/2fa/totp, POST /api/user/2fa/totp/confirm) or sign out; redirectUrl is the enrolment page.
   */
  secondFactorEnrolmentRequired: z.literal(true).optional(),
});

/** The password was right, and the user has a second factor: no session yet; POST /api/login/2fa completes it. */
export const ZSecondFactorRequired = z.object({
  secondFactorRequired: z.literal(true).meta({ description: 'Send a code to POST /api/login/2fa (the bq_2fa cookie is set)' }),
});

export const ZLoginResponse = z.union([ZLoginSuccess, ZSecondFactorRequired]).meta({ id: 'LoginResponse' });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The server only checks the policy's hard rules; the hints shown in the form come from the same module. */
export const ZChangePasswordRequest = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'ChangePasswordRequest' });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZOkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'OkResponse' });
export type TLoginSuccess = z.infer<typeof ZLoginSuccess>;
