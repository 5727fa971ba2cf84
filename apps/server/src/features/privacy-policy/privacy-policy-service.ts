// The account's privacy policy: plain text per locale (rendered as text, never as HTML), read publicly and by the
// participant's questionnaire, written by an account admin.
import { and, eq, inArray } from 'drizzle-orm';
import { ERROR_KEYS } from '@bq/contracts/errors';
import type { TPrivacyPolicy, TPrivacyPolicyText, TUpdatePrivacyPolicyRequest } from '@bq/contracts/privacy-policy';
import { LOCALES, type Locale } from '@bq/domain/locales';
import { pickLocale } from '@bq/domain/policy-locale';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accounts, privacyPolicies } from '../../db/schema';

/** Line ends as \n, no trailing spaces on lines, no blank lines at the start or end. */
export function normalisePolicyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

async function policyTexts(db: Db, accountId: string): Promise<TPrivacyPolicyText[]> {
  const rows = await db.select().from(privacyPolicies).where(eq(privacyPolicies.accountId, accountId));
  return LOCALES.flatMap((locale) => {
    const row = rows.find((r) => r.locale === locale);
    return row ? [{ locale, text: row.text, updatedAt: row.updatedAt.toISOString() }] : [];
  });
}

/** The policy of an account; with `locale`, only the text that reader should see (or none). Unknown account: 404. */
export async function getPrivacyPolicy(db: Db, accountId: string, locale?: Locale): Promise<TPrivacyPolicy> {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const policies = await policyTexts(db, accountId);
  if (!locale) return { accountId, policies };
  const chosen = pickLocale(policies.map((p) => p.locale), locale);
  return { accountId, policies: policies.filter((p) => p.locale === chosen) };
}

/** The text a participant reading `locale` is shown before answering, or null when the account has none. */
export async function privacyPolicyForReader(db: Db, accountId: string, locale: Locale): Promise<TPrivacyPolicyText | null> {
  const policies = await policyTexts(db, accountId);
  const chosen = pickLocale(policies.map((p) => p.locale), locale);
  return policies.find((p) => p.locale === chosen) ?? null;
}

export async function updatePrivacyPolicy(
  db: Db,
  caller: { accountId: string; userId: string },
  body: TUpdatePrivacyPolicyRequest,
): Promise<TPrivacyPolicy> {
  const entries = LOCALES.flatMap((locale) => {
    const text = body.texts[locale];
    return text === undefined ? [] : [{ locale, text: normalisePolicyText(text) }];
  });
  await db.transaction(async (tx) => {
    const removed = entries.filter((e) => e.text === '').map((e) => e.locale);
    if (removed.length > 0) {
      await tx.delete(privacyPolicies).where(and(eq(privacyPolicies.accountId, caller.accountId), inArray(privacyPolicies.locale, removed)));
    }
    for (const entry of entries.filter((e) => e.text !== '')) {
      const values = { text: entry.text, updatedBy: caller.userId, updatedAt: new Date() };
      await tx
        .insert(privacyPolicies)
        .values({ accountId: caller.accountId, locale: entry.locale, ...values })
        .onConflictDoUpdate({ target: [privacyPolicies.accountId, privacyPolicies.locale], set: values });
    }
  });
  return { accountId: caller.accountId, policies: await policyTexts(db, caller.accountId) };
}
