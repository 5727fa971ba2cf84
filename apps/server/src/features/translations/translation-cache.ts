// The translations of one language, read once per process and database handle and then served from memory.
// Translations are written only by seedTranslations, from the files shipped with this build, when a process starts
// (and by nothing at run time), so a process's copy cannot go stale while it runs; seeding forgets every copy. A
// report's texts were a third of its CPU time when read per request (docs/decisions/0026, the profile of the
// public report content); GET /api/i18ns, asked on every page load, is served from here too.
import { asc, eq } from 'drizzle-orm';
import type { Locale } from '@bq/domain/locales';
import type { TextType } from '@bq/domain/text-types';
import type { Db } from '../../db/client';
import { translations } from '../../db/schema';

export interface TranslationRow {
  key: string;
  textType: TextType;
  language: Locale;
  text: string;
}

export interface LanguageTexts {
  /** Every entry, ordered by text type, then key (the order GET /api/i18ns answers in). */
  rows: readonly TranslationRow[];
  /** The entries of one text type, by key. */
  ofType(textType: TextType): ReadonlyMap<string, string>;
}

let byDatabase = new WeakMap<Db, Map<Locale, Promise<LanguageTexts>>>();

/** Forgets every cached language (after seeding); the next request reads them again. */
export function forgetTranslations(): void {
  byDatabase = new WeakMap();
}

async function readLanguage(db: Db, language: Locale): Promise<LanguageTexts> {
  const rows: TranslationRow[] = await db
    .select({ key: translations.key, textType: translations.textType, language: translations.language, text: translations.text })
    .from(translations)
    .where(eq(translations.language, language))
    .orderBy(asc(translations.textType), asc(translations.key));
  const types = new Map<TextType, Map<string, string>>();
  for (const row of rows) {
    let type = types.get(row.textType);
    if (!type) types.set(row.textType, (type = new Map()));
    type.set(row.key, row.text);
  }
  const empty: ReadonlyMap<string, string> = new Map();
  return { rows, ofType: (textType) => types.get(textType) ?? empty };
}

export function languageTexts(db: Db, language: Locale): Promise<LanguageTexts> {
  let cached = byDatabase.get(db);
  if (!cached) byDatabase.set(db, (cached = new Map()));
  const languages = cached;
  let texts = languages.get(language);
  if (!texts) {
    texts = readLanguage(db, language);
    languages.set(language, texts);
    // A failed read (database away) is not kept: the next request tries again.
    texts.catch(() => languages.delete(language));
  }
  return texts;
}
