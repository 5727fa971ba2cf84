// What a new password must not be, beyond length and strength (decision 0032): a common or breached password, or
// the person's own address or name. The comparison forms live here so the server (with its shipped list) and the
// web form (personal data only; the list stays on the server) apply the same rule.

/** A common password's core must be at least this long to count: shorter cores ("abc", "tom") match too much. */
export const COMMON_CORE_MIN_LENGTH = 4;
/** An e-mail's local part (or a part of it between dots, dashes, underscores, plus) counts from this length. */
export const EMAIL_PART_MIN_LENGTH = 4;
/** A first or last name (or a part of it between spaces and dashes) counts from this length. */
export const NAME_PART_MIN_LENGTH = 3;

// NFKC only where it can change something (the server reduces ~50,000 list entries at start).
// eslint-disable-next-line no-control-regex
const lower = (text: string) => (/^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFKC')).toLowerCase();

/** Look-alike substitutions people use to dress up a word ("P@ssw0rd"); "1" may stand for i or l. */
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '0': 'o', '3': 'e', '$': 's', '5': 's', '7': 't', '!': 'i' };

const LOOK_ALIKE = /[@40351$7!]/g;

function unleet(core: string, one: 'i' | 'l'): string {
  return core.replace(LOOK_ALIKE, (c) => (c === '1' ? one : LEET[c]!));
}

/**
 * The forms under which a password is looked up in the common list: lower case, without leading and trailing
 * digits and symbols ("Password123!" -> "password"), with look-alike characters read back ("p@ssw0rd" -> "password").
 * The list's own entries are reduced the same way, so "password1" on the list and "Password2024!" meet at "password".
 * Empty when no core of COMMON_CORE_MIN_LENGTH letters is left.
 */
export function commonPasswordForms(password: string): string[] {
  const core = lower(password).replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if ([...core].length < COMMON_CORE_MIN_LENGTH) return [];
  if (!/[@40351$7!]/.test(core)) return [core];
  return [...new Set([core, unleet(core, 'i'), unleet(core, 'l')])];
}

export interface PersonalData {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The pieces of personal data a password must not contain, lower case (decision 0032). */
export function personalDataPieces(person: PersonalData): string[] {
  const pieces = new Set<string>();
  const add = (text: string, min: number) => {
    if ([...text].length >= min) pieces.add(text);
  };
  const local = lower(person.email ?? '').trim().split('@')[0] ?? '';
  add(local, EMAIL_PART_MIN_LENGTH);
  for (const part of local.split(/[._+-]+/)) add(part, EMAIL_PART_MIN_LENGTH);
  for (const name of [person.firstName, person.lastName]) {
    const whole = lower(name ?? '').trim();
    add(whole, NAME_PART_MIN_LENGTH);
    for (const part of whole.split(/[\s-]+/)) add(part, NAME_PART_MIN_LENGTH);
  }
  return [...pieces];
}

/** Whether the password contains the person's e-mail local part or first or last name, in any letter case. */
export function containsPersonalData(password: string, person: PersonalData): boolean {
  const text = lower(password);
  return personalDataPieces(person).some((piece) => text.includes(piece));
}
