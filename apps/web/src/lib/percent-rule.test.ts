// One percent rule (issue 22 point 15): every percentage the web app shows goes through formatPercent of
// @bq/domain/formats ("33%" in English, "33 %" in German). A template that glues a number to '%' by hand, or a
// translation that puts '%' after a placeholder, writes the English form in German or the German one in English.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindFormats } from './formats';

const WEB_SRC = join(__dirname, '..');
const TRANSLATIONS = join(__dirname, '../../../server/src/features/translations/data');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('percentages', () => {
  it('are formatted by the locale: "33%" in English, "33 %" in German', () => {
    expect(bindFormats('EN_US').formatPercent(0.33)).toBe('33%');
    expect(bindFormats('DE_DE').formatPercent(0.33)).toBe('33\u00a0%');
  });

  it('are never glued to a number by hand in the web app (CSS lengths aside)', () => {
    const offenders = sourceFiles(WEB_SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${file.slice(WEB_SRC.length)}:${i + 1}` }))
        // A number followed by '%' at the end of a template, outside style values (left: `${x}%`).
        .filter(({ line }) => /\$\{[^}]+\}\s?%`/.test(line) && !/(left|right|top|bottom|width|height|inset)\s*[:=]/.test(line))
        .map(({ at }) => at),
    );
    expect(offenders).toEqual([]);
  });

  it('are never written after a placeholder in the UI texts (the caller formats them)', () => {
    const offenders = ['EN_US', 'EN_UK', 'DE_DE'].flatMap((locale) => {
      const texts = JSON.parse(readFileSync(join(TRANSLATIONS, locale, 'BQUI.json'), 'utf8')) as Record<string, string>;
      return Object.entries(texts)
        .filter(([, text]) => /\}\}\s?%/.test(text))
        .map(([key]) => `${locale} ${key}`);
    });
    expect(offenders).toEqual([]);
  });
});
