// Reads uploaded files on threads of their own, never on the API's: at most two reader threads, each with a heap
// limit, each file with a time limit. A file that passes either limit, or kills its thread, is refused with the
// caller's error (a 413 with a clear errorKey) and the thread is replaced; the API thread only waits, so liveness and
// every other request go on (docs/decisions/0066).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { FileKind } from '../client-import/read-file';

/** What a reader thread is asked to read; each kind is one case of untrusted-reader-worker.ts. */
export type ReaderTask =
  | { kind: 'clientFile'; fileKind: FileKind; bytes: Uint8Array }
  /** A branding logo: a PNG re-encoded, an SVG sanitised and rasterised (features/branding/logo-check.ts). */
  | { kind: 'logo'; bytes: Uint8Array };

export type ReaderReply =
  | { ok: true; value: unknown }
  | { ok: false; appError?: { errorKey: string; statusCode: number; message: string }; message: string };

export interface ReaderLimits {
  /** From handing the file to a thread to its answer. */
  timeoutMs: number;
  /**
   * A thread's V8 heap (old generation); past it the thread dies, the API's process does not. Set when a thread
   * starts: a thread kept from an earlier file has the heap it started with.
   */
  maxHeapMb: number;
}

/**
 * The product's 100,000-row workbook (the row limit) reads in 4-10 s on a loaded 2-core machine, within this heap; a
 * file within the inflation limits but slower or larger than this is refused.
 */
export const READER_LIMITS: ReaderLimits = { timeoutMs: 30_000, maxHeapMb: 384 };

/** Files read at once: each is a core's worth of parsing; more would take the cores the API answers on. */
const MAX_THREADS = 2;
/** Files waiting for a reader; past this the upload is answered 503 at once rather than queued for minutes. */
const MAX_WAITING = 16;

const here = dirname(fileURLToPath(import.meta.url));

/** The bundle ships dist/untrusted-reader-worker.js beside main.js; from source the worker is TypeScript, through tsx. */
function startWorker(limits: ReaderLimits): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb } };
  const bundledWorker = join(here, 'untrusted-reader-worker.js');
  if (existsSync(bundledWorker)) return new Worker(bundledWorker, options);
  const source = pathToFileURL(join(here, 'untrusted-reader-worker.ts')).href;
  const tsconfig = join(here, '..', '..', '..', 'tsconfig.json');
  // A worker's execArgv --import does not reach its entry module, so tsx is registered by hand first.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** Threads waiting for a file; a thread is kept for the next file (starting one loads exceljs again). */
const idle: Worker[] = [];
let threads = 0;
const waiting: ((worker: Worker) => void)[] = [];
let nextId = 1;

function newThread(limits: ReaderLimits): Worker {
  threads++;
  const worker = startWorker(limits);
  // Never keeps the process alive by itself.
  worker.unref();
  // A thread that ends while it waits for a file is no longer one (a thread that ends during a file is discarded).
  worker.once('exit', () => {
    const at = idle.indexOf(worker);
    if (at < 0) return;
    idle.splice(at, 1);
    threads--;
  });
  return worker;
}

async function takeThread(limits: ReaderLimits): Promise<Worker> {
  const ready = idle.pop();
  if (ready) return ready;
  if (threads < MAX_THREADS) return newThread(limits);
  if (waiting.length >= MAX_WAITING) {
    throw new AppError(ERROR_KEYS.serviceUnavailable, 503, 'Too many files are being read; try again shortly', { 'retry-after': '10' });
  }
  return new Promise<Worker>((resolve) => waiting.push(resolve));
}

/** A thread done with its file goes to the first waiting file, or waits itself. */
function giveBack(worker: Worker): void {
  const next = waiting.shift();
  if (next) next(worker);
  else idle.push(worker);
}

/** A thread that passed a limit or died: gone, and a waiting file gets a new one. */
function discard(worker: Worker, limits: ReaderLimits): void {
  void worker.terminate();
  threads--;
  const next = waiting.shift();
  if (next) next(newThread(limits));
}

function runOn(worker: Worker, task: ReaderTask, limits: ReaderLimits, refused: (why: string) => AppError): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const done = (keep: boolean, outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep) giveBack(worker);
      else discard(worker, limits);
      outcome();
    };
    const onMessage = (message: { id: number; reply: ReaderReply }) => {
      if (message.id !== id) return;
      const { reply } = message;
      done(true, () => {
        if (reply.ok) return resolve(reply.value);
        if (reply.appError) return reject(new AppError(reply.appError.errorKey, reply.appError.statusCode, reply.appError.message));
        reject(new Error(`the file reader failed: ${reply.message}`));
      });
    };
    // ERR_WORKER_OUT_OF_MEMORY when the heap limit is reached.
    const onError = (err: Error & { code?: string }) => done(false, () => reject(refused(`the reader stopped: ${err.code ?? err.message}`)));
    const onExit = (code: number) => done(false, () => reject(refused(`the reader stopped (exit code ${code})`)));
    const timer = setTimeout(() => done(false, () => reject(refused(`reading took longer than ${limits.timeoutMs / 1000} s`))), limits.timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, task }, [task.bytes.buffer as ArrayBuffer]);
  });
}

/**
 * The task's answer, read on a reader thread. The task's bytes are moved to the thread (the caller's view of them is
 * emptied). `refused` makes the answer to a file that passed the time or memory limit.
 */
export async function readOnReaderThread<T>(task: ReaderTask, refused: (why: string) => AppError, limits: ReaderLimits = READER_LIMITS): Promise<T> {
  const worker = await takeThread(limits);
  return (await runOn(worker, task, limits, refused)) as T;
}
