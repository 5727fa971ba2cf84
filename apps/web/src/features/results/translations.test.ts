// The keys the dashboard builds at run time (levels, windows, bar labels, reasons) exist in all three locales, as
// do the static ones, so no raw key reaches a reader in any language.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCORE_LEVELS } from '@bq/contracts/dashboard';
import { LOCALES } from '@bq/domain/locales';

const DATA = join(__dirname, '../../../../server/src/features/translations/data');
const textsOf = (locale: string): Record<string, string> => ({
  ...(JSON.parse(readFileSync(join(DATA, locale, 'BQUI.json'), 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(join(DATA, locale, 'ERROR.json'), 'utf8')) as Record<string, string>),
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const staticKeys = [
  ...new Set(
    sourceFiles(__dirname).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'((?:results|ERROR_)[A-Za-z_.]+)'/g)].map((m) => m[1]!),
    ),
  ),
].filter((key) => !key.endsWith('.'));

const dynamicKeys = [
  ...SCORE_LEVELS.map((level) => `results.level.${level}`),
  ...['year1', 'year5', 'year10'].map((window) => `results.risk.window.${window}`),
  ...['history', 'projection'].flatMap((kind) => [
    `results.risk.bar.${kind}.worst`,
    `results.risk.bar.${kind}.best`,
    `results.risk.table.caption.${kind}`,
  ]),
  'results.risk.table.caption.real',
  ...['tolerance_vs_capacity', 'tolerance_vs_self_estimate'].map(
    (r) => `results.risk.consistency.reason.${r}`,
  ),
  ...['portfolio', 'equity', 'bonds'].map((line) => `results.risk.line.${line}`),
];

describe('result dashboard texts', () => {
  it('finds the static keys (sanity check of the scan)', () => {
    expect(staticKeys).toEqual(expect.arrayContaining(['results.unlock.button', 'ERROR_PREDICTION_FAILED']));
  });

  it.each(LOCALES)('has every key in %s, with the same placeholders as EN_US', (locale) => {
    const texts = textsOf(locale);
    const source = textsOf('EN_US');
    for (const key of [...staticKeys, ...dynamicKeys]) {
      expect(texts[key], `${locale} ${key}`).toBeTruthy();
      const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect(placeholders(texts[key]!), `${locale} ${key}`).toEqual(placeholders(source[key]!));
    }
  });
});
