// The account's switch for all its start links at once (0092 addendum): off, every link answers as an unknown one
// (link-usable.ts) while the links, their settings and their counts stay; on again, they work as before.
import { eq } from 'drizzle-orm';
import type { TPublicLinkSettings } from '@bq/contracts/public-links';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

export async function publicLinkSettings(db: Db, accountId: string): Promise<TPublicLinkSettings> {
  const [row] = await db.select({ enabled: accounts.publicLinksEnabled }).from(accounts).where(eq(accounts.id, accountId));
  return { enabled: row?.enabled ?? false };
}

export async function setPublicLinksEnabled(db: Db, accountId: string, enabled: boolean): Promise<TPublicLinkSettings> {
  await db.update(accounts).set({ publicLinksEnabled: enabled, updatedAt: new Date() }).where(eq(accounts.id, accountId));
  return { enabled };
}
