// Importing contacts created in the CRM (docs/decisions/0094): the CRM's contacts with an e-mail address that match
// no client (by external id, then e-mail) become clients of the chosen product configuration, through the client
// import's own write path (client.created webhooks, the account's client limit, one transaction).
import { and, eq, sql } from 'drizzle-orm';
import type { CrmProvider } from '@bq/contracts/crm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { accounts, clients, productConfigurations } from '../../db/schema';
import { assertRoom } from '../client-import/import-service';
import type { PlannedClient } from '../client-import/check-rows';
import { writeClients } from '../client-import/write-clients';
import { findConnection } from './connection-service';
import { withCrm } from './crm-session';
import type { CrmConfig } from './oauth';

/**
 * How many of the CRM's newest contacts one import reads, page by page: the client limit of a large firm's account,
 * written in one transaction as a file import of that size is (decision 0094).
 */
const IMPORT_LIMIT = 10_000;
const PLAIN_EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

export async function importContacts(db: Db, config: CrmConfig, auth: { accountId: string; userId: string }, provider: CrmProvider, productConfigurationId: string) {
  const connection = await findConnection(db, auth.accountId, provider);
  const [product] = await db
    .select({ id: productConfigurations.id })
    .from(productConfigurations)
    .where(and(eq(productConfigurations.id, productConfigurationId), eq(productConfigurations.accountId, auth.accountId)));
  if (!product) throw new AppError(ERROR_KEYS.notFound, 404, 'No such product configuration');
  const contacts = await withCrm(db, config, connection, (api, s) => api.listContacts(s, connection.fieldMapping, IMPORT_LIMIT));
  return db.transaction(async (tx) => {
    // The account row's lock orders this with one-by-one creates and file imports (as the file import does).
    await tx.execute(sql`select id from ${accounts} where ${accounts.id} = ${auth.accountId} for update`);
    const existing = await tx.select({ email: clients.email, externalId: clients.externalId }).from(clients).where(eq(clients.accountId, auth.accountId));
    const emails = new Set(existing.map((c) => c.email));
    const externalIds = new Set(existing.map((c) => c.externalId).filter(Boolean));
    const planned: PlannedClient[] = [];
    for (const c of contacts) {
      const email = c.email?.trim().toLowerCase() ?? '';
      if (!PLAIN_EMAIL.test(email) || emails.has(email) || (c.externalId && externalIds.has(c.externalId))) continue;
      emails.add(email);
      if (c.externalId) externalIds.add(c.externalId);
      planned.push({ firstName: c.firstName?.trim() || '-', lastName: c.lastName?.trim() || '-', email, phone: null, locale: null, group: null, salutation: null, externalId: c.externalId, existingId: null });
    }
    await assertRoom(tx as Tx, auth.accountId, planned.length);
    await writeClients(tx as Tx, { accountId: auth.accountId, userId: auth.userId, productConfigurationId: product.id }, planned);
    return { imported: planned.length, skipped: contacts.length - planned.length };
  });
}
