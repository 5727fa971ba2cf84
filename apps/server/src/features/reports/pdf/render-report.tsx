// Server-side PDF rendering of reports and certificates (spec sections 2, 3, 7 and 9): content objects that the
// reports service resolved in one locale go in, a PDF buffer comes out. No I/O besides reading the font files.
import type { ReactElement } from 'react';
import { renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import type { PageFormat, TCertificateContent, TFileNoteContent, TReportContent } from '@bq/contracts/reports';
import { CertificateDocument } from './CertificateDocument';
import { FileNoteDocument } from './FileNoteDocument';
import { registerFonts } from './fonts';
import { printableContent } from './printable-text';
import type { PdfBrand } from './pdf-brand';
import { ReportDocument } from './ReportDocument';

export { REPORT_LABEL_KEYS } from './labels';

export async function renderReportPdf(
  content: TReportContent,
  opts: { pageFormat: PageFormat; brand?: PdfBrand | undefined },
): Promise<Buffer> {
  registerFonts();
  return render(<ReportDocument content={printableContent(content)} pageFormat={opts.pageFormat} brand={opts.brand} />);
}

/** One landscape page in the given paper size. */
export async function renderCertificatePdf(
  content: TCertificateContent,
  opts: { pageFormat: PageFormat; brand?: PdfBrand | undefined },
): Promise<Buffer> {
  registerFonts();
  return render(<CertificateDocument content={printableContent(content)} pageFormat={opts.pageFormat} brand={opts.brand} />);
}

/** The adviser's file note (docs/decisions/0030). */
export async function renderFileNotePdf(content: TFileNoteContent, opts: { pageFormat: PageFormat }): Promise<Buffer> {
  registerFonts();
  return render(<FileNoteDocument content={printableContent(content)} pageFormat={opts.pageFormat} />);
}

// The documents are components whose root is react-pdf's <Document>; renderToBuffer's type only admits an element
// of <Document> itself.
function render(element: ReactElement): Promise<Buffer> {
  return renderToBuffer(element as ReactElement<DocumentProps>);
}
