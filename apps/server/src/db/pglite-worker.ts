// The embedded PGlite on a thread of its own (docs/decisions/0058). PGlite runs PostgreSQL compiled to WebAssembly
// synchronously on whichever thread calls it: on the API's thread every query stalled every other request (a client
// search at 50 connections had a p99 of 4.3 s). Here it answers the messages of db/pglite-thread.ts, which the
// drizzle driver on the API's thread uses in place of a PGlite.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread';

const start = workerData as ThreadStart;
const port = parentPort!;

// pg_trgm backs the client search's trigram indexes (migration 0008); PostgreSQL ships it as a contrib extension.
const dbReady = PGlite.create({
  dataDir: start.dataDir,
  loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
  extensions: { pg_trgm },
  ...(start.wasmModule ? { pgliteWasmModule: start.wasmModule } : {}),
});

/** Open transactions: each waits inside PGlite's transaction() until the API's thread says commit or roll back. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; finished: Promise<void> }>();
const ROLLED_BACK = new Error('rolled back');
let nextTransaction = 1;

/** drizzle passes parsers that leave some types as text; functions do not cross threads, their type ids do. */
function queryOptions(request: { rowMode?: 'array' | 'object'; rawTypes?: number[] }) {
  const parsers = Object.fromEntries((request.rawTypes ?? []).map((type) => [type, (value: string) => value]));
  return { ...(request.rowMode ? { rowMode: request.rowMode } : {}), parsers };
}

async function handle(db: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx ? transactions.get(request.tx)?.tx : db;
      if (!on) throw new Error('transaction already ended');
      const result = await on.query(request.text, request.params, queryOptions(request));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const on = request.tx ? transactions.get(request.tx)?.tx : db;
      if (!on) throw new Error('transaction already ended');
      return (await on.exec(request.text)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin': {
      const id = nextTransaction++;
      return new Promise<number>((begun, failed) => {
        let started = false;
        const finished = db.transaction(async (tx) => {
          const outcome = new Promise<boolean>((end) => transactions.set(id, { tx, end, finished }));
          started = true;
          begun(id);
          // Throwing is how PGlite's transaction() rolls back; the 'end' request takes ROLLED_BACK as success.
          if (!(await outcome)) throw ROLLED_BACK;
        });
        finished.catch((err: unknown) => {
          if (!started) failed(err);
        });
        void finished.finally(() => transactions.delete(id)).catch(() => {});
      });
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('transaction already ended');
      open.end(request.commit);
      await open.finished.catch((err: unknown) => {
        if (err !== ROLLED_BACK) throw err;
      });
      return null;
    }
    case 'listen':
      await db.listen(request.channel, (payload) => port.postMessage({ notify: request.channel, payload } satisfies ThreadReply));
      return null;
    case 'dump': {
      const blob = await db.dumpDataDir('none');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
  }
}

/** An error as plain data: structured cloning keeps only an Error's message, not PostgreSQL's code and fields. */
function errorData(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  // Only the plain fields (code, detail, constraint, table ...): a PGlite error also carries the query's options.
  const fields = Object.entries(err).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), message: err.message, name: err.name, stack: err.stack };
}

port.on('message', (request: ThreadRequest & { id: number }) => {
  dbReady
    .then((db) => handle(db, request))
    .then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
      (err: unknown) => port.postMessage({ id: request.id, ok: false, error: errorData(err) } satisfies ThreadReply),
    );
});

dbReady.then(
  () => port.postMessage({ ready: true } satisfies ThreadReply),
  (err: unknown) => port.postMessage({ ready: false, error: errorData(err) } satisfies ThreadReply),
);
