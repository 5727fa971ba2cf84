// Repeated measurements (campaigns) and teams (docs/decisions/0020). A campaign belongs to one product
// configuration and sends its interaction to participants, each time as a new instance linked here; a team is a
// group of the configuration's clients listed under a campaign and evaluated on the campaign's results.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, productConfigurations } from './accounts';
import { clients, interactionInstances } from './clients';
import { users } from './users';

export const repeatedMeasurements = pgTable(
  'repeated_measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('repeated_measurements_account_config_idx').on(t.accountId, t.productConfigurationId, t.createdAt),
    index('repeated_measurements_config_idx').on(t.productConfigurationId),
    index('repeated_measurements_created_by_idx').on(t.createdBy),
  ],
);

/** One measurement of a participant: an instance of the campaign's interaction, numbered per participant. */
export const repeatedMeasurementInstances = pgTable(
  'repeated_measurement_instances',
  {
    repeatedMeasurementId: uuid('repeated_measurement_id').notNull().references(() => repeatedMeasurements.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id').notNull().references(() => interactionInstances.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    measurement: integer('measurement').notNull(),
    /**
     * Trigger-kept copies of the instance's state (migration's hand-written block, docs/decisions/0020): whether it
     * has its results, and its T-score per dimension. Team aggregates read these small rows, never the full results.
     */
    finished: boolean('finished').notNull().default(false),
    scores: jsonb('scores').$type<Record<string, number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.repeatedMeasurementId, t.instanceId] }),
    uniqueIndex('rm_instances_instance_uq').on(t.instanceId),
    // A participant's measurements in order; the team result reads the latest per member from it.
    uniqueIndex('rm_instances_campaign_client_measurement_uq').on(t.repeatedMeasurementId, t.clientId, t.measurement),
    index('rm_instances_client_idx').on(t.clientId),
    index('rm_instances_account_idx').on(t.accountId),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    productConfigurationId: uuid('product_configuration_id').notNull().references(() => productConfigurations.id),
    repeatedMeasurementId: uuid('repeated_measurement_id').notNull().references(() => repeatedMeasurements.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('teams_account_campaign_idx').on(t.accountId, t.repeatedMeasurementId),
    index('teams_campaign_idx').on(t.repeatedMeasurementId),
    index('teams_config_idx').on(t.productConfigurationId),
    index('teams_created_by_idx').on(t.createdBy),
    uniqueIndex('teams_campaign_name_uq').on(t.repeatedMeasurementId, sql`lower(${t.name})`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.clientId] }),
    index('team_members_client_idx').on(t.clientId),
    index('team_members_account_idx').on(t.accountId),
  ],
);
