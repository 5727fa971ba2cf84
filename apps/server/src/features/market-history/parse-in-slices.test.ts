// A large upload is parsed in slices with turns of the event loop in between (decision 0058, addendum of
// 2026-11-29): other calls, the liveness check among them, are answered while a 4 MB history is read.
import { describe, expect, it } from 'vitest';
import { parseShillerCsv } from '@bq/scoring/market-history';
import { parseInSlices } from './market-history-service';

/** `count` consecutive months from January 1500, every column filled. */
function history(count: number): string {
  const lines = ['Date,SP500,Dividend,Earnings,Consumer Price Index,Long Interest Rate'];
  for (let i = 0; i < count; i++) {
    const date = `${1500 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
    lines.push(`${date},${(10 + i / 100).toFixed(4)},0.4,0.8,${(20 + i / 1000).toFixed(3)},4.5`);
  }
  return `${lines.join('\n')}\n`;
}

describe('parseInSlices', () => {
  it('gives the same rows as the one-piece parse and lets the event loop turn while it reads', async () => {
    const csv = history(7_000);
    let turns = 0;
    let done = false;
    const tick = () => {
      turns += 1;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const rows = await parseInSlices(csv);
    done = true;
    expect(rows).toEqual(parseShillerCsv(csv));
    // 7,000 rows in slices of 2,000: at least three turns of the loop happened before the parse finished.
    expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('refuses a bad line in a later slice, and a file without rows, as the one-piece parse does', async () => {
    const lines = history(5_000).split('\n');
    lines[4_500] = '1875-13-01,1,1,1,1,1';
    await expect(parseInSlices(lines.join('\n'))).rejects.toThrow('line 4501: unreadable date "1875-13-01"');
    await expect(parseInSlices('Date,SP500,Dividend,Long Interest Rate\n')).rejects.toThrow('the file has no data rows');
  });
});
