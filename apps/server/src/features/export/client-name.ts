// The one place where the export decides how a client is written: as the viewer's anonymisation allow-list says
// (spec section 5, docs/decisions/0021), so CSV and XLSX exports of every content follow the same rule as the client
// list: "Client <n>" for a participant not on the list, stars for a client without a result, e-mail and phone
// left empty for both.
import { applyAnonymisation, type Anonymisation } from '../anonymisation/anonymise';

export interface ExportNameInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** From anonymisationColumns(): NAME, NUMBER or STARS, and the client's running number. */
  anonKind: string;
  anonNumber: number | string | null;
}

export interface ExportName {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

export function renderExportClientName(anon: Anonymisation, client: ExportNameInput): ExportName {
  const shown = applyAnonymisation(anon, {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    anon_kind: client.anonKind,
    anon_number: client.anonNumber,
  });
  if (shown.anonymize && shown.anonymizedName) {
    return { firstName: '', lastName: shown.anonymizedName, email: shown.email ?? '', phone: shown.phone ?? null };
  }
  return { firstName: shown.firstName, lastName: shown.lastName, email: shown.email ?? '', phone: shown.phone ?? null };
}
