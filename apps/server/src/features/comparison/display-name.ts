// The one place that decides how a client's name appears in a comparison: as the viewer's anonymisation allow-list
// says (spec section 5, docs/decisions/0021), so every name of this feature follows it alike. A client in a
// comparison always has a result, so it is shown by name (on the list, or the list is off) or as "Client <n>".
import { initials } from '@bq/domain/initials';
import { applyAnonymisation, type Anonymisation } from '../anonymisation/anonymise';

export interface ComparisonNameInput {
  token: string;
  firstName: string;
  lastName: string;
  /** From anonymisationColumns(): NAME, NUMBER or STARS, and the client's running number. */
  anon_kind: string;
  anon_number: number | string | null;
}

export interface ComparisonDisplayName {
  displayName: string;
  initials: string;
  anonymize: boolean;
}

export function comparisonDisplayName(anon: Anonymisation, client: ComparisonNameInput): ComparisonDisplayName {
  const shown = applyAnonymisation(anon, client);
  if (shown.anonymize && shown.anonymizedName) {
    return { displayName: shown.anonymizedName, initials: shown.anonymizedInitials ?? '', anonymize: true };
  }
  return { displayName: `${shown.firstName} ${shown.lastName}`, initials: initials(shown.firstName, shown.lastName), anonymize: false };
}
