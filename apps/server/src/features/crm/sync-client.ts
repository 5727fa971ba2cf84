// Writing one client's result into the CRM (docs/decisions/0094): the contact matched by the mapped external-id
// property, then by e-mail; the mapped properties written (risk class, the result's date, its status, the link to
// the client's page in the product), a note on the contact's timeline; the outcome kept per client. The link is the
// evaluator's client page, which asks for a sign-in: never a participant's link (DESIGN "Capabilities").
import { and, desc, eq } from 'drizzle-orm';
import { CRM_ERRORS, type TCrmFieldMapping } from '@bq/contracts/crm';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clients, crmConnections, crmSyncStates, interactionInstances, productConfigurations } from '../../db/schema';
import type { ConnectionRow } from './connection-service';
import { withCrm } from './crm-session';
import type { CrmConfig } from './oauth';
import { claimDueSyncs, nextAttemptAfter } from './sync-queue';

const ERROR_TEXT_MAX = 300;

/** What the CRM is told about the client's latest result; the class only once the result is unlocked. */
export async function resultFields(db: Db, config: Pick<CrmConfig, 'publicUrl'>, client: { id: string; token: string }) {
  const [latest] = await db
    .select({ status: interactionInstances.status, lockStatus: interactionInstances.lockStatus, results: interactionInstances.results, productType: productConfigurations.productType })
    .from(interactionInstances)
    .innerJoin(productConfigurations, eq(productConfigurations.id, interactionInstances.productConfigurationId))
    .where(and(eq(interactionInstances.clientId, client.id), eq(interactionInstances.status, 'RESULTS_AVAILABLE')))
    .orderBy(desc(interactionInstances.updatedAt))
    .limit(1);
  if (!latest) return null;
  const locked = latest.lockStatus === 'LOCKED';
  return {
    riskClass: locked ? null : (latest.results?.risk?.suitableClass ?? null),
    resultDate: latest.results?.calculatedAt.slice(0, 10) ?? null,
    status: locked ? 'RESULT_LOCKED' : 'RESULT_AVAILABLE',
    reportUrl: `${config.publicUrl}/${latest.productType}/client/${encodeURIComponent(client.token)}`,
  };
}

function propertiesOf(mapping: TCrmFieldMapping, values: NonNullable<Awaited<ReturnType<typeof resultFields>>>) {
  const out: Record<string, string | number | null> = {};
  for (const [field, property] of Object.entries(mapping.fields) as [keyof typeof values, string | null][]) if (property) out[property] = values[field];
  return out;
}

async function writeClient(db: Db, config: CrmConfig, connection: ConnectionRow, clientId: string): Promise<string> {
  const mapping = connection.fieldMapping;
  if (!mapping || (!mapping.addNote && Object.values(mapping.fields).every((p) => !p))) throw new AppError(CRM_ERRORS.mappingMissing, 409, 'No field is mapped yet');
  const [client] = await db.select().from(clients).where(and(eq(clients.id, clientId), eq(clients.accountId, connection.accountId)));
  if (!client || client.erasedAt) throw new AppError(CRM_ERRORS.noMatch, 404, 'The client no longer exists');
  const values = await resultFields(db, config, client);
  if (!values) throw new AppError(CRM_ERRORS.noMatch, 409, 'The client has no result yet');
  return withCrm(db, config, connection, async (api, s) => {
    const contact = await api.findContact(s, mapping, { externalId: client.externalId, email: client.email });
    if (!contact) throw new AppError(CRM_ERRORS.noMatch, 404, `No contact with ${mapping.externalIdProperty && client.externalId ? `${mapping.externalIdProperty} = ${client.externalId} or ` : ''}e-mail ${client.email}`);
    const properties = propertiesOf(mapping, values);
    if (Object.keys(properties).length > 0) await api.updateContact(s, contact.id, properties);
    if (mapping.addNote) {
      const lines = [`Risk class: ${values.riskClass ?? '-'}`, `Result date: ${values.resultDate ?? '-'}`, `Status: ${values.status}`, `Client page: ${values.reportUrl}`];
      await api.addNote(s, contact.id, { subject: 'Risk profile result', body: lines.join('\n'), at: new Date() });
    }
    return contact.id;
  });
}

/** Syncs one client now and records the outcome; answers whether it succeeded. */
export async function syncClient(db: Db, config: CrmConfig, connection: ConnectionRow, clientId: string, now = new Date()): Promise<boolean> {
  const key = { clientId, connectionId: connection.id, accountId: connection.accountId };
  try {
    const contactId = await writeClient(db, config, connection, clientId);
    const done = { status: 'SYNCED' as const, externalContactId: contactId, lastSyncedAt: now, lastErrorKey: null, lastError: null, attempts: 0, nextAttemptAt: null };
    await db.insert(crmSyncStates).values({ ...key, ...done }).onConflictDoUpdate({ target: [crmSyncStates.clientId, crmSyncStates.connectionId], set: done });
    return true;
  } catch (err) {
    // An unreachable CRM, a timeout or the egress gate's refusal count like the CRM's own error answer (CrmHttpError).
    const errorKey = err instanceof AppError ? err.errorKey : CRM_ERRORS.requestFailed;
    const [prev] = await db.select({ attempts: crmSyncStates.attempts }).from(crmSyncStates).where(and(eq(crmSyncStates.clientId, clientId), eq(crmSyncStates.connectionId, connection.id)));
    const attempts = (prev?.attempts ?? 0) + 1;
    // Waiting for a new connection: retried when an admin connects again (connection-service), not on a timer.
    const next = errorKey === CRM_ERRORS.reconnectNeeded ? null : nextAttemptAfter(attempts, now);
    const failed = { status: 'FAILED' as const, lastErrorKey: errorKey, lastError: (err as Error).message.slice(0, ERROR_TEXT_MAX), attempts, nextAttemptAt: next };
    await db.insert(crmSyncStates).values({ ...key, ...failed }).onConflictDoUpdate({ target: [crmSyncStates.clientId, crmSyncStates.connectionId], set: failed });
    return false;
  }
}

/** Syncs what is due, one batch; answers how many clients were attempted. */
export async function runDueSyncs(db: Db, config: CrmConfig, batch = 20): Promise<number> {
  const claimed = await claimDueSyncs(db, batch);
  for (const row of claimed) {
    // Read per row: a refused refresh earlier in the batch shows here as RECONNECT_NEEDED.
    const [connection] = await db.select().from(crmConnections).where(eq(crmConnections.id, row.connection_id));
    if (connection) await syncClient(db, config, connection, row.client_id);
  }
  return claimed.length;
}
