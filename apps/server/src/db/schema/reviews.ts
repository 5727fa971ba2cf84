// The yearly review (docs/decisions/0093): each result whose review falls due is announced once (the adviser's mail,
// the webhook review.due); the row is that once.
import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { interactionInstances } from './clients';

export const reviewNotices = pgTable('review_notices', {
  resultInstanceId: uuid('result_instance_id').primaryKey().references(() => interactionInstances.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull().references(() => accounts.id),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
