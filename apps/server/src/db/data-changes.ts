// What this process knows of committed writes (docs/decisions/0027): migration 0017's triggers send
// NOTIFY bq_data_changed with the account a written row belongs to, or 'global' for data all accounts share; this
// process listens (db/client.ts `listen`) and keeps a counter that every notification moves on, and per account the
// counter's value at its latest change. A cached response remembers the counter from before it was computed and is
// good while none of its accounts (nor 'global') changed since, and only while the listening connection was up
// the whole time (a new epoch starts whenever notifications may have been missed).
import type { Database } from './client';

export const DATA_CHANGED_CHANNEL = 'bq_data_changed';
export const GLOBAL_SCOPE = 'global';

export interface ChangeSnapshot {
  seq: number;
  epoch: number;
}

export class DataChanges {
  private counter = 0;
  private epoch = 0;
  private readonly lastChange = new Map<string, number>();
  private readonly resetListeners = new Set<() => void>();
  /** True while every committed change reaches this process. */
  live = false;

  snapshot(): ChangeSnapshot {
    return { seq: this.counter, epoch: this.epoch };
  }

  /** An account (or GLOBAL_SCOPE) changed: from the database's notification, or this process's own write. */
  changed(scope: string): void {
    this.lastChange.set(scope, ++this.counter);
  }

  /** True when nothing of these accounts, nor anything global, changed since the snapshot was taken. */
  unchangedSince(snapshot: ChangeSnapshot, scopes: readonly string[]): boolean {
    if (!this.live || snapshot.epoch !== this.epoch) return false;
    if ((this.lastChange.get(GLOBAL_SCOPE) ?? 0) > snapshot.seq) return false;
    return scopes.every((scope) => (this.lastChange.get(scope) ?? 0) <= snapshot.seq);
  }

  /** Called when what was derived before may be stale: the listening connection broke, or listens again. */
  onReset(listener: () => void): void {
    this.resetListeners.add(listener);
  }

  setLive(live: boolean): void {
    this.live = live;
    this.epoch++;
    this.lastChange.clear();
    for (const listener of this.resetListeners) listener();
  }
}

/** Starts listening; `stop` ends it (on shutdown). */
export async function listenForDataChanges(database: Database): Promise<{ changes: DataChanges; stop: () => Promise<void> }> {
  const changes = new DataChanges();
  const stop = await database.listen(DATA_CHANGED_CHANNEL, {
    notify: (payload) => changes.changed(payload || GLOBAL_SCOPE),
    live: () => changes.setLive(true),
    lost: () => changes.setLive(false),
  });
  return { changes, stop };
}
