// The one place that decides how a client's name appears in a comparison. Anonymisation (spec section 5) plugs in
// here, so every name of this feature follows it alike.
import { initials } from '@bq/domain/initials';

export interface ComparisonNameInput {
  token: string;
  firstName: string;
  lastName: string;
}

export interface ComparisonDisplayName {
  displayName: string;
  initials: string;
  anonymize: boolean;
}

export function comparisonDisplayName(client: ComparisonNameInput): ComparisonDisplayName {
  return { displayName: `${client.firstName} ${client.lastName}`, initials: initials(client.firstName, client.lastName), anonymize: false };
}
