// The personal-data copy as a streamed ZIP: personal-data.json first, then each report PDF, rendered by the report
// renderer (features/reports) one after the other while the archive is already flowing, so memory holds one PDF at a
// time. A render that fails midway aborts the stream (the client sees a broken download, never a silently short one).
import type { FastifyBaseLogger } from 'fastify';
import { ZipArchive } from 'archiver';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import type { PdfRenderer } from '../reports/pdf/pdf-pool';
import { renderRequestedPdf } from '../reports/report-pdf';
import type { ReportToRender } from './personal-data';

export function personalDataZip(
  deps: { db: Db; config: Config; pdf: PdfRenderer; log: FastifyBaseLogger },
  auth: AuthContext,
  content: { json: unknown; reports: ReportToRender[]; locale: TLocale },
): ZipArchive {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  zip.on('warning', (err) => deps.log.warn({ err }, 'personal-data zip warning'));
  zip.append(`${JSON.stringify(content.json, null, 2)}\n`, { name: 'personal-data.json' });
  void (async () => {
    try {
      for (const report of content.reports) {
        const rendered = await renderRequestedPdf(deps.db, deps.config, deps.pdf, report.instanceToken, { interactionType: report.interactionType, locale: content.locale }, auth);
        // PDFs are compressed already.
        zip.append(rendered.body, { name: report.path, store: true });
      }
      await zip.finalize();
    } catch (err) {
      deps.log.error({ err }, 'personal-data zip failed');
      zip.destroy(err as Error);
    }
  })();
  return zip;
}

type TLocale = Parameters<typeof renderRequestedPdf>[4]['locale'];
