// Demo data for buying credits (embedded demo only, like the rest of the demo): "Demo Starter", a self-service
// account with the bank advisory product, one finished LOCKED result and no credits, so "payment required" and the
// purchase in the sandbox can be tried at once. Runs once: an existing account of that name is left as it is.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, productConfigurations, users } from '../../db/schema';
import { hashPassword } from '../../plugins/passwords';
import { seedDemoResults } from '../demo/seed-demo-results';

export const DEMO_BUYER_ACCOUNT_NAME = 'Demo Starter';
export const DEMO_BUYER = { email: 'buyer@demo.example', password: 'Demo-Buyer-2026!', firstName: 'Jonas', lastName: 'Klein' };

export async function seedDemoBuyer(db: Db): Promise<boolean> {
  const existing = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, DEMO_BUYER_ACCOUNT_NAME)).limit(1);
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_BUYER.password);
  await db.transaction(async (tx) => {
    const [account] = await tx.insert(accounts).values({ name: DEMO_BUYER_ACCOUNT_NAME, type: 'SELF_SERVICE' }).returning();
    const [config] = await tx.insert(productConfigurations).values({ accountId: account!.id, productType: 'BQ_ADVISORY_BANK' }).returning();
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        email: DEMO_BUYER.email,
        passwordHash,
        firstName: DEMO_BUYER.firstName,
        lastName: DEMO_BUYER.lastName,
        permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
        currentProductConfigurationId: config!.id,
        emailVerifiedAt: new Date(),
      })
      .returning();
    // Only the bank advisory product: of the demo results that is one LOCKED result and no unlock to pay for.
    await seedDemoResults(tx as unknown as Db, {
      accountId: account!.id,
      initiatorId: user!.id,
      configOf: (p) => (p === 'BQ_ADVISORY_BANK' ? config!.id : undefined),
    });
  });
  return true;
}
