// What a user created by the directory starts with: the permissions of an everyday evaluator (every product realm of
// the account, no BQ_ADMIN realm, like the demo's adviser) and the account's first product as the current one. An
// account-level "default permissions" setting, once single sign-on adds one, replaces this (docs/decisions/0047).
import { asc, eq } from 'drizzle-orm';
import type { Permission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import type { Tx } from '../../db/client';
import { productConfigurations } from '../../db/schema';

export async function provisionedDefaults(tx: Tx, accountId: string): Promise<{ permissions: Permission[]; currentProductConfigurationId: string | null }> {
  const configs = await tx
    .select({ id: productConfigurations.id, productType: productConfigurations.productType })
    .from(productConfigurations)
    .where(eq(productConfigurations.accountId, accountId))
    .orderBy(asc(productConfigurations.createdAt), asc(productConfigurations.id));
  // Never the ALL realm: ALL/ALL/ALL would make every provisioned user an account admin.
  const realms = [...new Set(configs.map((c) => PRODUCT_TYPE_INFO[c.productType].realm))].filter((realm) => realm !== 'ALL')
    .sort();
  return {
    permissions: realms.map((realm) => ({ realm, entity: 'ALL', action: 'ALL' })),
    currentProductConfigurationId: configs[0]?.id ?? null,
  };
}
