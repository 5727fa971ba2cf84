// Takes a person's name, e-mail and phone out of a free text that is kept after their erasure (a consistency note
// kept for the regulator, ADR 0043). Whole words only (issue 36 point 13): a client named "Ed" must not turn
// "invested" into "invest[erased]" in the evidence that stays. A word boundary here is any letter or digit of any
// script, so "Jürgen" in "Jürgens" stays, and "Ed" in "Ed's" goes.
export const ERASED = '[erased]';

export interface Identity {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every whole-word mention of the person replaced, longest first (the full name before its parts). */
export function withoutIdentity(text: string, who: Identity): string {
  const needles = [who.email, `${who.firstName} ${who.lastName}`, who.lastName, who.firstName, who.phone]
    .filter((n): n is string => !!n && n.trim().length >= 2)
    .map((n) => n.trim())
    .sort((a, b) => b.length - a.length)
    .map(escape);
  if (needles.length === 0) return text;
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${needles.join('|')})(?![\\p{L}\\p{N}])`, 'giu'), ERASED);
}
