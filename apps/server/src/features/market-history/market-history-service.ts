// Market history (DESIGN.md section 4): import a Shiller-format CSV (replacing the previous data as a whole, with
// an audit row), and serve the monthly return series the risk dashboards compute their windows from. The series
// is cached per import, so dashboards do not re-read 1,800 rows per request.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { asc, desc, sql } from 'drizzle-orm';
import {
  shillerRows,
  MarketDataError,
  type MarketMonth,
  RISK_GAP_POLICY,
  riskHistory,
  type GapPolicy,
  type ReturnSeries,
  type GapNote,
} from '@bq/scoring/market-history';
import type { TMarketHistoryStatus } from '@bq/contracts/market-history';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { marketHistory, marketHistoryImports } from '../../db/schema';

export const MARKET_HISTORY_ERRORS = { invalidFile: 'error.market_history.invalid_file' } as const;

export type MarketHistoryStatus = TMarketHistoryStatus;

export interface LoadedSeries {
  importId: string;
  source: string;
  /** SHA-256 of the imported file, when it was imported and its last month: the version a risk section records. */
  sha256: string;
  importedAt: string;
  fileLastDate: string;
  /** RISK_GAP_POLICY, the same function (riskHistory) as the tests use. */
  gapPolicy: GapPolicy;
  series: ReturnSeries;
  from: string;
  to: string;
  /** How the gap policy treated missing values (shown on the settings page). */
  gaps: GapNote[];
}

let cache: LoadedSeries | null = null;

/** Rows parsed between two turns of the event loop: about 5 ms of work each. */
const ROWS_PER_SLICE = 2_000;

/**
 * parseShillerCsv in slices, letting other calls in between: a 4 MB upload takes 50-70 ms to parse, which as one
 * block held the liveness check that long (decision 0058, addendum of 2026-11-29).
 */
