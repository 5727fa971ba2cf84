// Rules for client (participant) records shared by the form and the API (spec section 5).
export const CLIENT_GROUPS = ['PROSPECT', 'ESTABLISHED'] as const;
export type ClientGroup = (typeof CLIENT_GROUPS)[number];

/**
 * Where a client came from when nobody typed them in: WEBSITE, a visitor of a public start link (docs/decisions/0092).
 * Null for a client an adviser created or imported.
 */
export const CLIENT_SOURCES = ['WEBSITE'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];

/** The list's and the client page's "Lead · website" marker: a prospect who came through a start link (0092 addendum). */
export function isWebsiteLead(client: { group: ClientGroup; source: ClientSource | null }): boolean {
  return client.group === 'PROSPECT' && client.source === 'WEBSITE';
}

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
