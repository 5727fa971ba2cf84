// Password recovery: request a link (same answer for every address), check it, set a new password with it.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bq/domain/password-policy';

/** POST /api/user/password/reset. */
export const ZPasswordResetRequest = z
  .object({ email: z.email('error.validation.invalid_email').max(254) })
  .meta({ id: 'PasswordResetRequest' });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** The same answer for every address: "if it has an account, a link is on its way". */
export const ZPasswordResetRequestResponse = z.object({ sentTo: z.string() }).meta({ id: 'PasswordResetRequestResponse' });
export type TPasswordResetRequestResponse = z.infer<typeof ZPasswordResetRequestResponse>;

export const ZPasswordResetToken = z.string().min(1).max(200);

/** GET /api/user/password/reset/verify?token= */
export const ZPasswordResetVerifyQuery = z.object({ token: ZPasswordResetToken });
export const ZPasswordResetVerifyResponse = z
  .object({ email: z.string(), expiresAt: z.string() })
  .meta({ id: 'PasswordResetVerifyResponse' });
export type TPasswordResetVerifyResponse = z.infer<typeof ZPasswordResetVerifyResponse>;

/** POST /api/user/password: the reset token and the new password. */
export const ZSetPasswordRequest = z
  .object({ token: ZPasswordResetToken, password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH) })
  .meta({ id: 'SetPasswordRequest' });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;
