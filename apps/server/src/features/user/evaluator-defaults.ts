// What an evaluator the account's identity systems create starts with, the same whether the directory provisions
// them (SCIM, docs/decisions/0047) or their first single sign-on creates them (docs/decisions/0046): the permissions of
// an everyday evaluator (every product realm of the account, no BQ_ADMIN realm: users, API credentials and the audit
// trail stay with the account admin, as for the demo's adviser) and the account's first product as the current one.
import { asc, eq } from 'drizzle-orm';
import type { Permission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import type { Tx } from '../../db/client';
import { productConfigurations } from '../../db/schema';

export async function newEvaluatorDefaults(tx: Tx, accountId: string): Promise<{ permissions: Permission[]; currentProductConfigurationId: string | null }> {
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
