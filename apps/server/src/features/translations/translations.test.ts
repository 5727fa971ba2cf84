// GET /api/i18ns, and the shipped translation files: every key in all three locales.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { LOCALES } from '@bq/domain/locales';
import { paths } from '../../paths';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readTranslationFiles, seedTranslations } from './seed-translations';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

let t: TestApp;
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => t.close());

describe('shipped translation files', () => {
  const entries = readTranslationFiles(paths.translationsData);

  it('have exactly the same keys per text type in EN_US, EN_UK and DE_DE, none empty', () => {
    const keysOf = (language: string) =>
      entries.filter((e) => e.language === language).map((e) => `${e.textType}:${e.key}`).sort();
    expect(keysOf('EN_US').length).toBeGreaterThan(50);
    for (const language of LOCALES) expect(keysOf(language)).toEqual(keysOf('EN_US'));
    expect(entries.filter((e) => e.text.trim() === '')).toEqual([]);
  });

  it('translate every error key of the foundation', () => {
    const errorKeys = new Set(entries.filter((e) => e.textType === 'ERROR' && e.language === 'DE_DE').map((e) => e.key));
    for (const key of ['ERROR_GENERAL', 'ERROR_VALIDATION', 'ERROR_AUTH_INVALID_CREDENTIALS', 'ERROR_AUTH_TOO_MANY_ATTEMPTS', 'ERROR_AUTH_CSRF', 'ERROR_PASSWORD_CURRENT_WRONG', 'ERROR_PASSWORD_WEAK', 'ERROR_PASSWORD_SAME_AS_CURRENT', 'ERROR_REQUEST_MALFORMED_JSON']) {
      expect(errorKeys).toContain(key);
    }
  });

  it('translate every errorKey the server source can answer with', () => {
    const sourceFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
      );
    const used = new Set<string>();
    for (const file of [...sourceFiles(join(paths.translationsData, '..', '..', '..')), ...sourceFiles(join(paths.translationsData, '..', '..', '..', '..', '..', '..', 'packages'))]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'(error\.[a-z0-9_.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const language of LOCALES) {
      const translated = new Set(entries.filter((e) => e.textType === 'ERROR' && e.language === language).map((e) => e.key));
      const missing = [...used].filter((key) => !translated.has(errorKeyToTranslationKey(key)!));
      expect(missing, language).toEqual([]);
    }
  });

  it('are really German in DE_DE (not copies of English)', () => {
    const text = (language: string, key: string) => entries.find((e) => e.language === language && e.key === key)?.text;
    expect(text('DE_DE', 'ERROR_AUTH_INVALID_CREDENTIALS')).not.toBe(text('EN_US', 'ERROR_AUTH_INVALID_CREDENTIALS'));
  });
});

describe('GET /api/i18ns', () => {
  it('serves one language without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/i18ns?language=DE_DE' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { key: string; textType: string; language: string; text: string }[];
    expect(body.length).toBeGreaterThan(50);
    expect(body.every((e) => e.language === 'DE_DE')).toBe(true);
  });

  it('filters by text types (comma separated, any case) and key prefixes (comma separated)', async () => {
    const errors = (await t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_US&textTypeParameter=error' })).json();
    expect(errors.length).toBeGreaterThan(5);
    expect(errors.every((e: { textType: string }) => e.textType === 'ERROR')).toBe(true);
    const both = (await t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_US&textTypeParameter=ERROR,BQUI' })).json();
    expect(both.length).toBeGreaterThan(errors.length);
    const prefixed = (await t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_US&filter=ERROR_AUTH_' })).json();
    expect(prefixed.length).toBeGreaterThan(1);
    expect(prefixed.every((e: { key: string }) => e.key.startsWith('ERROR_AUTH_'))).toBe(true);
    const several = (await t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_US&textTypeParameter=BQUI,ERROR&filter=ERROR_AUTH_,common.,app.name' })).json();
    const keys = several.map((e: { key: string }) => e.key);
    expect(keys).toEqual(expect.arrayContaining(['ERROR_AUTH_UNAUTHORIZED', 'common.retry', 'app.name']));
    expect(keys.every((key: string) => key.startsWith('ERROR_AUTH_') || key.startsWith('common.') || key === 'app.name')).toBe(true);
    // An empty prefix (a stray comma) matches nothing more.
    expect((await t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_US&filter=app.name,' })).json()).toHaveLength(1);
    // LIKE wildcards in the filter are literal characters.
    expect((await t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_US&filter=%25' })).json()).toEqual([]);
  });

  it('refuses an unknown language or text type with 400', async () => {
    const lang = await t.app.inject({ method: 'GET', url: '/api/i18ns?language=fr' });
    expect(lang.statusCode).toBe(400);
    expect(lang.json().errorKey).toBe('error.validation');
    const type = await t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_US&textTypeParameter=BQUI,NOPE' });
    expect(type.statusCode).toBe(400);
    expect(type.json().fields).toContainEqual({ path: 'querystring.textTypeParameter', errorKey: 'error.i18n.unknown_text_type' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/i18ns' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('the translation cache (translation-cache.ts)', () => {
  it('reads a language once and serves it from memory, until seeding changes a text', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/api/i18ns?language=EN_UK&textTypeParameter=BQUI&filter=addProduct.' });
    const first = (await get()).json() as { key: string; text: string }[];
    expect(first.length).toBeGreaterThan(0);
    statements.length = 0;
    expect((await get()).json()).toEqual(first);
    expect(statements).toEqual([]);
    // A start with changed files (here: one text) re-seeds, and the next request reads the new text.
    const dir = mkdtempSync(join(tmpdir(), 'bq-translations-'));
    for (const language of LOCALES) {
      mkdirSync(join(dir, language));
      for (const file of readdirSync(join(paths.translationsData, language))) {
        const texts = JSON.parse(readFileSync(join(paths.translationsData, language, file), 'utf8')) as Record<string, string>;
        if (language === 'EN_UK' && file === 'BQUI.json') texts[first[0]!.key] = 'Changed by the seed';
        writeFileSync(join(dir, language, file), JSON.stringify(texts));
      }
    }
    await seedTranslations(t.db, dir);
    const after = (await get()).json() as { key: string; text: string }[];
    expect(after.find((r) => r.key === first[0]!.key)?.text).toBe('Changed by the seed');
  });
});
