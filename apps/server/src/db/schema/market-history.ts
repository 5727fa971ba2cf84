// Market history (DESIGN.md section 4): the monthly Shiller-format series behind the risk dashboards' windows
// and lines. Reference data shared by every account, replaced as a whole by each import.
import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const marketHistory = pgTable('market_history', {
  /** YYYY-MM-DD (dates are cut to 10 characters, spec section 9). */
  date: text('date').primaryKey(),
  price: doublePrecision('price').notNull(),
  /** Annualised dividend per share, as Shiller publishes it; null where the source has none yet. */
  dividend: doublePrecision('dividend'),
  cpi: doublePrecision('cpi'),
  /** Long (10-year) government bond yield in percent. */
  longRate: doublePrecision('long_rate'),
});

/** Who imported which file when: the evidence behind every window a dashboard shows. */
export const marketHistoryImports = pgTable(
  'market_history_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').notNull(),
    rowCount: integer('row_count').notNull(),
    firstDate: text('first_date').notNull(),
    lastDate: text('last_date').notNull(),
    /** SHA-256 of the imported file. */
    sha256: text('sha256').notNull(),
    importedBy: uuid('imported_by').references(() => users.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('market_history_imports_imported_by_idx').on(t.importedBy)],
);
