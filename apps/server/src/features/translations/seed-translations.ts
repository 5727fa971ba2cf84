// Loads the translation files shipped in the repo (data/<LOCALE>/<TEXT_TYPE>.json, flat key -> text) into the
// database at start. Shipped texts are the source of truth: a changed file overwrites the stored text.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '@bq/domain/locales';
import { TEXT_TYPES, type TextType } from '@bq/domain/text-types';
import { forgetTranslations } from './translation-cache';
import type { Db } from '../../db/client';
import { translations } from '../../db/schema';

export interface TranslationFileEntry {
  language: Locale;
  textType: TextType;
  key: string;
  text: string;
}

export function readTranslationFiles(dataDir: string): TranslationFileEntry[] {
  const entries: TranslationFileEntry[] = [];
  for (const language of LOCALES) {
    const dir = join(dataDir, language);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const textType = file.replace(/\.json$/, '') as TextType;
      if (!TEXT_TYPES.includes(textType)) throw new Error(`Unknown text type in translation file ${language}/${file}`);
      const texts = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      for (const [key, text] of Object.entries(texts)) {
        if (typeof text !== 'string') throw new Error(`Translation ${language}/${file}:${key} is not a string`);
        entries.push({ language, textType, key, text });
      }
    }
  }
  return entries;
}

/** One MD5 over every entry, in the order and layout the database's own digest below uses. */
function digestOfFiles(entries: TranslationFileEntry[]): string {
  const lines = entries.map((e) => `${e.language}\t${e.textType}\t${e.key}\t${e.text}`);
  // Byte order, as COLLATE "C" sorts: the keys are ASCII, so code-unit order is the same.
  lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('md5').update(lines.join('\n')).digest('hex');
}

/** The same digest over the stored table (every row, so a stored extra row also counts as a difference). */
async function digestOfTable(db: Db): Promise<string | null> {
  const result = await db.execute<{ digest: string | null }>(sql`
    select md5(string_agg(line, E'\n' order by line collate "C")) as digest
      from (select language || E'\t' || text_type || E'\t' || key || E'\t' || text as line from ${translations}) t`);
  return (result as unknown as { rows: { digest: string | null }[] }).rows[0]?.digest ?? null;
}

export async function seedTranslations(db: Db, dataDir: string): Promise<number> {
  const entries = readTranslationFiles(dataDir);
  // A build that lost its translation files must not start with an empty UI.
  if (entries.length === 0) throw new Error(`No translation files found in ${dataDir}`);
  // A warm start with unchanged files reads one digest instead of upserting every text (issue 22, point 12).
  if ((await digestOfTable(db)) === digestOfFiles(entries)) return entries.length;
  const BATCH = 500;
  await db.transaction(async (tx) => {
    for (let i = 0; i < entries.length; i += BATCH) {
      await tx
        .insert(translations)
        .values(entries.slice(i, i + BATCH))
        .onConflictDoUpdate({
          target: [translations.language, translations.textType, translations.key],
          set: { text: sql`excluded.text`, updatedAt: sql`now()` },
          setWhere: sql`${translations.text} is distinct from excluded.text`,
        });
    }
  });
  forgetTranslations();
  return entries.length;
}
