// How a person appears in teams, campaigns and their exports: the ONE place names are rendered, so the
// anonymisation allow-list (spec section 5) can be applied here for every screen alike.
import { fullName, initials } from '@bq/domain/initials';

export interface PersonName {
  firstName: string;
  lastName: string;
}

export interface DisplayName {
  name: string;
  firstName: string;
  /** "name, first name" (spec section 3). */
  fullName: string;
  initials: string;
}

export function memberDisplayName(person: PersonName): DisplayName {
  return {
    name: person.lastName,
    firstName: person.firstName,
    fullName: fullName(person.lastName, person.firstName),
    initials: initials(person.firstName, person.lastName),
  };
}
