import { describe, expect, it } from 'vitest';
import { ZClientFields } from '@bq/contracts/clients';
import { enUsTexts } from '../test/i18n';
import { ZLoginRequest } from '@bq/contracts/auth';
import { ApiError } from './api-client';
import { apiFieldErrors, validateWith } from './zod-form';

/** The sign-in form's two fields, checked with the login request's own rules. */
const ZLoginForm = ZLoginRequest.pick({ email: true, password: true });

const client = {
  firstName: 'Anna',
  lastName: 'Müller',
  email: 'anna@example.com',
  phone: '',
  group: 'PROSPECT',
  locale: 'EN_US',
};

describe('validateWith', () => {
  it("turns the contract's errorKey messages into the errorKeys' translations", () => {
    const blank = validateWith(ZClientFields, { ...client, firstName: ' ', lastName: '', email: '' });
    expect(blank.errors).toEqual({
      firstName: { key: 'ERROR_VALIDATION_REQUIRED' },
      lastName: { key: 'ERROR_VALIDATION_REQUIRED' },
      email: { key: 'ERROR_VALIDATION_REQUIRED' },
    });
    expect(validateWith(ZClientFields, { ...client, email: 'anna@' }).errors).toEqual({
      email: { key: 'ERROR_VALIDATION_INVALID_EMAIL' },
    });
    expect(validateWith(ZClientFields, { ...client, phone: '12345' }).errors).toEqual({
      phone: { key: 'ERROR_VALIDATION_PHONE' },
    });
    expect(validateWith(ZClientFields, { ...client, lastName: 'x'.repeat(101) }).errors).toEqual({
      lastName: { key: 'ERROR_VALIDATION_TOO_LONG' },
    });
    for (const key of [
      'ERROR_VALIDATION_REQUIRED',
      'ERROR_VALIDATION_INVALID_EMAIL',
      'ERROR_VALIDATION_PHONE',
      'ERROR_VALIDATION_TOO_LONG',
    ]) {
      expect(enUsTexts[key], key).toBeTruthy();
    }
  });

  it('accepts a valid client and gives the parsed data (no phone is null)', () => {
    const result = validateWith(ZClientFields, { ...client, firstName: ' Anna ' });
    expect(result.ok).toBe(true);
    expect(result.data).toMatchObject({ firstName: 'Anna', phone: null, group: 'PROSPECT' });
  });

  it('keeps the code-based messages for schemas whose messages are not errorKeys', () => {
    expect(validateWith(ZLoginForm, { email: '', password: 'x' }).errors).toEqual({
      email: { key: 'validation.required' },
    });
    expect(validateWith(ZLoginForm, { email: 'no-email', password: 'x' }).errors).toEqual({
      email: { key: 'validation.email' },
    });
  });
});

describe('apiFieldErrors', () => {
  const fields = ['email', 'phone'] as const;

  it("maps a 400's failing fields (body.<field>) to their translated errorKeys, ignoring unknown fields", () => {
    const error = new ApiError(400, {
      errorKey: 'error.validation',
      fields: [
        { path: 'body.email', errorKey: 'error.validation.invalid_email' },
        { path: 'body.productConfigurationId', errorKey: 'error.validation.invalid' },
        { path: 'phone', errorKey: 'error.validation.phone' },
      ],
    });
    expect(apiFieldErrors(error, fields)).toEqual({
      email: { key: 'ERROR_VALIDATION_INVALID_EMAIL' },
      phone: { key: 'ERROR_VALIDATION_PHONE' },
    });
  });

  it('adds field errors the caller derives from the error, and nothing for other failures', () => {
    const duplicate = new ApiError(409, { errorKey: 'error.client.duplicate' });
    expect(
      apiFieldErrors(duplicate, fields, (e) =>
        e.status === 409 ? { email: { key: 'ERROR_CLIENT_DUPLICATE' } } : {},
      ),
    ).toEqual({ email: { key: 'ERROR_CLIENT_DUPLICATE' } });
    expect(apiFieldErrors(new Error('boom'), fields)).toEqual({});
  });
});
