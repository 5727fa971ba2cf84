// How a person appears in teams, campaigns and their exports: the ONE place names are rendered, so the viewer's
// anonymisation allow-list (spec section 5, docs/decisions/0021) applies to every screen alike: a participant not on
// the list is "<user text> <running number>" (the same number as in the client list), a client without a result and
// without an entry is stars. The decision itself is features/anonymisation/anonymise.ts; this only shapes it.
import { sql, type SQL } from 'drizzle-orm';
import { MASKED_NAME, type TAnonymizedFields } from '@bq/contracts/anonymisation';
import { fullName, initials } from '@bq/domain/initials';
import { anonymisationColumns, applyAnonymisation, type Anonymisation } from '../anonymisation/anonymise';

export interface PersonName {
  firstName: string;
  lastName: string;
  /** From anonymisationColumns(): NAME, NUMBER or STARS, and the client's running number. */
  anon_kind?: string | null;
  anon_number?: number | string | null;
}

export interface DisplayName extends TAnonymizedFields {
  name: string;
  firstName: string;
  /** "name, first name" (spec section 3); "Client 12" or stars for an anonymised person. */
  fullName: string;
  initials: string;
}

/** The anonymisation columns (anon_kind, anon_number) of the client whose id is `clientId`, or NAME without a viewer. */
export function memberNameColumns(anon: Anonymisation | null, clientId: SQL): SQL {
  return anon ? anonymisationColumns(anon, clientId) : sql`'NAME' as anon_kind, null::int as anon_number`;
}

/** The person as this viewer may see them; without `anon` (no viewer, e.g. the participant's own page) by name. */
export function memberDisplayName(anon: Anonymisation | null, person: PersonName): DisplayName {
  const shown = anon
    ? applyAnonymisation(anon, { firstName: person.firstName, lastName: person.lastName, anon_kind: person.anon_kind ?? 'NAME', anon_number: person.anon_number ?? null })
    : { firstName: person.firstName, lastName: person.lastName, anonymize: false, anonymizedName: null, anonymizedInitials: null, anonymizationKind: 'NAME' as const };
  const fields: TAnonymizedFields = {
    anonymize: shown.anonymize,
    anonymizedName: shown.anonymizedName,
    anonymizedInitials: shown.anonymizedInitials,
    anonymizationKind: shown.anonymizationKind,
  };
  if (shown.anonymizationKind === 'NUMBER') {
    const label = shown.anonymizedName ?? '';
    return { ...fields, name: label, firstName: '', fullName: label, initials: shown.anonymizedInitials ?? '' };
  }
  if (shown.anonymizationKind === 'STARS') {
    return { ...fields, name: MASKED_NAME, firstName: MASKED_NAME, fullName: MASKED_NAME, initials: '*' };
  }
  return {
    ...fields,
    name: shown.lastName,
    firstName: shown.firstName,
    fullName: fullName(shown.lastName, shown.firstName),
    initials: initials(shown.firstName, shown.lastName),
  };
}
