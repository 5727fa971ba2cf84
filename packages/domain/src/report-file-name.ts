// File names of downloaded reports (spec section 9): parts joined by underscores, the date DD-MM-YYYY for
// German and British English, MM-DD-YYYY for US English. Names are reduced to ASCII letters, digits and
// hyphens so every browser, mail client and file system keeps them (umlauts become ae/oe/ue, ss).
import type { Locale } from './locales';
import { parseIsoDate } from './iso-date';

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', æ: 'ae', ø: 'oe', å: 'aa', Æ: 'Ae', Ø: 'Oe', Å: 'Aa' };

/** One part of a file name: transliterated, accents dropped, anything else becomes a hyphen; never empty. */
export function fileNamePart(text: string): string {
  const transliterated = [...text].map((c) => TRANSLITERATION[c] ?? c).join('');
  const ascii = transliterated.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = ascii
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return cleaned || 'x';
}

/** The date as DD-MM-YYYY (DE_DE, EN_UK) or MM-DD-YYYY (EN_US), in UTC. */
export function fileNameDate(date: Date | string, locale: Locale): string {
  const d = parseIsoDate(date);
  if (!d) throw new RangeError(`Not an ISO date: ${String(date)}`);
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = String(d.getUTCFullYear());
  return locale === 'EN_US' ? `${mm}-${dd}-${yyyy}` : `${dd}-${mm}-${yyyy}`;
}

/** The month as MM-YYYY (every locale writes the month before the year). */
export function fileNameMonth(date: Date | string): string {
  const d = parseIsoDate(date);
  if (!d) throw new RangeError(`Not an ISO date: ${String(date)}`);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCFullYear())}`;
}

/**
 * e.g. Risk-profile-report_Mueller_Juergen_23-11-2026.pdf. Anonymised reports leave the names out and keep only the
 * month (monthOnly: Risk-profile-report_11-2026.pdf), like their content.
 */
export function reportFileName(opts: {
  title: string;
  lastName?: string | null;
  firstName?: string | null;
  date: Date | string;
  locale: Locale;
  monthOnly?: boolean;
  extension?: string;
}): string {
  const names = [opts.lastName, opts.firstName].filter((n): n is string => Boolean(n && n.trim())).map(fileNamePart);
  const date = opts.monthOnly ? fileNameMonth(opts.date) : fileNameDate(opts.date, opts.locale);
  return [fileNamePart(opts.title), ...names, date].join('_') + `.${opts.extension ?? 'pdf'}`;
}
