// What an API process keeps of an account between requests (docs/decisions/0096), each under a narrow change scope of
// its own, never the account's (which moves with every answer a participant saves):
//   settings:<account>  its product configurations (every product route's declared check) and its privacy policy
//                       (every questionnaire a participant opens); migration 0074
//   mail:<account>      what its client mails' states show (the client list's notice of mail that cannot leave);
//                       migration 0075
// Every committed write of those rows sends its scope's notification, from any process; this process's own writing
// requests end both scopes of their account before they answer (plugins/response-cache.ts). Only while the
// notifications are live (db/data-changes.ts): otherwise, and for a value read while its scope changed, every call
// reads afresh. An entry grants nothing by itself: it is what the same query would return now.
import { LRUCache } from 'lru-cache';
import type { ChangeSnapshot, DataChanges } from './data-changes';

export type MemoScope = 'settings' | 'mail';

export const memoScope = (scope: MemoScope, accountId: string) => `${scope}:${accountId}`;

export class AccountMemo {
  private readonly entries = new LRUCache<string, { value: unknown; snapshot: ChangeSnapshot; until: number }>({ max: 20_000 });

  constructor(private readonly changes: DataChanges | undefined) {}

  /**
   * The value `load` reads for this account's `key`, from memory while the account's `scope` did not change (and,
   * with `maxAgeMs`, for what also depends on the clock: a window of days that moves on).
   */
  async get<V>(accountId: string, key: string, load: () => Promise<V>, opts: { scope?: MemoScope; maxAgeMs?: number } = {}): Promise<V> {
    const changes = this.changes;
    if (!changes?.live) return load();
    const scopes = [memoScope(opts.scope ?? 'settings', accountId)];
    const id = `${scopes[0]}\n${key}`;
    const held = this.entries.get(id);
    if (held && held.until > Date.now() && changes.unchangedSince(held.snapshot, scopes)) return held.value as V;
    // Taken before the read: a change committed meanwhile is newer than the snapshot and ends the entry.
    const snapshot = changes.snapshot();
    const value = await load();
    if (changes.unchangedSince(snapshot, scopes)) this.entries.set(id, { value, snapshot, until: opts.maxAgeMs ? Date.now() + opts.maxAgeMs : Infinity });
    return value;
  }
}
