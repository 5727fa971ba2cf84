import { describe, expect, it } from 'vitest';
import { isValidPhone } from './client-rules';

describe('isValidPhone', () => {
  it.each(['123456', '+49 (0)89 123-456', '(555) 123-4567', '12345678901234567890'])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each(['12345', '123456789012345678901', '+49 89 123 456 ext. 7', '089/123456', 'phone', '', '12 34 56\n'])(
    'refuses %j',
    (phone) => {
      expect(isValidPhone(phone)).toBe(false);
    },
  );
});
