// The demo password form's rules, as the evaluator app's form checked them (ZDemoPasswordRequest: 12 to 128
// characters; lib/password-form.ts: the password policy, the repeat must match) and with the same messages, written
// out without zod: zod alone would be about 26 KB gzipped for a phone, for two fields. The server checks again
// (and refuses common passwords itself, error.password.common).
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, checkPassword } from '@bq/domain/password-policy';

export type DemoPasswordField = 'password' | 'passwordRepeat';
export interface FieldMessage {
  key: string;
  values?: Record<string, number>;
}
export type DemoPasswordErrors = Partial<Record<DemoPasswordField, FieldMessage>>;

function passwordMessage(password: string): FieldMessage | undefined {
  if (password.trim() === '') return { key: 'validation.required' };
  // The contract's limits count UTF-16 code units, as zod's .min()/.max() did.
  if (password.length < PASSWORD_MIN_LENGTH) return { key: 'validation.min_length', values: { min: PASSWORD_MIN_LENGTH } };
  if (password.length > PASSWORD_MAX_LENGTH) return { key: 'validation.max_length', values: { max: PASSWORD_MAX_LENGTH } };
  const check = checkPassword(password);
  if (check.hints.length && !check.acceptable) return { key: 'settings.password.weak' };
  return undefined;
}

function repeatMessage(values: Record<DemoPasswordField, string>): FieldMessage | undefined {
  if (values.passwordRepeat === '') return { key: 'validation.required' };
  if (values.passwordRepeat !== values.password) return { key: 'settings.password.mismatch' };
  return undefined;
}

/** The first message per field; empty when the form may be sent. */
export function demoPasswordErrors(values: Record<DemoPasswordField, string>): DemoPasswordErrors {
  const errors: DemoPasswordErrors = {};
  const password = passwordMessage(values.password);
  if (password) errors.password = password;
  const repeat = repeatMessage(values);
  if (repeat) errors.passwordRepeat = repeat;
  return errors;
}
