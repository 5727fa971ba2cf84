// A clone in any folder starts with market history: the public-domain S&P 500 series ships inside the repository
// (with its licence and sources) and the embedded demo imports it at first start, saying in one line what it did.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { parseShillerCsv } from '@bq/scoring/market-history';
import { marketHistory, marketHistoryImports } from '../../db/schema';
import { paths } from '../../paths';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importMarketHistory, seedDemoMarketHistory } from './market-history-service';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', '..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the market history shipped with the product', () => {
  it('lives inside the repository, with its licence and sources beside it', () => {
    const inside = relative(repoRoot, paths.demoMarketHistory);
    expect(inside.startsWith('..')).toBe(false);
    expect(existsSync(paths.demoMarketHistory)).toBe(true);
    const folder = dirname(paths.demoMarketHistory);
    expect(readFileSync(join(folder, 'README.md'), 'utf8')).toContain('ODC-PDDL-1.0');
    expect(JSON.parse(readFileSync(join(folder, 'datapackage.json'), 'utf8')).licenses[0].name).toBe('ODC-PDDL-1.0');
  });

  it('is imported at the first start and reported in one line; a second start says it is there', async () => {
    const first = await seedDemoMarketHistory(t.db, paths.demoMarketHistory);
    expect(first.state).toBe('imported');
    expect(first.line).toMatch(/^market history: imported \d{4} months \(1871-01-01 to 20\d\d-\d\d-01\) from /);
    const [row] = await t.db.select().from(marketHistoryImports);
    expect(row!.rowCount).toBeGreaterThan(1800);
    const again = await seedDemoMarketHistory(t.db, paths.demoMarketHistory);
    expect(again.state).toBe('present');
    expect(again.line).toContain('already in the database');
    expect(await t.db.select().from(marketHistoryImports)).toHaveLength(1);
  });

  it('a missing or unreadable file: no import, and the line says why', async () => {
    const fresh = await createTestApp();
    try {
      const missing = await seedDemoMarketHistory(fresh.db, '/nowhere/data.csv');
      expect(missing).toEqual({ state: 'none', line: 'market history: none imported, /nowhere/data.csv does not exist' });
      const broken = await seedDemoMarketHistory(fresh.db, join(dirname(paths.demoMarketHistory), 'README.md'));
      expect(broken.state).toBe('none');
      expect(broken.line).toMatch(/could not be read: /);
      expect(await fresh.db.select().from(marketHistoryImports)).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });

  it('stores every month exactly as the file says, over several INSERTs, and replaces the previous import whole', async () => {
    const shipped = readFileSync(paths.demoMarketHistory, 'utf8');
    await importMarketHistory(t.db, shipped, 'shipped', null);
    const stored = () => t.db.select().from(marketHistory).orderBy(asc(marketHistory.date));
    // Doubles compared exactly: the months travel to the database as JSON text and must read back as the same number.
    expect(await stored()).toEqual(parseShillerCsv(shipped));
    // 12,000 months (three INSERTs of 5,000 at most) with awkward decimals; the last 30 without a dividend yet,
    // as Shiller's file leaves the newest months.
    const lines = ['Date,SP500,Dividend,Earnings,Consumer Price Index,Long Interest Rate'];
    for (let i = 0; i < 12_000; i++) {
      const date = `${1000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
      lines.push(`${date},${(0.1 + i * 0.2).toPrecision(17)},${i >= 11_970 ? '' : (1 / (i + 3)).toString()},0.8,${(20 + i / 1000).toFixed(3)},${(Math.PI + i).toString()}`);
    }
    const synthetic = `${lines.join('\n')}\n`;
    await importMarketHistory(t.db, synthetic, 'synthetic', null);
    const rows = await stored();
    expect(rows).toHaveLength(12_000);
    expect(rows).toEqual(parseShillerCsv(synthetic));
    expect(rows.filter((r) => r.dividend === null)).toHaveLength(30);
  });
});
