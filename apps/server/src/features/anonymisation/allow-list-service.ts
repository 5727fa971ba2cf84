// The allow-list calls (spec section 7): add a client (POST /api/productconfig/{id}/user/anonymization_allow_list),
// remove one (DELETE /api/productconfig/{id}/anonymization_initiator/participant/{token}), the candidates to add,
// and the user's settings (switch, account k) written through POST /api/admin/user/settings.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TAllowListCandidate, TAllowListEntry, TAllowListResponse } from '@bq/contracts/anonymisation';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { hasPermission } from '@bq/domain/permissions';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accountAnonymisation, anonymisationUserSettings, anonymizationAllowList, clientProducts, clients } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import type { ProductConfigurationRow } from '../products/product-access';

/** The user's switch and every entry of their list (optionally one configuration's). */
export async function allowListOf(db: Db, auth: Pick<AuthContext, 'userId' | 'accountId'>, productConfigurationId?: string): Promise<TAllowListResponse> {
  const [settings] = await db
    .select({ enabled: anonymisationUserSettings.allowListEnabled })
    .from(anonymisationUserSettings)
    .where(eq(anonymisationUserSettings.userId, auth.userId));
  const conditions = [eq(anonymizationAllowList.userId, auth.userId), eq(anonymizationAllowList.accountId, auth.accountId)];
  if (productConfigurationId) conditions.push(eq(anonymizationAllowList.productConfigurationId, productConfigurationId));
  const entries: TAllowListEntry[] = await db
    .select({
      bqUserToken: clients.token,
      productConfigurationId: anonymizationAllowList.productConfigurationId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      email: clients.email,
    })
    .from(anonymizationAllowList)
    .innerJoin(clients, eq(clients.id, anonymizationAllowList.clientId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${clients.lastName})`), asc(sql`lower(${clients.firstName})`));
  return { anonymizationAllowListEnabled: settings?.enabled ?? false, anonymizationAllowList: entries };
}

/** A client of this account that is a member of the configuration; another account's token is a missing one. */
async function clientInConfiguration(db: Db, accountId: string, configId: string, token: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .innerJoin(clientProducts, and(eq(clientProducts.clientId, clients.id), eq(clientProducts.productConfigurationId, configId)))
    .where(and(eq(clients.token, token), eq(clients.accountId, accountId)));
  if (!row) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return row;
}

// `config` below: the product the route declared (the path's :id), its ANONYMIZATION_ALLOW_LIST permission checked in its realm.
export async function addToAllowList(db: Db, auth: AuthContext, config: ProductConfigurationRow, userToken: string): Promise<TAllowListResponse> {
  const client = await clientInConfiguration(db, auth.accountId, config.id, userToken);
  await db
    .insert(anonymizationAllowList)
    .values({ userId: auth.userId, productConfigurationId: config.id, clientId: client.id, accountId: auth.accountId })
    .onConflictDoNothing();
  return allowListOf(db, auth, config.id);
}

export async function removeFromAllowList(db: Db, auth: AuthContext, config: ProductConfigurationRow, token: string): Promise<TAllowListResponse> {
  const client = await clientInConfiguration(db, auth.accountId, config.id, token);
  const removed = await db
    .delete(anonymizationAllowList)
    .where(
      and(
        eq(anonymizationAllowList.userId, auth.userId),
        eq(anonymizationAllowList.productConfigurationId, config.id),
        eq(anonymizationAllowList.clientId, client.id),
      ),
    )
    .returning({ clientId: anonymizationAllowList.clientId });
  // Not on the list: nothing to remove, like a missing participant.
  if (removed.length === 0) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return allowListOf(db, auth, config.id);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function allowListCandidates(db: Db, auth: AuthContext, config: ProductConfigurationRow, q: string): Promise<{ items: TAllowListCandidate[] }> {
  const pattern = `%${escapeLike(q)}%`;
  const result = await db.execute<{ token: string; first_name: string; last_name: string; email: string; on_list: boolean }>(sql`
    select c.token, c.first_name, c.last_name, c.email,
      exists (select 1 from anonymization_allow_list al where al.user_id = ${auth.userId}
              and al.product_configuration_id = ${config.id} and al.client_id = c.id) as on_list
    from client_products cp join clients c on c.id = cp.client_id
    where cp.product_configuration_id = ${config.id} and c.account_id = ${auth.accountId}
      and (c.search_name like lower(${pattern}) or c.email like lower(${pattern}))
    order by lower(c.last_name), lower(c.first_name), c.id
    limit 20`);
  const rows = (result as unknown as { rows: { token: string; first_name: string; last_name: string; email: string; on_list: boolean }[] }).rows;
  return { items: rows.map((r) => ({ token: r.token, firstName: r.first_name, lastName: r.last_name, email: r.email, onList: Boolean(r.on_list) })) };
}

/** The anonymisation part of POST /api/admin/user/settings: an admin's own switch and the account's k. */
export async function updateAnonymisationSettings(
  db: Db,
  auth: AuthContext,
  settings: { anonymizationAllowListEnabled?: boolean; anonymityK?: number },
): Promise<void> {
  if (settings.anonymizationAllowListEnabled === undefined && settings.anonymityK === undefined) return;
  if (!hasPermission(auth.permissions, { realm: 'BQ_ADMIN', entity: 'ANONYMIZATION_ALLOW_LIST', action: 'UPDATE' })) {
    throw new AppError(ERROR_KEYS.forbidden, 403, 'Permission missing');
  }
  if (settings.anonymizationAllowListEnabled !== undefined) {
    await db
      .insert(anonymisationUserSettings)
      .values({ userId: auth.userId, accountId: auth.accountId, allowListEnabled: settings.anonymizationAllowListEnabled })
      .onConflictDoUpdate({ target: anonymisationUserSettings.userId, set: { allowListEnabled: settings.anonymizationAllowListEnabled, updatedAt: new Date() } });
  }
  if (settings.anonymityK !== undefined) {
    await db
      .insert(accountAnonymisation)
      .values({ accountId: auth.accountId, anonymityK: settings.anonymityK })
      .onConflictDoUpdate({ target: accountAnonymisation.accountId, set: { anonymityK: settings.anonymityK } });
  }
}
