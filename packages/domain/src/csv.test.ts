import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvLine, csvNumber, neutraliseFormula } from './csv';

describe('the one CSV writer', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+49 30 1234', "'+49 30 1234"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-2.5', "'-2.5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('neutralises text that starts like a formula: %j', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it('leaves other text alone, a formula character later in the text included', () => {
    for (const text of ['Müller', 'a=b', "O'Brien", 'Anne-Marie', '']) expect(neutraliseFormula(text)).toBe(text);
  });

  it('writes a repeated-measurement style attack as quoted, disarmed text', () => {
    expect(csvLine(["-2+3+cmd|' /C calc'!A0", 'x'], 'EN_US')).toBe("'-2+3+cmd|' /C calc'!A0,x\r\n");
  });

  it('writes numbers the server computed as numbers: a negative one is not neutralised', () => {
    expect(csvLine([csvNumber(-2.5, 1), csvNumber(47.25, 1), csvNumber(3, 0)], 'EN_US')).toBe('-2.5,47.3,3\r\n');
    expect(csvLine([csvNumber(-2.5, 1), csvNumber(47.25, 1)], 'DE_DE')).toBe('-2,5;47,3\r\n');
    expect(csvLine([csvNumber(null), csvNumber(Number.NaN), null, undefined], 'EN_UK')).toBe(',,,\r\n');
  });

  it('quotes separators, quotes and line breaks, after neutralising', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'], 'EN_US')).toBe('"a,b","say ""hi""","two\nlines"\r\n');
    expect(csvLine(['a;b', 'a,b'], 'DE_DE')).toBe('"a;b";a,b\r\n');
    expect(csvLine(['=1,2'], 'EN_US')).toBe(`"'=1,2"\r\n`);
    expect(csvLine(['\r=1'], 'EN_US')).toBe(`"'\r=1"\r\n`);
  });

  it('has the byte-order mark Excel needs for UTF-8', () => {
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
