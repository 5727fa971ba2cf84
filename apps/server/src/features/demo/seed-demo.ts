// Demo data for the embedded mode only (never in a production start, see config.ts): the "Demo Advisory"
// account with credits, an admin with every permission and all eight products, and an adviser limited to
// the bank, wealth and risk products. Runs once: an existing demo account is left as it is.
import { eq } from 'drizzle-orm';
import type { Permission } from '@bq/domain/permissions';
import { PRODUCT_TYPES, type ProductType } from '@bq/domain/product-types';
import type { Db } from '../../db/client';
import {
  accounts,
  clientProducts,
  clients,
  creditLedger,
  interactionInstances,
  productConfigurations,
  users,
} from '../../db/schema';
import { newPublicToken } from '../clients/client-tokens';
import { definitionForProduct } from '../interactions/definitions';
import { hashPassword } from '../../plugins/passwords';
import { seedDemoResults } from './seed-demo-results';
import { initialPlan } from '../signup/signup-service';
import { seedDemoCampaign } from '../repeated-measurements/seed-demo-campaign';
import { seedDemoOperator } from './seed-demo-operator';

export const DEMO_ACCOUNT_NAME = 'Demo Advisory';
export const DEMO_ADMIN = {
  email: 'admin@demo.example',
  password: 'Demo-Admin-2026!',
  firstName: 'Alex',
  lastName: 'Admin',
};
export const DEMO_ADVISER = {
  email: 'adviser@demo.example',
  password: 'Demo-Adviser-2026!',
  firstName: 'Maria',
  lastName: 'Berger',
};
export const DEMO_CREDITS = 1250;

const ADVISER_REALMS: ProductType[] = ['BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH', 'BQ_RISK'];

const DAY = 86_400_000;

/** Demo clients of the risk product: a realistic mix of groups, languages and questionnaire states. */
const DEMO_CLIENTS = [
  {
    firstName: 'Sabine',
    lastName: 'Hoffmann',
    salutation: 'MS',
    email: 'sabine.hoffmann@example.com',
    clientGroup: 'ESTABLISHED',
    locale: 'DE_DE',
    instance: { status: 'OPENED', expiresInDays: -3 },
  },
  {
    firstName: 'Thomas',
    lastName: 'Wagner',
    salutation: 'MR',
    email: 'thomas.wagner@example.com',
    clientGroup: 'ESTABLISHED',
    locale: 'DE_DE',
    instance: { status: 'NEW', expiresInDays: 12 },
  },
  {
    firstName: 'Emily',
    lastName: 'Carter',
    salutation: 'MS',
    email: 'emily.carter@example.com',
    clientGroup: 'PROSPECT',
    locale: 'EN_UK',
    instance: { status: 'NEW', expiresInDays: 20 },
  },
  {
    firstName: 'Daniel',
    lastName: 'Brooks',
    salutation: 'NEUTRAL',
    email: 'daniel.brooks@example.com',
    clientGroup: 'PROSPECT',
    locale: 'EN_US',
    instance: null,
  },
] as const;

export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, DEMO_ACCOUNT_NAME))
    .limit(1);
  if (existing.length > 0) return false;

  const [adminHash, adviserHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_ADVISER.password),
  ]);
  await db.transaction(async (tx) => {
    const [account] = await tx.insert(accounts).values({ name: DEMO_ACCOUNT_NAME, type: 'DEMO' }).returning();
    if (!account) throw new Error('demo account not created');
    const configs = await tx
      .insert(productConfigurations)
      .values(
        PRODUCT_TYPES.map((productType) => ({
          accountId: account.id,
          productType,
          // The wealth advisory product runs on its free trial plan, as a new customer's would.
          ...initialPlan(productType),
        })),
      )
      .returning();
    const configOf = (p: ProductType) => configs.find((c) => c.productType === p)?.id;
    await tx
      .insert(creditLedger)
      .values({ accountId: account.id, delta: DEMO_CREDITS, reason: 'DEMO_SEED', reference: account.id });

    const adviserPermissions: Permission[] = ADVISER_REALMS.map((realm) => ({
      realm,
      entity: 'ALL',
      action: 'ALL',
    }));
    await tx.insert(users).values([
      {
        accountId: account.id,
        email: DEMO_ADMIN.email,
        passwordHash: adminHash,
        firstName: DEMO_ADMIN.firstName,
        lastName: DEMO_ADMIN.lastName,
        permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
        currentProductConfigurationId: configOf('BQ_ADVISORY_BANK'),
        emailVerifiedAt: new Date(),
      },
      {
        accountId: account.id,
        email: DEMO_ADVISER.email,
        passwordHash: adviserHash,
        firstName: DEMO_ADVISER.firstName,
        lastName: DEMO_ADVISER.lastName,
        permissions: adviserPermissions,
        currentProductConfigurationId: configOf('BQ_RISK'),
        emailVerifiedAt: new Date(),
      },
    ]);
    const [adviser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ADVISER.email));
    const riskConfig = configOf('BQ_RISK')!;
    for (const demo of DEMO_CLIENTS) {
      const [client] = await tx
        .insert(clients)
        .values({
          accountId: account.id,
          token: newPublicToken(),
          firstName: demo.firstName,
          lastName: demo.lastName,
          email: demo.email,
          clientGroup: demo.clientGroup,
          locale: demo.locale,
          salutation: demo.salutation,
          createdBy: adviser!.id,
        })
        .returning();
      await tx
        .insert(clientProducts)
        .values({ clientId: client!.id, productConfigurationId: riskConfig, accountId: account.id });
      if (demo.instance) {
        await tx.insert(interactionInstances).values({
          accountId: account.id,
          token: newPublicToken(),
          clientId: client!.id,
          productConfigurationId: riskConfig,
          initiatorId: adviser!.id,
          interactionId: 'risk',
          definitionVersion: definitionForProduct('BQ_RISK').version,
          status: demo.instance.status,
          openedAt: demo.instance.status === 'OPENED' ? new Date(Date.now() - 5 * DAY) : null,
          // Sent as 30-day questionnaires some time ago, so the auto reminders have something to do in the demo.
          createdAt: new Date(Date.now() - (30 - demo.instance.expiresInDays) * DAY),
          expiresAt: new Date(Date.now() + demo.instance.expiresInDays * DAY),
        });
      }
    }
    await seedDemoResults(tx as unknown as Db, { accountId: account.id, initiatorId: adviser!.id, configOf });
    await seedDemoCampaign(tx as unknown as Db, { accountId: account.id, initiatorId: adviser!.id, productConfigurationId: configOf('BQ_SELECTION')! });
    await seedDemoOperator(tx as unknown as Db);
  });
  return true;
}
