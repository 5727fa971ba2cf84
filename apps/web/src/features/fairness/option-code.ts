// The code of an option the account adds in its own words: what the API stores and the report groups by (A-Z, 0-9
// and _, at most 40), made from the label, unique within its category. "Prefer not to say" is reserved.
import { PREFER_NOT_TO_SAY } from '@bq/domain/self-identification';

export function optionCodeFor(label: string, taken: readonly string[]): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 36) || 'OPTION';
  const used = new Set([...taken, PREFER_NOT_TO_SAY]);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}
