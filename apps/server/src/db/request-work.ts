// One unit of work per write request (issue 36 point 11, docs/decisions/0088). The audit plugin opens one transaction
// around a write route's handler and runs the handler inside it (`runRequestWork`); the database handle every route and
// service holds (`app.db`, made by `requestScopedDb`) then sends everything to that transaction: the handler's reads
// and writes, and a service's own `db.transaction`, which becomes a savepoint of it. The plugin appends the request's
// audit event last and commits, so the change and its event are stored together or not at all.
//
// Outside a unit (reads, start-up, the worker) the handle is the database itself. Bookkeeping that must stand whatever
// the request's outcome (a failed sign-in's counter, a spent challenge) cannot be written beside the unit while it is
// open (PGlite has one connection, which the unit holds): `besideRequestWork` runs it once the unit has committed or
// rolled back, before the answer leaves.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from './client';

type Bookkeeping = (db: Db) => Promise<unknown>;

interface RequestWork {
  tx: Tx;
  /**
   * The transaction has ended. Work the handler started without awaiting it (a promise that outlives the handler
   * keeps its async context) then reaches the database itself, not a finished transaction.
   */
  ended: boolean;
  /** Runs after the unit settled, on the database itself, in the order noted. */
  beside: Bookkeeping[];
}

const scope = new AsyncLocalStorage<RequestWork>();

/**
 * The handle routes and services use: inside a request's unit of work every call goes to its transaction (so nothing
 * a handler does can commit on its own), elsewhere to `db`. Made once per database (app.ts).
 */
export function requestScopedDb(db: Db): Db {
  const scoped = new Proxy(db, {
    get(target, property) {
      const unit = scope.getStore();
      const base = (unit && !unit.ended ? unit.tx : target) as object;
      const value: unknown = Reflect.get(base, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(base) : value;
    },
  });
  scopedHandles.set(scoped, db);
  return scoped;
}

const scopedHandles = new WeakMap<Db, Db>();

/**
 * The handle a call on `db` reaches now: for a request-scoped handle, the open unit's transaction or the database.
 * For what is kept per handle (db/prepared.ts): a prepared query built inside one request's unit is bound to its
 * transaction and must not serve the next request.
 */
export function currentHandle(db: Db): Db {
  const root = scopedHandles.get(db);
  if (!root) return db;
  const unit = scope.getStore();
  return unit && !unit.ended ? (unit.tx as unknown as Db) : root;
}

/**
 * Opens the unit: `work(tx)` runs the handler and, once it returned, appends the event (in `tx`, before COMMIT).
 * Whatever happens, the bookkeeping noted meanwhile runs after the transaction ended; its failures are reported to
 * `onBookkeepingError`, never in place of the request's own outcome.
 */
export async function runRequestWork<T>(
  db: Db,
  work: (tx: Tx, run: <R>(fn: () => Promise<R>) => Promise<R>) => Promise<T>,
  onBookkeepingError: (err: unknown) => void,
): Promise<T> {
  const beside: Bookkeeping[] = [];
  let unit: RequestWork | undefined;
  try {
    return await db.transaction((tx) => {
      unit = { tx, beside, ended: false };
      const current = unit;
      return work(tx, (fn) => scope.run(current, fn));
    });
  } finally {
    if (unit) unit.ended = true;
    // Outside the unit's scope: `db` is the database itself here, whatever handle the caller passed.
    for (const note of beside) await scope.exit(() => note(db)).catch(onBookkeepingError);
  }
}

/**
 * Bookkeeping that is not the request's change and stands whatever its outcome (a refusal's counter, a credential's
 * "last used"): inside a unit of work it runs after the unit ended (committed or rolled back), elsewhere at once.
 * Runs on the database itself, outside any request scope.
 */
export async function besideRequestWork(db: Db, fn: Bookkeeping): Promise<void> {
  const unit = scope.getStore();
  if (!unit || unit.ended) {
    await fn(db);
    return;
  }
  unit.beside.push(fn);
}

/**
 * Spends a one-time value (a passkey challenge, a sign-in attempt's state) in the caller's unit of work, where the
 * answer depends on it, and, when it was there to spend, again beside the unit: the second spend changes nothing
 * unless the unit rolled back, so a refused sign-in cannot leave the value usable for another try.
 */
export async function spendOnce<T>(db: Db, spend: (on: Db) => Promise<T>, wasSpent: (result: T) => boolean): Promise<T> {
  const result = await spend(db);
  if (wasSpent(result)) await besideRequestWork(db, spend);
  return result;
}

/** Runs `fn` outside the caller's unit of work (the audit plugin's answer hooks, which are no part of the write). */
export function outsideRequestWork<T>(fn: () => T): T {
  return scope.exit(fn);
}

/**
 * A step of a write route that waits on the network (an identity provider's discovery, keys or code exchange; a DNS
 * lookup): run as the route's preHandler, before the unit of work opens, so that no transaction (on PGlite the one
 * connection) is held while the other side takes its time. What it writes meanwhile commits at once, as bookkeeping
 * does. The handler reads its result with `resultOf`.
 */
export function stepBeforeRequestWork<T>(step: (request: FastifyRequest, reply: FastifyReply) => Promise<T>) {
  const results = new WeakMap<FastifyRequest, T>();
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      results.set(request, await step(request, reply));
    },
    resultOf(request: FastifyRequest): T {
      if (!results.has(request)) throw new Error(`${request.method} ${request.routeOptions.url}: the step before the unit of work did not run`);
      return results.get(request) as T;
    },
  };
}
