// BI facts (docs/decisions/0021): one row per client, product configuration and BI category, holding the bucket of
// the client's latest finished result in that category. Kept by database triggers when a result is calculated, an
// instance is deleted or a client changes group (the migration's hand-written block), never by the application, so
// a BI category is one index-only count and a category's client list one index range, at 100,000 clients.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ClientGroup } from '@bq/domain/client-rules';
import { accounts, productConfigurations } from './accounts';
import { clients } from './clients';

export const biFacts = pgTable(
  'bi_facts',
  {
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    /** dimension.<key>, risk_class or investment_style. */
    categoryKey: text('category_key').notNull(),
    /** LOW / AVERAGE / HIGH (stanine 1-3, 4-6, 7-9), the risk class 1-7, the investment style's key, or LOCKED (docs/decisions/0029). */
    bucket: text('bucket').notNull(),
    clientGroup: text('client_group').$type<ClientGroup>().notNull(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    /** The result counted (no foreign key: the triggers remove the facts of a deleted instance and adjust bi_counts). */
    instanceId: uuid('instance_id').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.productConfigurationId, t.categoryKey] }),
    // A category's distribution: counted from this index alone.
    index('bi_facts_count_idx').on(t.productConfigurationId, t.categoryKey, t.clientGroup, t.bucket),
    // A category's client list: newest results first, read in order.
    index('bi_facts_list_idx').on(t.productConfigurationId, t.categoryKey, t.bucket, t.finishedAt.desc(), t.clientId),
    index('bi_facts_instance_idx').on(t.instanceId),
    index('bi_facts_account_idx').on(t.accountId),
    index('bi_facts_finished_idx').on(t.productConfigurationId, t.categoryKey, sql`${t.finishedAt} desc`, t.clientId),
  ],
);

/**
 * Counts of bi_facts per configuration, category, bucket and group, kept by the same triggers in the same
 * transaction: a category's distribution and a client page's total read a handful of rows, whatever the size.
 */
export const biCounts = pgTable(
  'bi_counts',
  {
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    categoryKey: text('category_key').notNull(),
    bucket: text('bucket').notNull(),
    clientGroup: text('client_group').$type<ClientGroup>().notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productConfigurationId, t.categoryKey, t.bucket, t.clientGroup] })],
);
