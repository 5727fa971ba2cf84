// Which clients a bulk send goes to, fixed when it starts: the tokens the adviser ticked, or everyone matching the
// client list's filter (the same conditions as GET /api/participants, features/clients/list-clients.ts). Written as
// one INSERT ... SELECT into bulk_send_clients, so 100,000 clients cost one statement and no round trips.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZBulkSendFilter } from '@bq/contracts/bulk-send';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { loadAnonymisation, searchableByNameSql } from '../anonymisation/anonymise';
import { productConfigurations } from '../../db/schema';
import { reviewDueFilterSql } from '../yearly-review/review-due';
import { portfolioAboveProfileSql, sourceSql } from '../clients/list-clients';

type Filter = z.output<typeof ZBulkSendFilter>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The filter's conditions on client_products cp and clients c, scoped to the caller's account (read before the transaction). */
export async function filterConditions(db: Db, auth: AuthContext, configId: string, filter: Filter): Promise<SQL[]> {
  const where: SQL[] = [sql`cp.product_configuration_id = ${configId}`, sql`c.account_id = ${auth.accountId}`];
  if (filter.status === 'ACTIVE') where.push(sql`cp.active`);
  if (filter.status === 'INACTIVE') where.push(sql`not cp.active`);
  if (filter.interactionStatus) where.push(sql`cp.latest_instance_status = ${filter.interactionStatus}`);
  if (filter.group) where.push(sql`c.client_group = ${filter.group}`);
  if (filter.source) where.push(sourceSql(filter.source));
  // The list's "portfolio above profile" (features/portfolio, decision 0091), the same condition.
  if (filter.portfolioAboveProfile) where.push(portfolioAboveProfileSql(configId));
  if (filter.reviewDue) {
    // The list's "review due" (features/yearly-review): the same rule, so "everyone matching" is who the list showed.
    const [config] = await db.select({ productType: productConfigurations.productType, reviewEveryMonths: productConfigurations.reviewEveryMonths }).from(productConfigurations).where(eq(productConfigurations.id, configId));
    where.push(config ? reviewDueFilterSql(config, filter.reviewDue) : sql`false`);
  }
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    where.push(sql`(c.search_name like lower(${pattern}) or c.email like lower(${pattern}))`);
    // A client anonymised for this adviser is not found by name here either (docs/decisions/0021).
    const anon = await loadAnonymisation(db, auth, configId);
    if (anon.enabled) where.push(searchableByNameSql(anon, sql`c.id`));
  }
  return where;
}

/**
 * Records the chosen clients of bulk send `bulkSendId` and answers how many, plus the given tokens that name no
 * client of this account in this product (another account's token is as unknown as a made-up one).
 */
export async function chooseClients(
  tx: Tx,
  auth: AuthContext,
  bulkSendId: string,
  configId: string,
  selection: { clientTokens: string[] } | { where: SQL[] },
): Promise<{ chosen: number; unknownTokens: string[] }> {
  if ('clientTokens' in selection) {
    const tokens = [...new Set(selection.clientTokens)];
    const found = rowsOf<{ token: string }>(
      await tx.execute(sql`
        with chosen as (
          insert into bulk_send_clients (bulk_send_id, client_id)
          select ${bulkSendId}, c.id from clients c
          join client_products cp on cp.client_id = c.id and cp.product_configuration_id = ${configId}
          where c.account_id = ${auth.accountId}
            and c.token in (select jsonb_array_elements_text(${JSON.stringify(tokens)}::jsonb))
          returning client_id
        ) select c.token from chosen join clients c on c.id = chosen.client_id`),
    );
    const known = new Set(found.map((r) => r.token));
    return { chosen: found.length, unknownTokens: tokens.filter((t) => !known.has(t)) };
  }
  const where = selection.where;
  const inserted = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      with chosen as (
        insert into bulk_send_clients (bulk_send_id, client_id)
        select ${bulkSendId}, c.id from client_products cp join clients c on c.id = cp.client_id
        where ${sql.join(where, sql` and `)}
        returning 1
      ) select count(*) as n from chosen`),
  );
  return { chosen: Number(inserted[0]?.n ?? 0), unknownTokens: [] };
}
