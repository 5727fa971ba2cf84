// The API's side of the embedded PGlite on its own thread (db/pglite-worker.ts, docs/decisions/0058): an object with
// the part of PGlite's interface that drizzle's PGlite driver, the migrator, the job queue and the change
// notifications use (query, exec, transaction, listen, close, dumpDataDir), each call a message to the worker. The
// API's thread only copies rows; parsing, planning and executing SQL happen on the worker's.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A compiled WebAssembly.Module, opaque here: not every tsconfig that reaches this file has WebAssembly's types. */
type WasmModule = object;

/** What the worker starts with. */
export interface ThreadStart {
  dataDir?: string;
  loadDataDir?: ArrayBuffer;
  wasmModule?: WasmModule;
}

export type ThreadRequest =
  | { op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[]; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump' }
  | { op: 'close' };

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: string; payload: string }
  | { ready: boolean; error?: Record<string, unknown> };

export interface ThreadResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** What drizzle's PGlite driver calls on a client and on a transaction's client. */
export interface ThreadClient {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  exec(text: string): Promise<ThreadResults[]>;
}

export interface PgliteThread extends ThreadClient {
  transaction<T>(callback: (tx: ThreadClient) => Promise<T>): Promise<T>;
  /** The notifications of a channel, delivered before the reply to the write that sent them (same message port). */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The bundle ships dist/pglite-worker.js beside main.js; from source the worker is TypeScript, loaded through tsx. */
function startWorker(start: ThreadStart): Worker {
  const transferList = start.loadDataDir ? [start.loadDataDir] : [];
  const bundledWorker = join(here, 'pglite-worker.js');
  if (existsSync(bundledWorker)) return new Worker(bundledWorker, { workerData: start, transferList });
  const source = pathToFileURL(join(here, 'pglite-worker.ts')).href;
  const tsconfig = join(here, '..', '..', 'tsconfig.json');
  // A worker's execArgv --import does not reach its entry module, so tsx is registered by hand first.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register({ tsconfig: ${JSON.stringify(tsconfig)} }); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: start, transferList });
}

/**
 * PGlite's WebAssembly, compiled once per process: every database this process opens (a test file may open
 * several) starts its worker from the compiled module instead of compiling 8 MB again.
 */
let compiled: Promise<WasmModule> | undefined;
function pgliteWasm(): Promise<WasmModule> {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
  // The server's TypeScript lib has WebAssembly's types but not its global (a DOM lib declaration).
  const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }).WebAssembly;
  compiled ??= wasm.compile(readFileSync(file));
  return compiled;
}

function toError(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message));
  const { message: _message, stack, ...fields } = data;
  Object.assign(err, fields);
  // The worker's stack says where PostgreSQL failed; the caller's own stack (this one) where it was asked.
  if (typeof stack === 'string') err.stack = `${err.stack}\n    (in the PGlite thread) ${stack.split('\n')[0]}`;
  return err;
}

export async function openPgliteThread(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
  const start: ThreadStart = {
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined,
    wasmModule: await pgliteWasm().catch(() => undefined),
  };
  const worker = startWorker(start);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | null = null;
  let markReady: (err?: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => (markReady = (err) => (err ? reject(err) : resolve())));

  worker.on('message', (reply: ThreadReply) => {
    if ('notify' in reply) {
      for (const listener of listeners.get(reply.notify) ?? []) listener(reply.payload);
    } else if ('ready' in reply) {
      markReady(reply.ready ? undefined : toError(reply.error ?? { message: 'PGlite did not start' }));
    } else {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(toError(reply.error));
    }
  });
  const fail = (err: Error) => {
    failure ??= err;
    markReady(err);
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(err);
    }
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
  await ready;

  const call = <T>(request: ThreadRequest): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const clientOf = (tx?: number): ThreadClient => ({
    query: (text, params, options) =>
      call({ op: 'query', text, params, rowMode: options?.rowMode, rawTypes: Object.keys(options?.parsers ?? {}).map(Number), tx }),
    exec: (text) => call({ op: 'exec', text, tx }),
  });

  return {
    ...clientOf(),
    transaction: async (callback) => {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await callback(clientOf(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    listen: async (channel, callback) => {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call({ op: 'listen', channel });
      }
      set.add(callback);
      return async () => void set.delete(callback);
    },
    // A copy on an ArrayBuffer of its own: what crossed from the thread may sit on a shared one, which Blob refuses.
    dumpDataDir: async () => new Blob([new Uint8Array(await call<Uint8Array>({ op: 'dump' }))]),
    close: async () => {
      if (!failure) await call({ op: 'close' }).catch(() => {});
      failure ??= new Error('the database is closed');
      await worker.terminate();
    },
  };
}
