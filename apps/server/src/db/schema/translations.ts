// Translation entries (spec section 3): seeded from the repo's data files, served by GET /api/i18ns.
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Locale } from '@bq/domain/locales';
import type { TextType } from '@bq/domain/text-types';

export const translations = pgTable(
  'translations',
  {
    language: text('language').$type<Locale>().notNull(),
    textType: text('text_type').$type<TextType>().notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.language, t.textType, t.key] })],
);
