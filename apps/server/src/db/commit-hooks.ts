// A request-scoped hook into the database's transactions (docs/decisions/0039, "the write path"): code that runs
// under `withCommitHook` has its first top-level transaction call the hook after the transaction's own work and
// before its COMMIT, inside the same transaction. The audit plugin uses it so that every write route's event commits
// with the write (or rolls back with it), without each service taking a callback.
//
// Only `db.transaction` of the process's database is hooked (openDatabase); a savepoint (`tx.transaction`) is part
// of its top-level transaction and is not. A statement that changes data outside any transaction (a service's bare
// `db.insert`) while the hook still waits for a transaction is sent in one of its own, so the hook runs there too. Inside a hooked transaction the hook is not visible, so a transaction
// opened meanwhile (another connection on PostgreSQL; on PGlite, with its one connection, that would deadlock and
// nothing does it) is never taken for the write's.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

export interface CommitHook {
  /**
   * Called inside a top-level transaction after its callback returned, before COMMIT. Returns true when it wrote
   * something there (its work then commits or rolls back with the transaction); a throw rolls the transaction back.
   */
  beforeCommit(tx: Tx): Promise<boolean>;
  /** After a transaction in which beforeCommit returned true: whether it committed. */
  settled(committed: boolean): void;
  /** Whether a bare statement that changes data should be sent in a transaction of its own (so the hook runs). */
  wantsTransaction(): boolean;
  /** A statement that changes data, sent outside any transaction (committed on its own, without the hook). */
  bareWrite(sql: string): void;
}

const scope = new AsyncLocalStorage<CommitHook>();

/** Runs `fn` with `hook` called in its top-level transactions (and in those of everything it awaits). */
export function withCommitHook<T>(hook: CommitHook, fn: () => T): T {
  return scope.run(hook, fn);
}

/**
 * Runs `fn` without the calling request's hook: the hook's own writes, and bookkeeping that is not the request's
 * change and may commit when the request fails (a failed sign-in's counter, a credential's "last used").
 */
export function withoutCommitHook<T>(fn: () => T): T {
  return scope.exit(fn);
}

const WRITE = /^\s*(insert|update|delete|merge|truncate)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/** Sees every statement drizzle sends (the database's logger); inside a hooked transaction no hook is visible. */
export function noteStatement(sql: string): void {
  const hook = scope.getStore();
  if (hook && WRITE.test(sql)) hook.bareWrite(sql);
}

/** Makes `db.transaction` consult the hook of the calling request, if any. Called once per database. */
export function hookTransactions(db: Db): void {
  const original = db.transaction.bind(db);
  /** `append` decides from the callback's value whether the hook runs (a bare write that changed no row: no). */
  const hooked = async <T>(fn: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1], append?: (value: T) => boolean): Promise<T> => {
    const hook = scope.getStore();
    if (!hook) return original(fn, config);
    let wrote = false;
    try {
      const result = await original(async (tx) => {
        const value = await scope.exit(() => fn(tx));
        if (!append || append(value)) wrote = await hook.beforeCommit(tx);
        return value;
      }, config);
      if (wrote) hook.settled(true);
      return result;
    } catch (err) {
      if (wrote) hook.settled(false);
      throw err;
    }
  };
  db.transaction = (fn, config) => hooked(fn, config);
  wrapBareWrites(db, hooked);
}

/** Rows a statement changed: its returned rows, or the driver's count (node-postgres rowCount, PGlite affectedRows). */
function changedRows(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  const result = value as { rowCount?: number | null; affectedRows?: number } | null;
  return result?.rowCount ?? result?.affectedRows ?? 1;
}

interface PreparedQuery {
  execute(placeholders?: Record<string, unknown>): Promise<unknown>;
}
interface Session {
  prepareQuery(query: { sql: string }, ...rest: unknown[]): PreparedQuery;
}

/**
 * A bare write under a hook that still waits is sent as `BEGIN; the statement; the hook; COMMIT`; the hook runs only
 * if the statement changed a row (an update or delete that found nothing is usually answered 404).
 */
function wrapBareWrites(db: Db, hooked: <T>(fn: (tx: Tx) => Promise<T>, config: undefined, append: (value: T) => boolean) => Promise<T>): void {
  const session = (db as unknown as { session: Session }).session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (query, ...rest) => {
    const prepared = prepare(query, ...rest);
    const execute = prepared.execute.bind(prepared);
    prepared.execute = (placeholders) => {
      const hook = scope.getStore();
      if (!hook || !WRITE.test(query.sql) || !hook.wantsTransaction()) return execute(placeholders);
      const inTransaction = (tx: Tx) => (tx as unknown as { session: Session }).session.prepareQuery(query, ...rest).execute(placeholders);
      return hooked(inTransaction, undefined, (value) => changedRows(value) > 0);
    };
    return prepared;
  };
}
