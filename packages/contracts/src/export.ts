// Data export (spec: route /product/{productName}/export, "Data export: product and language required").
// GET /api/product/{type}/export?format=csv|xlsx&locale=&content=clients|results streams a file
// (docs/decisions/0022-data-export-and-scale.md).
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';
import { PRODUCT_TYPES } from '@bq/domain/product-types';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** clients: one row per client of the product with its latest finished result; results: one row per finished result. */
export const EXPORT_CONTENTS = ['clients', 'results'] as const;
export type ExportContent = (typeof EXPORT_CONTENTS)[number];

/** Response header with the number of data rows that follow (for the progress bar). */
export const EXPORT_TOTAL_ROWS_HEADER = 'x-total-rows';

/** A missing or blank value is "required"; anything else not on the list is an invalid value. */
const required = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === '' ? 'error.validation.required' : 'error.validation.invalid_value',
};

export const ZExportParams = z.object({ type: z.enum(PRODUCT_TYPES, required) });

export const ZExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, required),
  locale: z.enum(LOCALES, required),
  content: z.enum(EXPORT_CONTENTS, required).default('clients'),
});
export type TExportQuery = z.infer<typeof ZExportQuery>;

/** The export page's form: product and language required (spec section 5); the format is the button pressed. */
export const ZExportForm = z.object({
  product: z.enum(PRODUCT_TYPES, required),
  locale: z.enum(LOCALES, required),
  content: z.enum(EXPORT_CONTENTS, required),
});
export type TExportForm = z.infer<typeof ZExportForm>;
