// POST /api/add_product: a self-service (or demo) account adds another product; 'product already added' when it has it.
import { and, eq } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TAddProductRequest, TAddProductResponse } from '@bq/contracts/signup';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accounts, productConfigurations, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { initialPlan } from './signup-service';

export const ADD_PRODUCT_ERRORS = {
  alreadyAdded: 'error.product.already_added',
  accountType: 'error.account.type_not_allowed',
} as const;

export async function addProduct(db: Db, auth: AuthContext, input: TAddProductRequest): Promise<TAddProductResponse> {
  // The initiator is the caller; any other id behaves like one that does not exist.
  if (input.initiatorId !== auth.userId) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, auth.accountId)).for('update');
    if (!account) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
    // Enterprise and internal accounts get their products by contract, not by a click.
    if (account.type !== 'SELF_SERVICE' && account.type !== 'DEMO') {
      throw new AppError(ADD_PRODUCT_ERRORS.accountType, 403, 'Not allowed for this account type');
    }
    const [configuration] = await tx
      .insert(productConfigurations)
      .values({ accountId: account.id, productType: input.productType, ...initialPlan(input.productType) })
      .onConflictDoNothing()
      .returning();
    if (!configuration) throw new AppError(ADD_PRODUCT_ERRORS.alreadyAdded, 409, 'The account has this product already');
    await tx
      .update(users)
      .set({ currentProductConfigurationId: configuration.id, updatedAt: new Date() })
      .where(and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId)));
    return { productType: input.productType, productConfigurationId: configuration.id };
  });
}
