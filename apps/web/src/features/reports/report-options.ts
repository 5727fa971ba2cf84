// Labels of the PDF's paper formats in the report toolbar.
import type { PageFormat } from '@bq/contracts/reports';

export const PAGE_FORMAT_LABEL_KEYS: Record<PageFormat, string> = {
  A4: 'reports.toolbar.pageFormat.A4',
  LETTER: 'reports.toolbar.pageFormat.LETTER',
};
