// Every key the report, certificate and download pages use exists in all three locales with the same
// placeholders as EN_US, so no raw key and no unfilled placeholder reaches a reader in any language.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@bq/domain/locales';

const DATA = join(__dirname, '../../../../server/src/features/translations/data');
const textsOf = (locale: string): Record<string, string> => ({
  ...(JSON.parse(readFileSync(join(DATA, locale, 'BQUI.json'), 'utf8')) as Record<string, string>),
  ...(JSON.parse(readFileSync(join(DATA, locale, 'ERROR.json'), 'utf8')) as Record<string, string>),
});

function sourceFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => {
    const child = join(path, name);
    if (statSync(child).isDirectory()) return sourceFiles(child);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'test-data.ts' ? [child] : [];
  });
}

const SOURCES = [
  join(__dirname),
  join(__dirname, '../certificates'),
  join(__dirname, '../../components/ui/DownloadStatus.tsx'),
  join(__dirname, '../results/components/ResultReportLinks.tsx'),
].flatMap(sourceFiles);

const PREFIXES =
  /'((?:reports|reportDownload|certificates|certificateVerification|download|results\.documents)\.[A-Za-z0-9_.]+|ERROR_[A-Z_]+)'/g;
// A string ending in a dot is a key prefix a participant page loads (addTextPrefixes), not a key.
const usedKeys = [
  ...new Set(SOURCES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(PREFIXES)].map((m) => m[1]!))),
].filter((key) => !key.endsWith('.'));
const serverErrorKeys = [
  'ERROR_CERTIFICATE_NOT_FOUND',
  'ERROR_CERTIFICATE_NOT_AVAILABLE',
  'ERROR_AUTO_REPORT_EXPIRED',
  'ERROR_AUTO_REPORT_GENERAL',
];

describe('report and certificate texts', () => {
  it('finds the keys (sanity check of the scan)', () => {
    expect(usedKeys).toEqual(
      expect.arrayContaining([
        'reports.toolbar.download',
        'certificates.revoke.confirm',
        'download.finished',
      ]),
    );
  });

  it.each(LOCALES)('has every key in %s, with the same placeholders as EN_US', (locale) => {
    const texts = textsOf(locale);
    const source = textsOf('EN_US');
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const key of [...usedKeys, ...serverErrorKeys]) {
      expect(texts[key], `${locale} ${key}`).toBeTruthy();
      expect(placeholders(texts[key]!), `${locale} ${key}`).toEqual(placeholders(source[key]!));
    }
  });

  it('looks up only document labels the server sends with the content (REPORT_LABEL_KEYS)', () => {
    const labels = new Set(
      [...readFileSync(join(__dirname, '../../../../server/src/features/reports/pdf/labels.ts'), 'utf8').matchAll(/'(report\.[A-Za-z0-9_.]+)'/g)].map((m) => m[1]!),
    );
    // Any quote: a template literal's fixed start (`report.risk.${...}`) shows up here as a key ending in a dot.
    const looked = [...new Set(SOURCES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['`"](report\.[A-Za-z0-9_.]*)/g)].map((m) => m[1]!)))];
    expect(looked).toEqual(expect.arrayContaining(['report.why.title', 'report.section.dimensions']));
    // A start names its labels by a value the content holds (the norms' status): some label must begin with it.
    const sent = (key: string) => (key.endsWith('.') ? [...labels].some((label) => label.startsWith(key)) : labels.has(key));
    expect(looked).toContain('report.evidence.normStatus.');
    expect(looked.filter((key) => !sent(key))).toEqual([]);
  });

  it('writes British spelling in EN_UK and German in DE_DE', () => {
    expect(textsOf('EN_US')['reports.toolbar.anonymize']).toBe('Anonymize');
    expect(textsOf('EN_UK')['reports.toolbar.anonymize']).toBe('Anonymise');
    expect(textsOf('DE_DE')['certificateVerification.valid.title']).toBe('Gültiges Zertifikat');
  });
});
