// The row check: every row's fields read through the mapping and validated with the same schema as the client form,
// duplicates within the file, and each row matched to an existing client of the account (external id first, then
// e-mail). Pure: the existing clients come in as maps, so the dry run and the import check alike.
import { ZClientFields } from '@bq/contracts/clients';
import { IMPORT_MAX_REPORTED_ERRORS, type TClientImportError, type TClientImportMapping } from '@bq/contracts/client-import';
import { importGroup, importLocale, importSalutation, type ImportField } from '@bq/domain/client-import';
import type { ClientGroup, Salutation } from '@bq/domain/client-rules';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { ClientFile } from './read-file';

export const EXTERNAL_ID_MAX_LENGTH = 100;
const ROW_FIELDS = ZClientFields.pick({ firstName: true, lastName: true, email: true, phone: true });

/** A checked row; null fields were not given (a new client takes the default, an existing one keeps its value). */
export interface PlannedClient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  locale: Locale | null;
  group: ClientGroup | null;
  salutation: Salutation | null;
  externalId: string | null;
  /** The existing client this row updates; null creates one. */
  existingId: string | null;
}

export interface ExistingClients {
  byEmail: Map<string, { id: string; externalId: string | null }>;
  byExternalId: Map<string, { id: string }>;
}

export interface CheckOutcome {
  planned: PlannedClient[];
  errors: TClientImportError[];
  errorCount: number;
  /** Rows with at least one error (never planned). */
  skippedRows: number;
}

const MESSAGES: Record<string, string> = {
  'error.validation.required': 'Required',
  'error.validation.too_long': 'Too long',
  'error.validation.invalid_email': 'Not a valid e-mail address',
  'error.validation.phone': 'Not a valid phone number (6 to 20 digits, +, (), -, spaces)',
  'error.validation.control_characters': 'Contains control characters',
  'error.import.locale': 'Unknown language (e.g. English (USA), English (UK), German, or EN_US, EN_UK, DE_DE)',
  'error.import.group': 'Unknown group (use PROSPECT or ESTABLISHED)',
  'error.import.salutation': 'Unknown salutation (use MS, MR or NEUTRAL)',
  'error.import.duplicate_in_file': 'Appears twice in the file',
  'error.import.conflict': 'E-mail and external id belong to two different clients',
};

/** Each mapped field's column index; a header the file does not have is a 400 naming the field. */
function columnsOf(headers: string[], mapping: TClientImportMapping): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  const missing: { path: string; errorKey: string }[] = [];
  for (const [field, header] of Object.entries(mapping) as [ImportField, string | undefined][]) {
    if (header === undefined) continue;
    const index = headers.indexOf(header);
    if (index < 0) missing.push({ path: `mapping.${field}`, errorKey: 'error.import.unknown_column' });
    else columns[field] = index;
  }
  if (missing.length > 0) throw new AppError('error.import.unknown_column', 400, 'The mapping names a column the file does not have', {}, missing);
  return columns;
}

export function checkRows(file: ClientFile, mapping: TClientImportMapping, existing: ExistingClients): CheckOutcome {
  const columns = columnsOf(file.headers, mapping);
  const errors: TClientImportError[] = [];
  let errorCount = 0;
  let skippedRows = 0;
  const planned: PlannedClient[] = [];
  const seenEmail = new Map<string, number>();
  const seenExternalId = new Map<string, number>();
  const seenTarget = new Map<string, number>();

  for (const { line, cells } of file.rows) {
    let rowOk = true;
    const fail = (field: ImportField | null, errorKey: string, detail?: string) => {
      rowOk = false;
      errorCount++;
      if (errors.length >= IMPORT_MAX_REPORTED_ERRORS) return;
      const column = field === null ? null : file.headers[columns[field]!] ?? null;
      errors.push({ row: line, column, field, errorKey, message: detail ? `${MESSAGES[errorKey] ?? errorKey} (${detail})` : MESSAGES[errorKey] ?? errorKey });
    };
    const cell = (field: ImportField) => (columns[field] === undefined ? '' : (cells[columns[field]!] ?? '').trim());

    const parsed = ROW_FIELDS.safeParse({
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      email: cell('email'),
      phone: cell('phone'),
    });
    if (!parsed.success) for (const issue of parsed.error.issues) fail(issue.path[0] as ImportField, issue.message);

    const coded = <T>(field: ImportField, read: (v: string) => T | null, errorKey: string): T | null => {
      const value = cell(field);
      if (value === '') return null;
      const code = read(value);
      if (code === null) fail(field, errorKey);
      return code;
    };
    const locale = coded('locale', importLocale, 'error.import.locale');
    const group = coded('group', importGroup, 'error.import.group');
    const salutation = coded('salutation', importSalutation, 'error.import.salutation');
    const externalId = cell('externalId') || null;
    if (externalId && externalId.length > EXTERNAL_ID_MAX_LENGTH) fail('externalId', 'error.validation.too_long');

    const email = parsed.success ? parsed.data.email.toLowerCase() : cell('email').toLowerCase();
    const firstSeen = email ? seenEmail.get(email) : undefined;
    if (firstSeen !== undefined) fail('email', 'error.import.duplicate_in_file', `as row ${firstSeen}`);
    else if (email) seenEmail.set(email, line);
    if (externalId) {
      const first = seenExternalId.get(externalId);
      if (first !== undefined) fail('externalId', 'error.import.duplicate_in_file', `as row ${first}`);
      else seenExternalId.set(externalId, line);
    }

    // External id first: a client's number outlives a changed e-mail address.
    const byId = externalId ? existing.byExternalId.get(externalId) : undefined;
    const byMail = existing.byEmail.get(email);
    if (byId && byMail && byMail.id !== byId.id) fail('email', 'error.import.conflict');
    if (!byId && byMail && externalId && byMail.externalId && byMail.externalId !== externalId) fail('externalId', 'error.import.conflict');

    // Two rows reaching one client (one by its number, one by its old e-mail) would overwrite each other.
    const target = byId?.id ?? byMail?.id;
    const targetSeen = target ? seenTarget.get(target) : undefined;
    if (target && targetSeen !== undefined) fail(null, 'error.import.duplicate_in_file', `same client as row ${targetSeen}`);
    else if (target) seenTarget.set(target, line);

    if (!rowOk) skippedRows++;
    if (rowOk && parsed.success) {
      planned.push({
        firstName: parsed.data.firstName,
        lastName: parsed.data.lastName,
        email,
        phone: parsed.data.phone,
        locale,
        group,
        salutation,
        externalId,
        existingId: target ?? null,
      });
    }
  }
  return { planned, errors, errorCount, skippedRows };
}