export async function parseInSlices(csv: string): Promise<MarketMonth[]> {
  const rows: MarketMonth[] = [];
  for (const row of shillerRows(csv)) {
    if (rows.push(row) % ROWS_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  if (rows.length === 0) throw new MarketDataError('the file has no data rows');
  return rows;
}

/** Months per INSERT: a 4 MB file is about 23,000 of them. */
const INSERT_CHUNK = 5_000;

/**
 * The months as one jsonb parameter, turned back into rows by PostgreSQL. drizzle's INSERT builder made a parameter
 * of each value (115,000 for a 4 MB file), work and garbage on the API's event loop while the liveness check waits
 * (decision 0058). A number goes through JSON as the shortest text that reads back as the same double.
 */
async function insertMonths(tx: Tx, months: MarketMonth[]): Promise<void> {
  const records = months.map((m) => ({ date: m.date, price: m.price, dividend: m.dividend, cpi: m.cpi, long_rate: m.longRate }));
  await tx.execute(sql`
    insert into market_history (date, price, dividend, cpi, long_rate)
    select date, price, dividend, cpi, long_rate
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as m(date text, price double precision, dividend double precision, cpi double precision, long_rate double precision)`);
}

export async function importMarketHistory(
  db: Db,
  csv: string,
  source: string,
  userId: string | null,
): Promise<MarketHistoryStatus> {
  let rows;
  let computed: ReturnType<typeof riskHistory>;
  try {
    rows = await parseInSlices(csv);
    computed = riskHistory(rows); // at least 13 complete months, refuses months that do not follow each other
  } catch (err) {
    if (err instanceof MarketDataError)
      throw new AppError(MARKET_HISTORY_ERRORS.invalidFile, 400, err.message);
    throw err;
  }
  const sha256 = createHash('sha256').update(csv).digest('hex');
  const imported = await db.transaction(async (tx) => {
    await tx.delete(marketHistory);
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insertMonths(tx, rows.slice(i, i + INSERT_CHUNK));
    const [inserted] = await tx
      .insert(marketHistoryImports)
      .values({
        source: source.slice(0, 200),
        rowCount: rows.length,
        firstDate: rows[0]!.date,
        lastDate: rows[rows.length - 1]!.date,
        sha256,
        importedBy: userId,
      })
      .returning({ id: marketHistoryImports.id, importedAt: marketHistoryImports.importedAt });
    return inserted!;
  });
  // The series just computed is the one the dashboards need: cache it rather than reading it back.
  cache = {
    importId: imported.id,
    source: source.slice(0, 200),
    sha256,
    importedAt: imported.importedAt.toISOString(),
    fileLastDate: rows[rows.length - 1]!.date,
    gapPolicy: RISK_GAP_POLICY,
    series: computed.series,
    from: computed.history.from,
    to: computed.history.to,
    gaps: computed.history.gaps,
  };
  return marketHistoryStatus(db);
}

export async function marketHistoryStatus(db: Db): Promise<MarketHistoryStatus> {
  const [last] = await db
    .select()
    .from(marketHistoryImports)
    .orderBy(desc(marketHistoryImports.importedAt))
    .limit(1);
  if (!last)
    return {
      imported: false,
      source: null,
      rowCount: 0,
      firstDate: null,
      lastDate: null,
      lastCompleteDate: null,
      importedAt: null,
      sha256: null,
      gaps: [],
    };
  const loaded = await loadReturnSeries(db);
  return {
    imported: true,
    source: last.source,
    rowCount: last.rowCount,
    firstDate: last.firstDate,
    lastDate: last.lastDate,
    lastCompleteDate: loaded?.to ?? null,
    importedAt: last.importedAt.toISOString(),
    sha256: last.sha256,
    gaps: loaded?.gaps ?? [],
  };
}

/** The monthly equity and bond returns of the latest import; null when nothing was imported. */
export async function loadReturnSeries(db: Db): Promise<LoadedSeries | null> {
  const [last] = await db
    .select({
      id: marketHistoryImports.id,
      source: marketHistoryImports.source,
      sha256: marketHistoryImports.sha256,
      importedAt: marketHistoryImports.importedAt,
      lastDate: marketHistoryImports.lastDate,
    })
    .from(marketHistoryImports)
    .orderBy(desc(marketHistoryImports.importedAt))
    .limit(1);
  if (!last) return null;
  if (cache?.importId === last.id) return cache;
  const rows = await db.select().from(marketHistory).orderBy(asc(marketHistory.date));
  // The same function as at import and in the tests: one gap policy everywhere.
  const computed = riskHistory(rows);
  cache = {
    importId: last.id,
    source: last.source,
    sha256: last.sha256,
    importedAt: last.importedAt.toISOString(),
    fileLastDate: last.lastDate,
    gapPolicy: RISK_GAP_POLICY,
    series: computed.series,
    from: computed.history.from,
    to: computed.history.to,
    gaps: computed.history.gaps,
  };
  return cache;
}

/** What start-up did about market history, as the one line it logs (`line`). */
export interface MarketHistorySeed {
  /** imported now; present from an earlier start or import; none, with the reason in `line`. */
  state: 'imported' | 'present' | 'none';
  line: string;
}

/**
 * Embedded demo: the public-domain S&P 500 history shipped in the repository (features/market-history/data), or
 * MARKET_HISTORY_CSV, imported once when the database has none. Never throws: a demo without history still starts,
 * and the line says why it has none.
 */
export async function seedDemoMarketHistory(db: Db, csvPath: string): Promise<MarketHistorySeed> {
  const [existing] = await db
    .select({ rowCount: marketHistoryImports.rowCount, firstDate: marketHistoryImports.firstDate, lastDate: marketHistoryImports.lastDate })
    .from(marketHistoryImports)
    .orderBy(desc(marketHistoryImports.importedAt))
    .limit(1);
  if (existing) {
    return { state: 'present', line: `market history: ${existing.rowCount} months (${existing.firstDate} to ${existing.lastDate}) already in the database` };
  }
  if (!existsSync(csvPath)) return { state: 'none', line: `market history: none imported, ${csvPath} does not exist` };
  try {
    const status = await importMarketHistory(db, readFileSync(csvPath, 'utf8'), 'S&P 500 by Robert Shiller, public domain', null);
    return { state: 'imported', line: `market history: imported ${status.rowCount} months (${status.firstDate} to ${status.lastDate}) from ${csvPath}` };
  } catch (err) {
    return { state: 'none', line: `market history: none imported, ${csvPath} could not be read: ${(err as Error).message.split('\n')[0]}` };
  }
}
