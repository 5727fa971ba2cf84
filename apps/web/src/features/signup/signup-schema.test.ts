// The sign-up form's rules (spec section 5): required fields, e-mail, password policy, matching passwords, terms.
import { describe, expect, it } from 'vitest';
import { validateWith } from '../../lib/zod-form';
import { ZSignupForm, type SignupField } from './signup-schema';

const valid: Record<SignupField, string> = {
  firstName: 'Selma',
  lastName: 'Selbst',
  email: 'selma@example.com',
  password: 'Journey-Pass-2026!',
  passwordRepeat: 'Journey-Pass-2026!',
  termsAccepted: 'true',
};

describe('sign-up form', () => {
  it('accepts a complete form', () => {
    expect(validateWith(ZSignupForm, valid).ok).toBe(true);
  });

  it('asks for the terms, matching passwords, a strong password and a valid address', () => {
    const result = validateWith(ZSignupForm, {
      ...valid,
      email: 'selma@',
      password: 'alllowercaseletters',
      passwordRepeat: 'different',
      termsAccepted: '',
    });
    expect(result.errors).toEqual({
      email: { key: 'ERROR_VALIDATION_INVALID_EMAIL' },
      password: { key: 'settings.password.weak' },
      passwordRepeat: { key: 'settings.password.mismatch' },
      termsAccepted: { key: 'ERROR_VALIDATION_TERMS_NOT_ACCEPTED' },
    });
  });

  it('asks for every required field', () => {
    const result = validateWith(ZSignupForm, { firstName: '', lastName: '', email: '', password: '', passwordRepeat: '', termsAccepted: '' });
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'passwordRepeat', 'termsAccepted']);
    expect(result.errors?.firstName).toEqual({ key: 'ERROR_VALIDATION_REQUIRED' });
  });

  it.each(['Selma-Secret-2026!', 'Pass-SELBST-2026!', 'selma-Pass-2026!'])(
    'refuses %j, which holds the name or the address, with the server\'s errorKey (decision 0032)',
    (password) => {
      const result = validateWith(ZSignupForm, { ...valid, password, passwordRepeat: password });
      expect(result.errors).toEqual({ password: { key: 'ERROR_PASSWORD_CONTAINS_PERSONAL_DATA' } });
    },
  );
});
