// Retention settings per account (migration 0032, docs/decisions/0044). No row: the defaults (5 years for advisory
// results after the relationship ends, 6 months for selection and performance data). Mails (90 days) and audit
// events (7 years) have fixed periods and no column.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

export const accountRetention = pgTable(
  'account_retention',
  {
    accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
    advisoryYears: integer('advisory_years').notNull().default(5),
    selectionMonths: integer('selection_months').notNull().default(6),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_retention_updated_by_idx').on(t.updatedBy),
    check('account_retention_advisory_years_ck', sql`${t.advisoryYears} in (5, 7)`),
    check('account_retention_selection_months_ck', sql`${t.selectionMonths} between 1 and 36`),
  ],
);
