// How a client's name reads in any list, after the server's anonymisation (docs/decisions/0021): the anonymised
// name ("Client 12"), the masked stars, or "last name, first name".
import { MASKED_NAME, type TAnonymizedFields } from '@bq/contracts/anonymisation';
import { fullName } from '@bq/domain/initials';

export function clientDisplayName(client: { firstName: string; lastName: string } & Partial<TAnonymizedFields>): string {
  if (client.anonymize && client.anonymizedName) return client.anonymizedName;
  if (client.anonymizationKind === 'STARS') return MASKED_NAME;
  return fullName(client.lastName, client.firstName);
}

/** The client is anonymised for the viewer (a number or stars): name, e-mail and phone are not sent. */
export function isAnonymisedClient(client: Partial<TAnonymizedFields>): boolean {
  return client.anonymizationKind === 'NUMBER' || client.anonymizationKind === 'STARS';
}

/** An address to name in a sentence; the server sends '' for a client anonymised for the viewer. */
export function shownEmail(email: string, t: (key: string) => string): string {
  return email || t('anonymisation.emailHidden');
}
