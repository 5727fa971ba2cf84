// Renders PDFs on a worker thread. Laying out a five-page report takes react-pdf about half a second of pure
// CPU; on the API's thread that would stall every other request of the process for as long. One worker per
// process, started at the first render and restarted if it dies; documents queue in order.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageFormat, TCertificateContent, TFileNoteContent, TReportContent } from '@bq/contracts/reports';
import type { PdfBrand } from './pdf-brand';

export type PdfJob =
  | { kind: 'report'; content: TReportContent; pageFormat: PageFormat; brand?: PdfBrand }
  | { kind: 'certificate'; content: TCertificateContent; pageFormat: PageFormat; brand?: PdfBrand }
  | { kind: 'fileNote'; content: TFileNoteContent; pageFormat: PageFormat };
export type PdfReply = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

export interface PdfRenderer {
  render(job: PdfJob): Promise<Buffer>;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The bundle ships dist/pdf-worker.js beside main.js; from source the worker is TypeScript, loaded through tsx. */
function startWorker(): Worker {
  const bundledWorker = join(here, 'pdf-worker.js');
  if (existsSync(bundledWorker)) return new Worker(bundledWorker);
  const source = pathToFileURL(join(here, 'pdf-worker.ts')).href;
  const tsconfig = join(here, '..', '..', '..', '..', 'tsconfig.json');
  // A worker's execArgv --import does not reach its entry module, so tsx is registered by hand first.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true });
}

export class PdfRenderPool implements PdfRenderer {
  #worker: Worker | null = null;
  #pending = new Map<number, { resolve: (pdf: Buffer) => void; reject: (err: Error) => void }>();
  #nextId = 1;

  render(job: PdfJob): Promise<Buffer> {
    const worker = this.#worker ?? this.#spawn();
    const id = this.#nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  /** The worker's thread id while one runs (the API thread is 0); for diagnostics and tests. */
  get threadId(): number | null {
    return this.#worker?.threadId ?? null;
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) await worker.terminate();
  }

  #spawn(): Worker {
    const worker = startWorker();
    // The worker never keeps the process alive by itself; the app closes it on shutdown.
    worker.unref();
    worker.on('message', (reply: PdfReply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.ok)
        waiting.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
      else waiting.reject(new Error(`PDF rendering failed: ${reply.message}`));
    });
    const fail = (err: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const [id, waiting] of this.#pending) {
        this.#pending.delete(id);
        waiting.reject(err);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PDF worker stopped (exit code ${code})`)));
    this.#worker = worker;
    return worker;
  }
}
