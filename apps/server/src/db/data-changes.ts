// What this process knows of committed writes (docs/decisions/0027): migration 0017's triggers send
// NOTIFY bq_data_changed with the account a written row belongs to, or 'global' for data all accounts share; this
// process listens (db/client.ts `listen`) and keeps a counter that every notification moves on, and per account the
// counter's value at its latest change. A cached response remembers the counter from before it was computed and is
// good while none of its accounts (nor 'global') changed since, and only while the listening connection was up
// the whole time (a new epoch starts whenever notifications may have been missed). Besides accounts, a scope
// 'sessions:<account id>' (migration 0019) says that a user or a session of the account changed: the session cache's.
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
    return this.live && this.untouchedSince(snapshot, scopes);
  }

  /**
   * The same as far as this process heard, live or not: for what is kept only briefly without notifications (the
   * session cache, plugins/sessions.ts), which still ends at once for this process's own writes.
   */
  untouchedSince(snapshot: ChangeSnapshot, scopes: readonly string[]): boolean {
    if (snapshot.epoch !== this.epoch) return false;
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

/** The database switch of migration 0018: 'off' means writers send no notifications. */
export const CHANGE_NOTIFICATIONS_SETTING = 'bq.change_notifications';

/** True when the database says its writers do not notify (ALTER DATABASE ... SET bq.change_notifications = 'off'). */
export async function changeNotificationsOff(database: Database): Promise<boolean> {
  const { rows } = await database.executeSql(`select current_setting('${CHANGE_NOTIFICATIONS_SETTING}', true) as value`);
  return (rows[0] as { value: string | null } | undefined)?.value === 'off';
}

/**
 * Starts listening; `stop` ends it (on shutdown). When the database's writers do not notify (migration 0018's
 * switch is off) nothing this process hears can be trusted, so it never becomes live and caches nothing;
 * `switchedOff` says so (checked whenever the listening connection is up again).
 */
export async function listenForDataChanges(
  database: Database,
  opts: { switchedOff?: () => void } = {},
): Promise<{ changes: DataChanges; stop: () => Promise<void> }> {
  const changes = new DataChanges();
  let stopped = false;
  let checking: Promise<void> = Promise.resolve();
  // Not live until the switch was read: nothing is cached in between. A failed read (the database went away again)
  // is tried again a second later, unless the connection was lost meanwhile (then `live` comes again).
  const goLive = (connection: number): Promise<void> =>
    changeNotificationsOff(database).then(
      (off) => {
        if (stopped || connection !== connections) return;
        if (off) opts.switchedOff?.();
        else changes.setLive(true);
      },
      () => {
        if (stopped || connection !== connections) return;
        setTimeout(() => void goLive(connection), 1000).unref();
      },
    );
  let connections = 0;
  const stopListening = await database.listen(DATA_CHANGED_CHANNEL, {
    notify: (payload) => changes.changed(payload || GLOBAL_SCOPE),
    live: () => {
      checking = goLive(++connections);
    },
    lost: () => {
      connections++;
      changes.setLive(false);
    },
  });
  // The first read of the switch is part of starting: a process that starts listening is live when this returns.
  await checking;
  return {
    changes,
    stop: async () => {
      stopped = true;
      await stopListening();
    },
  };
}
