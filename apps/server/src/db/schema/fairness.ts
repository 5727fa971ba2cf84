// Selection you can defend (docs/decisions/0051, 0052): candidates' voluntary self-identification, kept in its own
// table apart from answers and results; the account's choice of categories; people's decisions on selection results
// (append-only, the latest counts); and the cells each adverse-impact report has shown, for the differencing guard.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TSelfIdentificationCategorySetting } from '@bq/contracts/fairness';
import { accounts } from './accounts';
import { clients, interactionInstances } from './clients';
import { users } from './users';

/** One row per submitted instance; a null category was not asked, 'PREFER_NOT_TO_SAY' was declined. */
export const selfIdentifications = pgTable(
  'self_identifications',
  {
    instanceId: uuid('instance_id').primaryKey().references(() => interactionInstances.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    sex: text('sex'),
    ageBand: text('age_band'),
    ethnicGroup: text('ethnic_group'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('self_identifications_account_idx').on(t.accountId), index('self_identifications_client_idx').on(t.clientId)],
);

export const accountSelfIdentificationSettings = pgTable(
  'account_self_identification_settings',
  {
    accountId: uuid('account_id').primaryKey().references(() => accounts.id),
    categories: jsonb('categories').$type<TSelfIdentificationCategorySetting[]>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_self_identification_settings_updated_by_idx').on(t.updatedBy)],
);

export const resultDecisions = pgTable(
  'result_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    instanceId: uuid('instance_id').notNull().references(() => interactionInstances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, in case the user is removed. */
    authorName: text('author_name').notNull(),
    decision: text('decision').$type<'advance' | 'hold' | 'reject'>().notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('result_decisions_instance_idx').on(t.instanceId, t.createdAt),
    index('result_decisions_account_idx').on(t.accountId),
    index('result_decisions_user_idx').on(t.userId),
  ],
);

/** Per shown cell key: the members as "instanceId:selected" (selected 1/0), sorted. */
export const fairnessReportReleases = pgTable(
  'fairness_report_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    productType: text('product_type').notNull(),
    cells: jsonb('cells').$type<Record<string, string[]>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fairness_report_releases_account_product_idx').on(t.accountId, t.productType)],
);
