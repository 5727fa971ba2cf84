// Which self-identification categories an account asks and with which options (docs/decisions/0051, 0078): until
// the account saves its own, the defaults of its language (EN_US: the US EEO-1 categories; elsewhere sex and age band,
// ethnic group off). Nothing is stored for the defaults, so an account that never saved follows them and one that
// saved keeps its choice. "Prefer not to say" is always offered and cannot be removed.
import { and, asc, eq } from 'drizzle-orm';
import {
  SELF_ID_CATEGORIES,
  defaultSelfIdSettingsFor,
  type TSelfIdentificationSettings,
  type TSelfIdentificationSettingsView,
} from '@bq/contracts/fairness';
import { DEFAULT_LOCALE, type Locale } from '@bq/domain/locales';
import type { Db, Tx } from '../../db/client';
import { accountSelfIdentificationSettings, users } from '../../db/schema';

/**
 * The account's language: accounts have no country or language of their own, so the language of its first active
 * user (the one who opened it; ties by id) stands for it; EN_US when it has none.
 */
export async function accountLocale(db: Db | Tx, accountId: string): Promise<Locale> {
  const [first] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.active, true)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return first?.locale ?? DEFAULT_LOCALE;
}

export async function selfIdentificationSettingsView(db: Db | Tx, accountId: string): Promise<TSelfIdentificationSettingsView> {
  const [[row], defaultsLocale] = await Promise.all([
    db.select().from(accountSelfIdentificationSettings).where(eq(accountSelfIdentificationSettings.accountId, accountId)),
    accountLocale(db, accountId),
  ]);
  if (!row) return { ...defaultSelfIdSettingsFor(defaultsLocale), saved: false, defaultsLocale };
  // Stored in the order given; answered in the fixed order of SELF_ID_CATEGORIES so forms and reports agree.
  return { categories: SELF_ID_CATEGORIES.map((c) => row.categories.find((s) => s.category === c)!).filter(Boolean), saved: true, defaultsLocale };
}

export async function selfIdentificationSettings(db: Db | Tx, accountId: string): Promise<TSelfIdentificationSettings> {
  const { categories } = await selfIdentificationSettingsView(db, accountId);
  return { categories };
}

export async function saveSelfIdentificationSettings(
  tx: Tx,
  accountId: string,
  userId: string,
  settings: TSelfIdentificationSettings,
): Promise<TSelfIdentificationSettingsView> {
  const categories = SELF_ID_CATEGORIES.map((c) => settings.categories.find((s) => s.category === c)!);
  await tx
    .insert(accountSelfIdentificationSettings)
    .values({ accountId, categories, updatedBy: userId })
    .onConflictDoUpdate({ target: accountSelfIdentificationSettings.accountId, set: { categories, updatedBy: userId, updatedAt: new Date() } });
  return { categories, saved: true, defaultsLocale: await accountLocale(tx, accountId) };
}
