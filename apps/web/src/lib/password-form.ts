// The rules every "new password" form shares (sign-up, password reset, demo password): the policy of
// @bq/domain/password-policy, the person's own address and name (@bq/domain/password-screening, where the form
// knows them; decision 0032), and the repeated password must match (spec section 5). The common-password list
// stays on the server: its refusal arrives as error.password.common.
import type { z } from 'zod';
import { checkPassword } from '@bq/domain/password-policy';
import { containsPersonalData, type PersonalData } from '@bq/domain/password-screening';

export function refineNewPassword(
  values: { password: string; passwordRepeat: string },
  ctx: z.RefinementCtx,
  person: PersonalData = {},
): void {
  const check = checkPassword(values.password);
  if (check.hints.length && !check.acceptable) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'settings.password.weak' });
  } else if (check.acceptable && containsPersonalData(values.password, person)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'error.password.contains_personal_data' });
  }
  if (values.passwordRepeat === '') {
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'validation.required' });
  } else if (values.passwordRepeat !== values.password) {
    ctx.addIssue({ code: 'custom', path: ['passwordRepeat'], message: 'settings.password.mismatch' });
  }
}
