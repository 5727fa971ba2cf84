// The demo's platform operator (embedded demo only): in an account of its own, so the demo can show what only an
// operator does (confirming an account's single sign-on domain, docs/decisions/0046) without making the demo admin one.
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { hashPassword } from '../../plugins/passwords';

export const DEMO_OPERATOR = { email: 'operator@demo.example', password: 'Demo-Operator-2026!', firstName: 'Olga', lastName: 'Operator' };

export async function seedDemoOperator(db: Db): Promise<void> {
  const [account] = await db.insert(accounts).values({ name: 'Demo Platform', type: 'DEMO' }).returning({ id: accounts.id });
  await db.insert(users).values({
    accountId: account!.id,
    email: DEMO_OPERATOR.email,
    passwordHash: await hashPassword(DEMO_OPERATOR.password),
    firstName: DEMO_OPERATOR.firstName,
    lastName: DEMO_OPERATOR.lastName,
    permissions: [],
    platformOperator: true,
    emailVerifiedAt: new Date(),
  });
}
