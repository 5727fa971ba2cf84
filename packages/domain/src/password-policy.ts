// Password rules (spec section 5 leaves the numbers open; docs/decisions/0003-password-policy.md fixes them).
// The form shows every hint; the server enforces length and strength with these same functions.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** How many of the four character classes (upper, lower, digit, symbol) a password must mix. */
export const PASSWORD_MIN_STRENGTH = 3;

export type PasswordHint = 'length' | 'upper' | 'lower' | 'digit' | 'symbol';

export interface PasswordCheck {
  /** Each hint and whether the password satisfies it, in display order. */
  hints: Record<PasswordHint, boolean>;
  /** Number of character classes used, 0-4. */
  strength: number;
  acceptable: boolean;
}

export function checkPassword(password: string): PasswordCheck {
  const hints: Record<PasswordHint, boolean> = {
    length: [...password].length >= PASSWORD_MIN_LENGTH && [...password].length <= PASSWORD_MAX_LENGTH,
    upper: /\p{Lu}/u.test(password),
    lower: /\p{Ll}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    symbol: /[^\p{L}\p{Nd}]/u.test(password),
  };
  const strength = [hints.upper, hints.lower, hints.digit, hints.symbol].filter(Boolean).length;
  return { hints, strength, acceptable: hints.length && strength >= PASSWORD_MIN_STRENGTH };
}
