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
});
