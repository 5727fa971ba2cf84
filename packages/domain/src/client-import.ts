// The client import's fields, the header names that suggest them (English and German), and how a cell's words
// for language, group and salutation become the product's codes. Shared by the browser (the suggested mapping)
// and the server (the row check), so both read a file alike (docs/decisions/0048).
import { CLIENT_GROUPS, SALUTATIONS, type ClientGroup, type Salutation } from './client-rules';
import { LOCALES, type Locale } from './locales';

export const IMPORT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'locale', 'group', 'externalId', 'salutation'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** A file must give these; the others may stay unmapped (then defaults, or nothing, apply). */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['firstName', 'lastName', 'email'];

/** Lower-cased header names, without spaces, hyphens, underscores or dots, that suggest each field. */
const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  firstName: ['firstname', 'givenname', 'forename', 'vorname', 'first'],
  lastName: ['lastname', 'surname', 'familyname', 'nachname', 'familienname', 'name', 'last'],
  email: ['email', 'emailaddress', 'mail', 'emailadresse', 'mailadresse'],
  phone: ['phone', 'phonenumber', 'telephone', 'mobile', 'telefon', 'telefonnummer', 'tel', 'handy', 'mobil'],
  locale: ['language', 'locale', 'lang', 'sprache'],
  group: ['group', 'clientgroup', 'gruppe', 'kundengruppe', 'segment'],
  externalId: ['externalid', 'clientnumber', 'customernumber', 'clientid', 'customerid', 'id', 'kundennummer', 'kundennr', 'externeid', 'nummer'],
  salutation: ['salutation', 'title', 'anrede', 'greeting'],
};

export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[\s_\-.]/g, '');
}

/** field -> the header it is read from, for the headers that name a field; each header used at most once. */
export function suggestMapping(headers: readonly string[]): Partial<Record<ImportField, string>> {
  const mapping: Partial<Record<ImportField, string>> = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const header = headers.find((h) => !used.has(h) && HEADER_NAMES[field].includes(headerKey(h)));
    if (header !== undefined) {
      mapping[field] = header;
      used.add(header);
    }
  }
  return mapping;
}

const LOCALE_WORDS: Record<string, Locale> = {
  en: 'EN_US', enus: 'EN_US', english: 'EN_US', englisch: 'EN_US', us: 'EN_US',
  engb: 'EN_UK', enuk: 'EN_UK', uk: 'EN_UK', gb: 'EN_UK', britishenglish: 'EN_UK',
  de: 'DE_DE', dede: 'DE_DE', german: 'DE_DE', deutsch: 'DE_DE',
};
const GROUP_WORDS: Record<string, ClientGroup> = {
  prospect: 'PROSPECT', interessent: 'PROSPECT', neukunde: 'PROSPECT',
  established: 'ESTABLISHED', existing: 'ESTABLISHED', client: 'ESTABLISHED', bestandskunde: 'ESTABLISHED', kunde: 'ESTABLISHED',
};
const SALUTATION_WORDS: Record<string, Salutation> = {
  ms: 'MS', mrs: 'MS', miss: 'MS', frau: 'MS', fr: 'MS',
  mr: 'MR', herr: 'MR', hr: 'MR',
  neutral: 'NEUTRAL', none: 'NEUTRAL', divers: 'NEUTRAL', keine: 'NEUTRAL',
};

function pick<T extends string>(codes: readonly T[], words: Record<string, T>, value: string): T | null {
  const upper = value.trim().toUpperCase().replaceAll('-', '_');
  if ((codes as readonly string[]).includes(upper)) return upper as T;
  return words[headerKey(value)] ?? null;
}

/** Words for a language and for a country (English and German, lower case, without spaces) in a language name. */
const LANGUAGE_NAMES: Record<string, 'EN' | 'DE'> = {
  en: 'EN', eng: 'EN', english: 'EN', englisch: 'EN',
  de: 'DE', deu: 'DE', ger: 'DE', german: 'DE', deutsch: 'DE',
};
const COUNTRY_NAMES: Record<string, 'US' | 'UK' | 'DE'> = {
  us: 'US', usa: 'US', unitedstates: 'US', unitedstatesofamerica: 'US', america: 'US', american: 'US',
  vereinigtestaaten: 'US', amerika: 'US', amerikanisch: 'US', amerikanisches: 'US',
  uk: 'UK', gb: 'UK', unitedkingdom: 'UK', greatbritain: 'UK', britain: 'UK', british: 'UK', england: 'UK',
  großbritannien: 'UK', grossbritannien: 'UK', vereinigteskönigreich: 'UK', britisch: 'UK', britisches: 'UK',
  de: 'DE', germany: 'DE', deutschland: 'DE',
};
const LOCALE_OF: Record<string, Locale> = { EN: 'EN_US', 'EN-US': 'EN_US', 'EN-UK': 'EN_UK', DE: 'DE_DE', 'DE-DE': 'DE_DE' };

/**
 * A language name as people write it: "Englisch (USA)", "English (United Kingdom)", "British English", "Deutsch",
 * any case, the country in brackets or before the language. The language word comes first or last; every other word
 * must name a country the product has a language for, so "English (Canada)" is refused rather than guessed.
 */
function localeFromName(value: string): Locale | null {
  const words = value.toLowerCase().split(/[\s()[\],;/_.-]+/).filter(Boolean);
  const at = LANGUAGE_NAMES[words[0] ?? ''] ? 0 : LANGUAGE_NAMES[words.at(-1) ?? ''] ? words.length - 1 : -1;
  if (at < 0) return null;
  const language = LANGUAGE_NAMES[words[at]!]!;
  const rest = words.filter((_, i) => i !== at).join('');
  const country = rest === '' ? null : COUNTRY_NAMES[rest];
  if (country === undefined) return null;
  return LOCALE_OF[country === null ? language : `${language}-${country}`] ?? null;
}

/**
 * A cell's language as a locale code: a code (EN_US, de, en-GB, ...) or a name ("Englisch (USA)", "German", ...);
 * null when it names none of the three (docs/decisions/0048, 0077).
 */
export const importLocale = (value: string) => pick(LOCALES, LOCALE_WORDS, value) ?? localeFromName(value);
export const importGroup = (value: string) => pick(CLIENT_GROUPS, GROUP_WORDS, value);
export const importSalutation = (value: string) => pick(SALUTATIONS, SALUTATION_WORDS, value);
