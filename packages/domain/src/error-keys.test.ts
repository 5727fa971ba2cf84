import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { errorKeyToTranslationKey, fallbackErrorTranslationKey } from './error-keys';

describe('errorKeyToTranslationKey', () => {
  it.each([
    ['error.client.duplicate', 'ERROR_CLIENT_DUPLICATE'],
    ['client.duplicate', 'ERROR_CLIENT_DUPLICATE'],
    ['ERROR.CLIENT.DUPLICATE', 'ERROR_CLIENT_DUPLICATE'],
    ['ERROR_CLIENT_DUPLICATE', 'ERROR_CLIENT_DUPLICATE'],
    ['error_client_duplicate', 'ERROR_CLIENT_DUPLICATE'],
    ['Error.Email.AlreadyExists', 'ERROR_EMAIL_ALREADYEXISTS'],
    ['security.code.not.matching', 'ERROR_SECURITY_CODE_NOT_MATCHING'],
    ['instance.transition_invalid', 'ERROR_INSTANCE_TRANSITION_INVALID'],
    ['duplicate', 'ERROR_DUPLICATE'],
    ['  client.duplicate  ', 'ERROR_CLIENT_DUPLICATE'],
    ['error', 'ERROR_ERROR'],
    ['errors.x', 'ERROR_ERRORS_X'],
    ['general', 'ERROR_GENERAL'],
    ['error.general', 'ERROR_GENERAL'],
  ])('%j -> %s', (input, expected) => expect(errorKeyToTranslationKey(input)).toBe(expected));

  it.each([
    ['general.error'],
    ['GENERAL.ERROR'],
    ['General.Error'],
    [' general.error '],
    [''],
    ['   '],
    [null],
    [undefined],
  ])('%j -> null (fallback)', (input) => expect(errorKeyToTranslationKey(input)).toBeNull());

  it('names the fallback key', () => {
    expect(fallbackErrorTranslationKey).toBe('ERROR_GENERAL');
  });

  it('always yields an upper-case ERROR_ key without dots, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const key = errorKeyToTranslationKey(input);
        if (key === null) return;
        expect(key.startsWith('ERROR_')).toBe(true);
        expect(key).not.toContain('.');
        expect(key).toBe(key.toUpperCase());
        expect(errorKeyToTranslationKey(key)).toBe(key);
      }),
    );
  });
});
