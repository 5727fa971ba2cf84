// Which self-identification categories an account asks and with which options (docs/decisions/0051): the US EEO-1
// categories until the account changes them. "Prefer not to say" is always offered and cannot be removed.
import { eq } from 'drizzle-orm';
import {
  DEFAULT_SELF_ID_OPTIONS,
  SELF_ID_CATEGORIES,
  type TSelfIdentificationCategorySetting,
  type TSelfIdentificationSettings,
} from '@bq/contracts/fairness';
import type { Db, Tx } from '../../db/client';
import { accountSelfIdentificationSettings } from '../../db/schema';

export function defaultSelfIdentificationSettings(): TSelfIdentificationSettings {
  return {
    categories: SELF_ID_CATEGORIES.map(
      (category): TSelfIdentificationCategorySetting => ({ category, asked: true, options: DEFAULT_SELF_ID_OPTIONS[category].map((code) => ({ code })) }),
    ),
  };
}

export async function selfIdentificationSettings(db: Db | Tx, accountId: string): Promise<TSelfIdentificationSettings> {
  const [row] = await db.select().from(accountSelfIdentificationSettings).where(eq(accountSelfIdentificationSettings.accountId, accountId));
  if (!row) return defaultSelfIdentificationSettings();
  // Stored in the order given; answered in the fixed order of SELF_ID_CATEGORIES so forms and reports agree.
  return { categories: SELF_ID_CATEGORIES.map((c) => row.categories.find((s) => s.category === c)!).filter(Boolean) };
}

export async function saveSelfIdentificationSettings(
  tx: Tx,
  accountId: string,
  userId: string,
  settings: TSelfIdentificationSettings,
): Promise<TSelfIdentificationSettings> {
  const categories = SELF_ID_CATEGORIES.map((c) => settings.categories.find((s) => s.category === c)!);
  await tx
    .insert(accountSelfIdentificationSettings)
    .values({ accountId, categories, updatedBy: userId })
    .onConflictDoUpdate({ target: accountSelfIdentificationSettings.accountId, set: { categories, updatedBy: userId, updatedAt: new Date() } });
  return { categories };
}
