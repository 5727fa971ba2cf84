// Rules for client (participant) records shared by the form and the API (spec section 5).
export const CLIENT_GROUPS = ['PROSPECT', 'ESTABLISHED'] as const;
export type ClientGroup = (typeof CLIENT_GROUPS)[number];

/** Phone: 6 to 20 characters from digits, plus, parentheses, hyphen and space (spec sections 5 and 9). */
export const PHONE_PATTERN = /^[0-9+() -]{6,20}$/;
export const CLIENT_NAME_MAX_LENGTH = 100;

/**
 * How mails address the client, chosen by the adviser (issue 22): MS "Sehr geehrte Frau Käßmann" / "Dear Ms Käßmann",
 * MR "Sehr geehrter Herr Käßmann" / "Dear Mr Käßmann", NEUTRAL the full name ("Guten Tag Jürgen Käßmann").
 */
export const SALUTATIONS = ['MS', 'MR', 'NEUTRAL'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}
