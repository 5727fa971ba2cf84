// The audit trail in words (issue 37 point 10; docs/decisions/0080): an action's words in the locale (the shipped
// texts audit.action.<code>; an action without words, e.g. one an older version recorded, shows its code), and an
// event's details as short phrases ("12 rows of 40", "Fields: first name, e-mail", "Format: CSV"); anything else as
// compact "name: value" text, never JSON braces.
import type { TFunction } from 'i18next';

/** The action's words, or null when the texts have none (the caller shows the code). */
export function actionWords(t: TFunction, action: string): string | null {
  const words = t(`audit.action.${action}`, { defaultValue: '' });
  return words && words !== `audit.action.${action}` ? words : null;
}

/** "firstName" and "first_name" -> "first name", unless the texts name the field ("e-mail", "Vorname"). */
export function fieldName(t: TFunction, key: string): string {
  const plain = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .toLowerCase();
  return t(`audit.field.${key}`, { defaultValue: plain });
}

/** A value as text: lists joined, objects as "name value" pairs, yes/no, never braces. */
export function compactValue(t: TFunction, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return t(value ? 'audit.details.yes' : 'audit.details.no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? value.map((v) => compactValue(t, v)).join(', ') : '–';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '–';
    return entries
      .map(([k, v]) => (typeof v === 'object' && v !== null ? `${fieldName(t, k)} (${compactValue(t, v)})` : `${fieldName(t, k)} ${compactValue(t, v)}`))
      .join(', ');
  }
  return String(value);
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'object' && Object.keys(value as object).length === 0);

/** Phrases for the detail shapes routes record (features/audit/declare.ts on the server), then the rest as name: value. */
export function detailPhrases(t: TFunction, details: Record<string, unknown>): string[] {
  const rest: Record<string, unknown> = { ...details };
  const take = (key: string) => {
    const value = rest[key];
    delete rest[key];
    return value;
  };
  const phrases: string[] = [];
  const rows = take('rows');
  const total = take('total');
  if (typeof rows === 'number') {
    phrases.push(
      typeof total === 'number' && total !== rows
        ? t('audit.details.rowsOfTotal', { count: rows, total })
        : t('audit.details.rows', { count: rows }),
    );
  } else if (total !== undefined) rest.total = total;
  if ('filter' in rest) {
    const filter = take('filter');
    phrases.push(isEmpty(filter) ? t('audit.details.filterNone') : t('audit.details.filter', { filter: compactValue(t, filter) }));
  }
  const fields = take('fields');
  if (Array.isArray(fields)) {
    phrases.push(t('audit.details.fields', { fields: fields.map((f) => fieldName(t, String(f))).join(', ') }));
  } else if (fields !== undefined) rest.fields = fields;
  const format = take('format');
  if (typeof format === 'string') phrases.push(t('audit.details.format', { format: format.toUpperCase() }));
  else if (format !== undefined) rest.format = format;
  for (const key of ['status', 'count', 'reason', 'kind'] as const) {
    if (!(key in rest)) continue;
    const value = take(key);
    phrases.push(t(`audit.details.${key}`, { [key]: compactValue(t, value) }));
  }
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    phrases.push(`${fieldName(t, key)}: ${compactValue(t, value)}`);
  }
  return phrases;
}
