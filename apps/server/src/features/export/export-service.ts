// Prepares an export: checks the product and the permission (INDIVIDUAL_EXPORT, READ in the product's realm),
// counts the rows for the progress bar, loads the texts, and returns the streaming body with its file name.
import type { Readable } from 'node:stream';
import type { ExportContent, ExportFormat, TExportQuery } from '@bq/contracts/export';
import { fileNameDate, fileNamePart } from '@bq/domain/report-file-name';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { loadAnonymisation } from '../anonymisation/anonymise';
import { definitionForProduct } from '../interactions/definitions';
import type { ProductConfigurationRow } from '../products/product-access';
import { exportColumns } from './export-columns';
import { countExportRows, exportRowBatches } from './export-rows';
import { loadExportTexts } from './export-texts';
import { csvStream, xlsxStream } from './export-writers';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface PreparedExport {
  fileName: string;
  contentType: string;
  totalRows: number;
  body: Readable;
}

export async function prepareExport(
  db: Db,
  auth: AuthContext,
  /** The account's product of the path's :type, INDIVIDUAL_EXPORT/READ checked in its realm by the route (0081). */
  config: ProductConfigurationRow,
  query: TExportQuery,
  opts: { batchSize?: number; now?: Date } = {},
  /**
   * Where the rows are read: the read replica when there is one (docs/decisions/0059). Who may export and how names
   * are anonymised come from `db`, the primary, so a revoked permission or a changed setting applies at once.
   */
  read: Db = db,
): Promise<PreparedExport> {
  const productType = config.productType;
  const content: ExportContent = query.content;
  const definition = definitionForProduct(productType);
  const [texts, totalRows, anon] = await Promise.all([
    loadExportTexts(read, query.locale, productType, definition),
    countExportRows(read, auth.accountId, config.id, content),
    // Names as the viewer's allow-list says, the user text ("Client") in the export's language.
    loadAnonymisation(db, auth, config.id, query.locale),
  ]);
  const columns = exportColumns(content, definition, texts, anon);
  const batches = exportRowBatches(read, { accountId: auth.accountId, configId: config.id, content, anon, batchSize: opts.batchSize });
  const title = texts.t(`export.fileName.${content}`);
  const fileName = [fileNamePart(texts.t(`product.${productType}.name`)), fileNamePart(title), fileNameDate((opts.now ?? new Date()).toISOString(), query.locale)].join('_') + `.${query.format}`;
  const body = query.format === 'csv' ? csvStream(columns, batches, query.locale) : xlsxStream(columns, batches, query.locale, title);
  return { fileName, contentType: EXPORT_CONTENT_TYPES[query.format], totalRows, body };
}
