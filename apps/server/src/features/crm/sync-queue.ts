// The CRM sync queue (docs/decisions/0094): one crm_sync_states row per client and connection. A result queues its
// client in the transaction that makes it available; the nightly run (and "sync now") queues every client with a
// result; failures wait with exponential backoff (5 minutes doubling, at most a day) and are given up after
// MAX_ATTEMPTS until an admin retries or connects again. An account without a connection pays one indexed read.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 5 * 60_000;
const MAX_DELAY_MS = 24 * 60 * 60_000;
const NIGHTLY_MS = 24 * 60 * 60_000;

/** When a failed sync is tried again, or null when it is given up. */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS));
}

/** Queues the instance's client for every connected CRM of its account (called where a result becomes available). */
export async function queueCrmSyncForInstance(tx: Db | Tx, instanceId: string): Promise<void> {
  await tx.execute(sql`
    insert into crm_sync_states (client_id, connection_id, account_id, status, next_attempt_at)
    select i.client_id, c.id, c.account_id, 'PENDING', now()
    from interaction_instances i join crm_connections c on c.account_id = i.account_id
    where i.id = ${instanceId}
    on conflict (client_id, connection_id) do update set status = 'PENDING', attempts = 0, next_attempt_at = now()`);
}

/** Queues every client of the connection's account that has a result; answers how many. */
export async function queueAllClients(db: Db | Tx, connectionId: string): Promise<number> {
  const done = (await db.execute(sql`
    insert into crm_sync_states (client_id, connection_id, account_id, status, next_attempt_at)
    select distinct i.client_id, c.id, c.account_id, 'PENDING', now()
    from crm_connections c join interaction_instances i on i.account_id = c.account_id and i.status = 'RESULTS_AVAILABLE'
    join clients cl on cl.id = i.client_id and cl.erased_at is null
    where c.id = ${connectionId}
    on conflict (client_id, connection_id) do update set status = 'PENDING', attempts = 0, next_attempt_at = now()
    returning client_id`)) as unknown as { rows: unknown[] };
  await db.execute(sql`update crm_connections set last_full_sync_at = now() where id = ${connectionId}`);
  return done.rows.length;
}

/** The nightly run: every connection not fully synced for a day queues all its clients. */
export async function queueNightlyRuns(db: Db, now = new Date()): Promise<number> {
  const due = (await db.execute(sql`
    select id from crm_connections where status = 'CONNECTED'
      and (last_full_sync_at is null or last_full_sync_at < ${new Date(now.getTime() - NIGHTLY_MS).toISOString()}::timestamptz)`)) as unknown as { rows: { id: string }[] };
  let queued = 0;
  for (const row of due.rows) queued += await queueAllClients(db, row.id);
  return queued;
}

export interface ClaimedSync extends Record<string, unknown> {
  client_id: string;
  connection_id: string;
}

/** Takes due rows of connected CRMs (SKIP LOCKED, a lease: a dead worker's claim is taken again later). */
export async function claimDueSyncs(db: Db, batch: number, leaseMs = 5 * 60_000): Promise<ClaimedSync[]> {
  const result = (await db.execute(sql`
    with due as (
      select s.client_id, s.connection_id from crm_sync_states s join crm_connections c on c.id = s.connection_id
      where s.next_attempt_at <= now() and c.status = 'CONNECTED'
      order by s.next_attempt_at limit ${batch}
      for update of s skip locked)
    update crm_sync_states s set next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
    from due where s.client_id = due.client_id and s.connection_id = due.connection_id
    returning s.client_id, s.connection_id`)) as unknown as { rows: ClaimedSync[] };
  return result.rows;
}
