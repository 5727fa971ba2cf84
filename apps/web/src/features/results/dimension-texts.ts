// Reading a result's texts: the content endpoint sends each dimension's keys and a map of their texts in the
// chosen locale. A missing text falls back to something readable (the dimension key), never to a blank.
import type { TDashboardContent, TDimensionResult } from '@bq/contracts/dashboard';

export interface DimensionTexts {
  name: string;
  description: string;
  low: string;
  high: string;
}

export function textOf(texts: Readonly<Record<string, string>>, key: string, fallback = ''): string {
  const text = texts[key];
  return text && text.trim() !== '' ? text : fallback;
}

export function dimensionTexts(content: TDashboardContent | undefined, key: string): DimensionTexts {
  const entry = content?.dimensions.find((dimension) => dimension.key === key);
  const texts = content?.texts ?? {};
  if (!entry) return { name: key, description: '', low: '', high: '' };
  return {
    name: textOf(texts, entry.nameKey, key),
    description: textOf(texts, entry.descriptionKey),
    low: textOf(texts, entry.lowKey),
    high: textOf(texts, entry.highKey),
  };
}

/** Which sentence describes the level: the low text below average, the high text above, a neutral one between. */
export function levelSide(level: TDimensionResult['level']): 'low' | 'high' | 'average' | null {
  switch (level) {
    case 'LOW':
    case 'BELOW_AVERAGE':
      return 'low';
    case 'HIGH':
    case 'ABOVE_AVERAGE':
      return 'high';
    case 'AVERAGE':
      return 'average';
    default:
      return null;
  }
}

/**
 * The T scale drawn for every score: 20-80 covers 99.7 % of the norm group. Its shaded zones are the level bands
 * of the label (SCORE_LEVEL_BANDS: stanines 4-6 are average, T 42.5-57.5), so shading and label never disagree.
 */
export const T_SCALE = { min: 20, max: 80 } as const;

/** A T value's position on the scale, 0-100 %, clamped to the scale's ends. */
export function tPosition(t: number): number {
  const clamped = Math.min(T_SCALE.max, Math.max(T_SCALE.min, t));
  return ((clamped - T_SCALE.min) / (T_SCALE.max - T_SCALE.min)) * 100;
}
