// The one rule for every name a person types (client, user and sign-up names, team, campaign and weight profile
// names): no control characters and no bidirectional overrides or isolates. A line break in a name could start a
// line of its own in a mail or a file, a bidi override can make "evil.example" read as something else
// (docs/decisions/0034-csv-injection-and-names.md). Server routes and web forms use the same schema.
import { z } from 'zod';
import { ERROR_KEYS } from './errors';

export const NAME_CONTROL_CHARACTERS_KEY = ERROR_KEYS.nameControlCharacters;

/** C0 controls (tab, LF, CR included), DEL and C1 controls, bidi embeddings/overrides U+202A-E and isolates U+2066-9. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
export const NAME_FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** One character of each kind the rule refuses (C0 with tab, LF, CR and ESC; DEL; C1; every bidi control), for tests. */
export const FORBIDDEN_IN_NAMES = ['\u0001', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'] as const;

export function isCleanName(text: string): boolean {
  return !NAME_FORBIDDEN_CHARACTERS.test(text);
}

/** A name from elsewhere (a Google ID token): each forbidden character becomes a space, spaces collapse. */
export function cleanName(text: string): string {
  return text.replace(new RegExp(NAME_FORBIDDEN_CHARACTERS.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A required name of at most `max` characters, trimmed. The characters are checked before trimming, so a trailing
 * line break is refused too rather than silently dropped.
 */
export function zName(max: number) {
  return z
    .string({ error: 'error.validation.required' })
    .refine(isCleanName, NAME_CONTROL_CHARACTERS_KEY)
    .trim()
    .min(1, 'error.validation.required')
    .max(max, 'error.validation.too_long');
}
