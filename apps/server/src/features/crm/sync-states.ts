// What the settings page and the client's page show of the sync (docs/decisions/0094): the failures per connection,
// one client's states, and an admin's retry of one client (synced at once, the answer is its new state).
import { and, desc, eq } from 'drizzle-orm';
import type { CrmProvider, TCrmSyncState } from '@bq/contracts/crm';
import type { Db } from '../../db/client';
import { clients, crmConnections, crmSyncStates } from '../../db/schema';
import { findConnection, notFound } from './connection-service';
import type { CrmConfig } from './oauth';
import { syncClient } from './sync-client';

const columns = {
  provider: crmConnections.provider,
  clientToken: clients.token,
  firstName: clients.firstName,
  lastName: clients.lastName,
  status: crmSyncStates.status,
  externalContactId: crmSyncStates.externalContactId,
  lastSyncedAt: crmSyncStates.lastSyncedAt,
  lastErrorKey: crmSyncStates.lastErrorKey,
  lastError: crmSyncStates.lastError,
  attempts: crmSyncStates.attempts,
  nextAttemptAt: crmSyncStates.nextAttemptAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toState(r: Row): TCrmSyncState {
  return {
    provider: r.provider!,
    clientToken: r.clientToken!,
    clientName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
    status: r.status!,
    externalContactId: r.externalContactId,
    lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null,
    lastErrorKey: r.lastErrorKey,
    lastError: r.lastError,
    attempts: r.attempts ?? 0,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
  };
}

const base = (db: Db) =>
  db.select(columns).from(crmSyncStates).innerJoin(clients, eq(clients.id, crmSyncStates.clientId)).innerJoin(crmConnections, eq(crmConnections.id, crmSyncStates.connectionId));

export async function failures(db: Db, accountId: string, provider: CrmProvider): Promise<TCrmSyncState[]> {
  const connection = await findConnection(db, accountId, provider);
  const rows = await base(db)
    .where(and(eq(crmSyncStates.connectionId, connection.id), eq(crmSyncStates.status, 'FAILED')))
    .orderBy(desc(crmSyncStates.attempts))
    .limit(500);
  return rows.map(toState);
}

async function clientOf(db: Db, accountId: string, token: string) {
  const [client] = await db.select({ id: clients.id }).from(clients).where(and(eq(clients.token, token), eq(clients.accountId, accountId)));
  if (!client) throw notFound();
  return client;
}

export async function clientStates(db: Db, accountId: string, token: string): Promise<TCrmSyncState[]> {
  const client = await clientOf(db, accountId, token);
  return (await base(db).where(eq(crmSyncStates.clientId, client.id))).map(toState);
}

export async function retryClient(db: Db, config: CrmConfig, accountId: string, provider: CrmProvider, token: string): Promise<TCrmSyncState> {
  const connection = await findConnection(db, accountId, provider);
  const client = await clientOf(db, accountId, token);
  // An admin's retry starts the count again: the backoff restarts from five minutes if it fails.
  await db.update(crmSyncStates).set({ attempts: 0 }).where(and(eq(crmSyncStates.clientId, client.id), eq(crmSyncStates.connectionId, connection.id)));
  await syncClient(db, config, connection, client.id);
  const [row] = await base(db).where(and(eq(crmSyncStates.clientId, client.id), eq(crmSyncStates.connectionId, connection.id)));
  return toState(row!);
}
