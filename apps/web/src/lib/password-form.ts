// The rules every "new password" form shares (sign-up, password reset, demo password): the policy of
// @bq/domain/password-policy, and the repeated password must match (spec section 5).
import type { z } from 'zod';
import { checkPassword } from '@bq/domain/password-policy';

export function refineNewPassword(values: { password: string; passwordRepeat: string }, ctx: z.RefinementCtx): void {
  const check = checkPassword(values.password);
  if (check.hints.length && !check.acceptable) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'settings.password.weak' });
  }
  if (values.passwordRepeat === '') {
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'validation.required' });
  } else if (values.passwordRepeat !== values.password) {
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'settings.password.mismatch' });
  }
}
