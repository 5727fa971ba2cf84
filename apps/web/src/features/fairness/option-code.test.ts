import { describe, expect, it } from 'vitest';
import { optionCodeFor } from './option-code';

describe('optionCodeFor', () => {
  it('makes a code of capitals, digits and underscores from the label', () => {
    expect(optionCodeFor('Non-binary', [])).toBe('NON_BINARY');
    expect(optionCodeFor('  Über 60 Jahre ', [])).toBe('UBER_60_JAHRE');
  });
  it('keeps codes unique within the category and never takes the reserved one', () => {
    expect(optionCodeFor('Non binary', ['NON_BINARY'])).toBe('NON_BINARY_2');
    expect(optionCodeFor('Prefer not to say', [])).toBe('PREFER_NOT_TO_SAY_2');
    expect(optionCodeFor('—', [])).toBe('OPTION');
  });
  it('stays within the 40 characters the API allows', () => {
    expect(optionCodeFor('x'.repeat(80), ['X'.repeat(36)])).toMatch(/^[A-Z0-9_]{1,40}$/);
  });
});
