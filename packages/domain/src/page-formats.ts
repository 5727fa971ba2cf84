// The paper formats of the PDFs (report, certificate). Plain values, no zod: the participant entry imports contracts
// as types only (docs/decisions/0054-participant-entry.md), so the report page there takes these from here.
import type { Locale } from './locales';

export const PAGE_FORMATS = ['A4', 'LETTER'] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

/** The paper a PDF (report, certificate) is laid out on unless the reader picks another: Letter in the US, else A4. */
export function defaultPageFormat(locale: Locale): PageFormat {
  return locale === 'EN_US' ? 'LETTER' : 'A4';
}
