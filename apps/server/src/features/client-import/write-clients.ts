// Writes checked rows in batches: one multi-row INSERT per batch for new clients and one UPDATE ... FROM (VALUES ...)
// for matched ones, each joining its clients to the product configuration in the same statement. 1,000 rows of 11
// values keep a statement far below PostgreSQL's 65,535 parameters and its plan small (docs/decisions/0048).
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { newPublicToken } from '../clients/client-tokens';
import type { PlannedClient } from './check-rows';
import { emitWebhookEvents } from '../webhooks/emit';

export const IMPORT_BATCH_ROWS = 1000;

interface Target {
  accountId: string;
  userId: string;
  productConfigurationId: string;
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IMPORT_BATCH_ROWS) out.push(items.slice(i, i + IMPORT_BATCH_ROWS));
  return out;
}

async function insertBatch(tx: Tx, target: Target, rows: PlannedClient[]) {
  const values: SQL[] = rows.map(
    (r) => sql`(${target.accountId}::uuid, ${newPublicToken()}, ${r.firstName}, ${r.lastName}, ${r.email}, ${r.phone}, ${r.group ?? 'PROSPECT'},
      ${r.locale ?? 'EN_US'}, ${r.salutation ?? 'NEUTRAL'}, ${r.externalId}, ${target.userId}::uuid)`,
  );
  const q = sql`
    with inserted as (
      insert into clients (account_id, token, first_name, last_name, email, phone, client_group, locale, salutation, external_id, created_by)
      values ${sql.join(values, sql`, `)}
      returning id
    )
    insert into client_products (client_id, product_configuration_id, account_id)
    select id, ${target.productConfigurationId}::uuid, ${target.accountId}::uuid from inserted
    returning client_id`;
  const made = (await tx.execute(q)) as unknown as { rows: { client_id: string }[] };
  await emitWebhookEvents(tx, target.accountId, 'client.created', made.rows.map((r) => ({ clientId: r.client_id })));
}

/** A matched client takes every given field; a field the file left empty or unmapped keeps its value. */
async function updateBatch(tx: Tx, target: Target, rows: PlannedClient[]) {
  const values: SQL[] = rows.map(
    (r) => sql`(${r.existingId}::uuid, ${r.firstName}, ${r.lastName}, ${r.email}, ${r.phone}, ${r.group}, ${r.locale}, ${r.salutation}, ${r.externalId})`,
  );
  const changed = (await tx.execute(sql`
    with updated as (
      update clients c set
        first_name = v.first_name, last_name = v.last_name, email = v.email,
        phone = coalesce(v.phone, c.phone), client_group = coalesce(v.client_group, c.client_group),
        locale = coalesce(v.locale, c.locale), salutation = coalesce(v.salutation, c.salutation),
        external_id = coalesce(v.external_id, c.external_id), updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, first_name, last_name, email, phone, client_group, locale, salutation, external_id)
      where c.id = v.id and c.account_id = ${target.accountId}::uuid
      returning c.id
    ), added as (
      insert into client_products (client_id, product_configuration_id, account_id)
      select id, ${target.productConfigurationId}::uuid, ${target.accountId}::uuid from updated
      on conflict (client_id, product_configuration_id) do nothing
    )
    select id from updated`)) as unknown as { rows: { id: string }[] };
  await emitWebhookEvents(tx, target.accountId, 'client.updated', changed.rows.map((r) => ({ clientId: r.id })));
}

export async function writeClients(tx: Tx, target: Target, planned: PlannedClient[]): Promise<void> {
  const news = planned.filter((p) => p.existingId === null);
  const matched = planned.filter((p) => p.existingId !== null);
  for (const batch of batches(matched)) await updateBatch(tx, target, batch);
  for (const batch of batches(news)) await insertBatch(tx, target, batch);
}
