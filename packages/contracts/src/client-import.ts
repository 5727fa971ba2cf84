// Client import (issue 26): POST /api/u/import, multipart with the file and the mapping; ?dryRun=true checks only;
// ?skipInvalid=true writes the valid rows and reports the others (docs/decisions/0077).
import { z } from 'zod';
import { IMPORT_FIELDS } from '@bq/domain/client-import';

/** Largest file accepted; 100,000 rows of eight columns are about 9 MB as CSV. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The report lists at most this many errors; errorCount tells how many there were. */
export const IMPORT_MAX_REPORTED_ERRORS = 1000;

const column = z.string().trim().min(1).max(200);

/** Which column (by its header) each field is read from; first and last name and e-mail are required. */
export const ZClientImportMapping = z
  .object({
    firstName: column,
    lastName: column,
    email: column,
    phone: column.optional(),
    locale: column.optional(),
    group: column.optional(),
    externalId: column.optional(),
    salutation: column.optional(),
  })
  .strict()
  .refine((m) => new Set(Object.values(m)).size === Object.values(m).length, { message: 'error.import.column_twice' })
  .meta({ id: 'ClientImportMapping' });
export type TClientImportMapping = z.infer<typeof ZClientImportMapping>;
export { IMPORT_FIELDS };

export const ZClientImportQuery = z.object({
  /** The product the clients join (as when one client is created). */
  productConfigurationId: z.uuid(),
  /** true: check every row and answer the report; nothing is written. */
  dryRun: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * true: write the valid rows and skip the rows with an error (each listed in errors with its row and reason);
   * false (default): any row error writes nothing (422). With dryRun, the answer is the same check either way.
   */
  skipInvalid: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

/** The request body as OpenAPI shows it (multipart/form-data; the server reads the parts itself). */
export const ZClientImportForm = z
  .object({
    mapping: z
      .string()
      .optional()
      .describe('JSON of ClientImportMapping: {"firstName":"Vorname","lastName":"Nachname","email":"E-Mail",...}; without it, a dry run suggests one from the headers'),
    file: z.string().meta({ format: 'binary' }).describe('The CSV (UTF-8, comma or semicolon) or XLSX file, first row the headers; at most 20 MB and 100,000 rows'),
  })
  .meta({ id: 'ClientImportForm' });

export const ZClientImportError = z
  .object({
    /** The row in the file, counting the header row as 1 (as a spreadsheet shows it). */
    row: z.number().int(),
    /** The file's header of the column, or null for an error of the whole row. */
    column: z.string().nullable(),
    field: z.enum(IMPORT_FIELDS).nullable(),
    errorKey: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ClientImportError' });
export type TClientImportError = z.infer<typeof ZClientImportError>;

export const ZClientImportResult = z
  .object({
    dryRun: z.boolean(),
    /** The file's header row and its first data rows, for the browser's mapping step. */
    headers: z.array(z.string()),
    preview: z.array(z.array(z.string())),
    /** The mapping used: the one sent, or (dry run without one) the one suggested from the header names. */
    mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()),
    /** false: a dry run without a usable mapping (a required field had no column); no row was checked. */
    checked: z.boolean(),
    /** Data rows read (the header not counted). */
    rows: z.number().int(),
    /** New clients (dry run: that would be created). */
    created: z.number().int(),
    /** Existing clients matched by external id or e-mail (dry run: that would be updated). */
    updated: z.number().int(),
    errorCount: z.number().int(),
    /** Rows with at least one error: skipped by an import with skipInvalid, or refusing the whole import without it. */
    skippedRows: z.number().int(),
    /** Whether the valid rows were (to be) written and the others skipped. */
    skipInvalid: z.boolean(),
    /** The first IMPORT_MAX_REPORTED_ERRORS errors, in file order. */
    errors: z.array(ZClientImportError),
    /** Server time spent reading, checking and (unless dry run) writing, in milliseconds. */
    durationMs: z.number().int(),
  })
  .meta({ id: 'ClientImportResult' });
export type TClientImportResult = z.infer<typeof ZClientImportResult>;
