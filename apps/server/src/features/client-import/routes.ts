// POST /api/u/import: a CSV or XLSX file of clients and the mapping of its columns, as multipart/form-data;
// ?dryRun=true answers the row check's report and writes nothing (docs/decisions/0048); ?skipInvalid=true writes
// the valid rows and reports the others (docs/decisions/0077).
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  ZClientImportForm,
  ZClientImportMapping,
  ZClientImportQuery,
  ZClientImportResult,
  type TClientImportMapping,
} from '@bq/contracts/client-import';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { apiErrors } from '../../plugins/openapi';
import { readOnReaderThread } from '../untrusted-files/reader-thread';
import { IMPORT_FILE_ERRORS } from './file-errors';
import { fileKind, type ClientFile, type FileKind } from './read-file';
import { importClients, IMPORT_ERRORS } from './import-service';

const MISSING = { file: 'error.import.file_missing', mapping: 'error.import.mapping_invalid' } as const;

function parseMapping(text: string | undefined): TClientImportMapping | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(MISSING.mapping, 400, 'The mapping is not JSON');
  }
  const parsed = ZClientImportMapping.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: ['mapping', ...i.path].join('.'), errorKey: i.message.startsWith('error.') ? i.message : 'error.validation' }));
    throw new AppError(MISSING.mapping, 400, 'The mapping is missing a required field or names a column twice', {}, fields);
  }
  return parsed.data;
}

/** The file read on a reader thread (docs/decisions/0066): a file that passes its time or memory limit is too large. */
function readClientFile(buffer: Buffer, kind: FileKind): Promise<ClientFile> {
  return readOnReaderThread<ClientFile>(
    { kind: 'clientFile', fileKind: kind, bytes: new Uint8Array(buffer) },
    (why) => new AppError(IMPORT_FILE_ERRORS.tooLarge, 413, `The file is too large to read: ${why}`),
  );
}

/** The multipart parts: one file (read into memory, at most IMPORT_MAX_BYTES) and the mapping field. */
async function readForm(request: FastifyRequest): Promise<{ file: ClientFile; mapping: TClientImportMapping | null }> {
  if (!request.isMultipart()) throw new AppError('error.request.unsupported_media_type', 415, 'Send multipart/form-data');
  let upload: { buffer: Buffer; part: MultipartFile } | undefined;
  let mappingText: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload) {
          await part.toBuffer();
          continue;
        }
        upload = { buffer: await part.toBuffer(), part };
      } else if (part.fieldname === 'mapping') {
        mappingText = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code.endsWith('_LIMIT')) throw new AppError(ERROR_KEYS.payloadTooLarge, 413, 'The file is larger than 20 MB');
    throw new AppError('error.request.bad', 400, 'The upload could not be read');
  }
  if (!upload || upload.buffer.length === 0) throw new AppError(MISSING.file, 400, 'No file was sent in the part named "file"');
  const kind = fileKind(upload.part.filename, upload.part.mimetype);
  if (!kind) throw new AppError(IMPORT_FILE_ERRORS.unsupportedType, 415, 'Only CSV and XLSX files can be imported');
  const mapping = parseMapping(mappingText);
  return { file: await readClientFile(upload.buffer, kind), mapping };
}

export const clientImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: only this route reads multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 64 * 1024 } });

  app.post(
    '/api/u/import',
    {
      config: {
        audit: {
          action: 'client.import',
          details: (request) => ({ dryRun: (request.query as { dryRun?: boolean }).dryRun === true, skipInvalid: (request.query as { skipInvalid?: boolean }).skipInvalid === true }),
          // Counts only: the rows' names and addresses never reach the trail.
          answer: (body) => {
            const r = body as { rows?: number; created?: number; updated?: number; errorCount?: number; skippedRows?: number } | null;
            return { details: { rows: r?.rows, created: r?.created, updated: r?.updated, errorCount: r?.errorCount, skippedRows: r?.skippedRows } };
          },
        },
        productPermission: { entity: 'BQ_USER', action: 'CREATE', product: { configurationId: 'query.productConfigurationId' } },
        openapiBody: { contentType: 'multipart/form-data', schema: ZClientImportForm },
      },
      schema: {
        operationId: 'importClients',
        tags: ['clients'],
        description:
          'Imports clients from a CSV or XLSX file (multipart/form-data: `file` and `mapping`). Rows are matched to the ' +
          "account's clients by external id, then by e-mail, and update them; the others are created in the product " +
          'configuration. `dryRun=true` checks every row and writes nothing; an import with any row error writes ' +
          'nothing and answers 422, unless `skipInvalid=true`: then the valid rows are written and each skipped row is ' +
          'listed in `errors` with its row number and reason (`skippedRows` counts them). The rows are written in one transaction.',
        querystring: ZClientImportQuery,
        response: {
          200: ZClientImportResult,
          ...apiErrors({
            400: ['error.validation', MISSING.file, MISSING.mapping, 'error.import.unknown_column', IMPORT_FILE_ERRORS.unreadable, IMPORT_FILE_ERRORS.empty, 'error.request.bad'],
            401: ['error.auth.unauthorized'],
            403: ['error.auth.csrf', 'error.auth.forbidden', 'error.client.limit_reached'],
            404: ['error.not_found'],
            // too_large: an XLSX over the inflation limits (entries, size, ratio) or a file past the reader's time or memory limit.
            413: [ERROR_KEYS.payloadTooLarge, IMPORT_FILE_ERRORS.tooManyRows, IMPORT_FILE_ERRORS.tooLarge],
            415: [IMPORT_FILE_ERRORS.unsupportedType, 'error.request.unsupported_media_type'],
            422: [IMPORT_ERRORS.rowsInvalid],
            503: [ERROR_KEYS.serviceUnavailable],
          }),
        },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { file, mapping } = await readForm(request);
      return importClients(app.db, auth, request.product, { ...request.query, mapping, file });
    },
  );
};
