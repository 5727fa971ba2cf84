// What an API process keeps of an account's settings between requests (docs/decisions/0096): its product
// configurations (read by every product route's declared check) and its privacy policy (read by every questionnaire
// a participant opens). Kept under the scope 'settings:<account>' of the change notifications (migration 0074), which
// every committed write of those rows sends, from any process; this process's own writing requests end the scope
// before they answer (plugins/response-cache.ts), as they end the account's cached answers. Only while the
// notifications are live (db/data-changes.ts): otherwise, and for a value read while its scope changed, every call
// reads afresh. An entry grants nothing by itself: it is the row the same query would return now.
import { LRUCache } from 'lru-cache';
import type { ChangeSnapshot, DataChanges } from './data-changes';

export const settingsScope = (accountId: string) => `settings:${accountId}`;

export class SettingsMemo {
  private readonly entries = new LRUCache<string, { value: unknown; snapshot: ChangeSnapshot }>({ max: 20_000 });
  /** For tests and /api/metrics: reads answered from memory. */
  hits = 0;

  constructor(private readonly changes: DataChanges | undefined) {}

  /** The value `load` reads for this account's `key`, from memory while the account's settings did not change. */
  async get<V>(accountId: string, key: string, load: () => Promise<V>): Promise<V> {
    const changes = this.changes;
    if (!changes?.live) return load();
    const scopes = [settingsScope(accountId)];
    const id = `${accountId}\n${key}`;
    const held = this.entries.get(id);
    if (held && changes.unchangedSince(held.snapshot, scopes)) {
      this.hits++;
      return held.value as V;
    }
    // Taken before the read: a change committed meanwhile is newer than the snapshot and ends the entry.
    const snapshot = changes.snapshot();
    const value = await load();
    if (changes.unchangedSince(snapshot, scopes)) this.entries.set(id, { value, snapshot });
    return value;
  }
}
