// A client's current portfolio, dated; every save is a new row and earlier ones are kept (migration 0068,
// docs/decisions/0091).
import { date, index, jsonb, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TPortfolioPosition } from '@bq/contracts/portfolio';
import { accounts } from './accounts';
import { clients } from './clients';
import { users } from './users';

export const clientPortfolios = pgTable(
  'client_portfolios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id),
    clientId: uuid('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
    /** The day the holdings were as given (YYYY-MM-DD). */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** As entered: asset class with a weight in percent or an amount in the client's currency. */
    positions: jsonb('positions').$type<TPortfolioPosition[]>().notNull(),
    /** The class on the model portfolios' 1-7 scale from the history at the save; null without history. */
    portfolioClass: smallint('portfolio_class'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('client_portfolios_client_as_of_idx').on(t.clientId, t.asOf.desc(), t.createdAt.desc()),
    index('client_portfolios_account_idx').on(t.accountId),
    index('client_portfolios_created_by_idx').on(t.createdBy),
  ],
);
