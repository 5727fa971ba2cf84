// The participant's own key (docs/decisions/0063): what proves "this is the browser that submitted", apart from the
// instance token every evaluator holds. One per instance, kept as SHA-256 only, deleted with the instance.
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { interactionInstances } from './clients';

export const participantKeys = pgTable('participant_keys', {
  instanceId: uuid('instance_id').primaryKey().references(() => interactionInstances.id, { onDelete: 'cascade' }),
  /** hex SHA-256 of the key in the browser's cookie (plugins/sessions.ts hashToken). */
  keyHash: text('key_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
