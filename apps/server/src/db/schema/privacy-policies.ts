// The account's privacy policy: one plain text per locale, shown to participants before they answer.
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@bq/domain/locales';
import { accounts } from './accounts';

export const privacyPolicies = pgTable(
  'privacy_policies',
  {
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    locale: text('locale').$type<Locale>().notNull(),
    text: text('text').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.locale] })],
);
