// Reading a CSV of holdings into the positions the PUT takes: either separator, either number convention, the
// columns by name, and a refusal that names the row.
import { describe, expect, it } from 'vitest';
import { parseHoldingsCsv } from './portfolio-csv';

describe('parseHoldingsCsv', () => {
  it('reads amounts with their asset classes, comma or semicolon separated', () => {
    expect(parseHoldingsCsv('Name,Asset class,Amount\nFund A,EQUITIES,"12,500.50"\nBund,government_bonds,5000\n').positions).toEqual([
      { assetClass: 'EQUITIES', amount: 12500.5 },
      { assetClass: 'GOVERNMENT_BONDS', amount: 5000 },
    ]);
    expect(parseHoldingsCsv('\uFEFFAnlageklasse;Betrag\r\nREAL_ESTATE;12.500,50\r\nCASH;100\r\n').positions).toEqual([
      { assetClass: 'REAL_ESTATE', amount: 12500.5 },
      { assetClass: 'CASH', amount: 100 },
    ]);
    expect(parseHoldingsCsv('assetClass,weight\nEQUITIES,60\nBONDS,40').positions).toEqual([
      { assetClass: 'EQUITIES', weight: 60 },
      { assetClass: 'BONDS', weight: 40 },
    ]);
  });

  it('names what it cannot read', () => {
    expect(parseHoldingsCsv('name,isin\nA,DE0001').error).toMatchObject({ key: 'portfolio.csv.noColumns' });
    expect(parseHoldingsCsv('assetClass,amount\n').error).toMatchObject({ key: 'portfolio.csv.empty' });
    expect(parseHoldingsCsv('assetClass,amount\nEQUITIES,1\nCRYPTO,5').error).toEqual({ key: 'portfolio.csv.unknownClass', row: 2, value: 'CRYPTO' });
    expect(parseHoldingsCsv('assetClass,amount\nEQUITIES,lots').error).toEqual({ key: 'portfolio.csv.badNumber', row: 1, value: 'lots' });
  });
});
