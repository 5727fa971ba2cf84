// The change-password form: the contract's request plus the repeated new password. Beyond the server's hard
// rules it asks for the policy's strength and that the new password differs from the current one.
import { z } from 'zod';
import { ZChangePasswordRequest } from '@bq/contracts/auth';
import { checkPassword } from '@bq/domain/password-policy';

export const ZChangePasswordForm = ZChangePasswordRequest.extend({ passwordRepeat: z.string() }).superRefine(
  (values, ctx) => {
    const check = checkPassword(values.password);
    if (check.hints.length && !check.acceptable) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'settings.password.weak' });
    } else if (values.password !== '' && values.password === values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'settings.password.sameAsCurrent' });
    }
    if (values.passwordRepeat === '') {
      ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'validation.required' });
    } else if (values.passwordRepeat !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'settings.password.mismatch' });
    }
  },
);

export type ChangePasswordField = 'currentPassword' | 'password' | 'passwordRepeat';
