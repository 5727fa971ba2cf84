// Factories for tests and benchmarks: accounts with products and credits, users with permissions.
import { randomBytes } from 'node:crypto';
import type { Permission } from '@bq/domain/permissions';
import type { AccountType, ProductType } from '@bq/domain/product-types';
import type { Db } from '../db/client';
import { accounts, creditLedger, productConfigurations, users } from '../db/schema';
import { hashPassword } from '../plugins/passwords';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@test.example`;
}

export async function createAccount(
  db: Db,
  opts: { name?: string; type?: AccountType; credits?: number; products?: ProductType[] } = {},
) {
  const [account] = await db.insert(accounts).values({ name: opts.name ?? 'Test Advisory', type: opts.type ?? 'ENTERPRISE' }).returning();
  if (!account) throw new Error('account not created');
  const products = opts.products ?? ['BQ_RISK'];
  const configs = products.length
    ? await db.insert(productConfigurations).values(products.map((productType) => ({ accountId: account.id, productType }))).returning()
    : [];
  if (opts.credits) await db.insert(creditLedger).values({ accountId: account.id, delta: opts.credits, reason: 'TEST' });
  return { account, configs };
}

export const TEST_PASSWORD = 'Test-Password-2026!';

export async function createUser(
  db: Db,
  accountId: string,
  opts: {
    email?: string;
    password?: string;
    permissions?: Permission[];
    firstName?: string;
    lastName?: string;
    /** A platform operator (may import the market history every account shares). */
    platformOperator?: boolean;
  } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const [user] = await db
    .insert(users)
    .values({
      accountId,
      email,
      passwordHash: await hashPassword(opts.password ?? TEST_PASSWORD),
      firstName: opts.firstName ?? 'Tess',
      lastName: opts.lastName ?? 'Tester',
      permissions: opts.permissions ?? [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
      platformOperator: opts.platformOperator ?? false,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { user, email, password: opts.password ?? TEST_PASSWORD };
}
