// The PDF worker thread (see pdf-pool.ts): renders what the API thread sends and answers with the bytes or the
// error. One document at a time; react-pdf's layout is synchronous CPU work, which is why it lives here.
import { parentPort } from 'node:worker_threads';
import type { PdfJob, PdfReply } from './pdf-pool';
import { renderCertificatePdf, renderFileNotePdf, renderReportPdf } from './render-report';

const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread only');

port.on('message', async ({ id, job }: { id: number; job: PdfJob }) => {
  let reply: PdfReply;
  try {
    const pdf =
      job.kind === 'certificate'
        ? await renderCertificatePdf(job.content, { pageFormat: job.pageFormat, brand: job.brand })
        : job.kind === 'fileNote'
          ? await renderFileNotePdf(job.content, { pageFormat: job.pageFormat })
          : await renderReportPdf(job.content, { pageFormat: job.pageFormat, brand: job.brand });
    reply = { id, ok: true, pdf };
  } catch (err) {
    reply = { id, ok: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(reply);
});
