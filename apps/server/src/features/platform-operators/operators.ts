// Platform operators (users.platform_operator): the people who may change data every account shares. The flag is
// set and cleared here, called by the CLI only; no HTTP route writes it (docs/decisions/0016-security-hardening.md).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';

export async function setPlatformOperator(db: Db, email: string, operator: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ platformOperator: operator, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function listPlatformOperators(db: Db): Promise<{ email: string; accountName: string }[]> {
  return db
    .select({ email: users.email, accountName: accounts.name })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.platformOperator, true))
    .orderBy(asc(users.email));
}
