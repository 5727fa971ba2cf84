// The client a data-rights call is about, checked for the caller: of the caller's account (else 404), in every
// product the client belongs to the caller holds the permission (erasing or copying touches all of them), and the
// client is not anonymised for the caller in any of them (one must see who it is to hand over or erase their data).
import { and, eq } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { ProductType } from '@bq/domain/product-types';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { clientProducts, clients, productConfigurations } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { assertIdentityEditable, clientViewFor } from '../anonymisation/client-view';
import { assertRealmPermission } from '../products/product-access';

export type DataSubject = Awaited<ReturnType<typeof requireDataSubject>>;

export async function requireDataSubject(db: Db, auth: AuthContext, token: string, action: 'READ' | 'DELETE') {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.accountId, auth.accountId), eq(clients.token, token)))
    .limit(1);
  if (!client) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const products = await db
    .select({ productConfigurationId: clientProducts.productConfigurationId, productType: productConfigurations.productType, active: clientProducts.active, since: clientProducts.createdAt })
    .from(clientProducts)
    .innerJoin(productConfigurations, eq(productConfigurations.id, clientProducts.productConfigurationId))
    .where(eq(clientProducts.clientId, client.id));
  for (const product of products) assertRealmPermission(auth, product.productType as ProductType, { entity: 'BQ_USER', action });
  for (const product of products) assertIdentityEditable(await clientViewFor(db, auth, product.productConfigurationId, client.id));
  return { client, products };
}
