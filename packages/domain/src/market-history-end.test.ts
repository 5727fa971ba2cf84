import { describe, expect, it } from 'vitest';
import { historyCutBeforeFileEnd } from './market-history-end';

const basis = (lastDate: string, fileLastDate: string, gapPolicy: 'cut' | 'carry' = 'cut') => ({ lastDate, marketData: { fileLastDate, gapPolicy } });

describe('historyCutBeforeFileEnd', () => {
  it('is true only when the cut policy stopped the figures before the file ends', () => {
    expect(historyCutBeforeFileEnd(basis('2023-06-01', '2026-06-01'))).toBe(true);
    expect(historyCutBeforeFileEnd(basis('2026-06-01', '2026-06-01'))).toBe(false);
    // Days within the same month are the same month.
    expect(historyCutBeforeFileEnd(basis('2026-06-01', '2026-06-30'))).toBe(false);
    // Carried estimates reach the file's end: nothing left out.
    expect(historyCutBeforeFileEnd(basis('2023-06-01', '2026-06-01', 'carry'))).toBe(false);
  });
});
