// Weight (requirement) profiles per product type and their assignment to clients (docs/decisions/0019).
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ProductType } from '@bq/domain/product-types';
import { accounts } from './accounts';
import { clients } from './clients';
import { users } from './users';

export interface StoredDimensionWeight {
  dimension: string;
  weight: 1 | 2 | 4 | 8 | 16;
  /** Target T-score. */
  target: number;
}

export const weightProfiles = pgTable(
  'weight_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    productType: text('product_type').$type<ProductType>().notNull(),
    name: text('name').notNull(),
    weights: jsonb('weights').$type<StoredDimensionWeight[]>().notNull(),
    /** Bumped on every edit, so a changed profile is visible in the list. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('weight_profiles_account_product_name_uq').on(t.accountId, t.productType, t.name),
    index('weight_profiles_created_by_idx').on(t.createdBy),
  ],
);

/** One profile per client and product type; deleting a profile removes its assignments. */
export const clientWeightProfiles = pgTable(
  'client_weight_profiles',
  {
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    productType: text('product_type').$type<ProductType>().notNull(),
    profileId: uuid('profile_id').notNull().references(() => weightProfiles.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    assignedBy: uuid('assigned_by').references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_weight_profiles_client_product_uq').on(t.clientId, t.productType),
    index('client_weight_profiles_profile_idx').on(t.profileId),
    index('client_weight_profiles_account_idx').on(t.accountId),
    index('client_weight_profiles_assigned_by_idx').on(t.assignedBy),
  ],
);
