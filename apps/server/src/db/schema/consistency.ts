// How an adviser resolved a risk profile's consistency flag (DESIGN.md section 4: the adviser sees the flag and
// must record how it was resolved). Append-only: a later note amends, it never overwrites, so the record shows a
// regulator what was decided when and by whom. The author's name is kept as written, in case the user is removed.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { interactionInstances } from './clients';
import { users } from './users';

export const consistencyResolutions = pgTable(
  'consistency_resolutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    instanceId: uuid('instance_id').notNull().references(() => interactionInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consistency_resolutions_instance_idx').on(t.instanceId, t.createdAt),
    index('consistency_resolutions_account_idx').on(t.accountId),
    index('consistency_resolutions_user_idx').on(t.userId),
  ],
);
