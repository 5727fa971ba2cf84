// The account's own additions to the notice before a selection, performance or self-assessment questionnaire
// (migration 0041, docs/decisions/0053). No row: the platform's notice alone.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

export const accountAssessmentNotice = pgTable(
  'account_assessment_notice',
  {
    accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
    contact: text('contact'),
    text: text('text'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_assessment_notice_updated_by_idx').on(t.updatedBy),
    check('account_assessment_notice_contact_ck', sql`char_length(${t.contact}) <= 200`),
    check('account_assessment_notice_text_ck', sql`char_length(${t.text}) <= 2000`),
  ],
);
