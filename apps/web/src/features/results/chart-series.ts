// The line chart's data: series merged into rows by date (dates cut to 10 characters, spec section 3) and thinned
// for drawing. Thinning keeps the lowest and highest point of every bucket, so crashes and peaks survive it.
export interface LineSeries {
  key: string;
  values: readonly { dateAt: string; valueAt: number }[];
}

export type ChartRow = { date: string } & Record<string, number | string>;

/** One row per date, ascending, with one column per series key. */
export function mergeByDate(series: readonly LineSeries[]): ChartRow[] {
  const rows = new Map<string, ChartRow>();
  for (const line of series) {
    for (const point of line.values) {
      const date = point.dateAt.slice(0, 10);
      const row = rows.get(date) ?? { date };
      row[line.key] = point.valueAt;
      rows.set(date, row);
    }
  }
  return [...rows.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Most points the line chart draws; monthly history since 1871 has about 1,850. */
export const MAX_CHART_POINTS = 600;

/**
 * At most about `max` rows: the rows are cut into max / 2 buckets and each bucket keeps its lowest and highest
 * value of `key` (in date order); the first and last rows always stay.
 */
export function thinRows(rows: readonly ChartRow[], key: string, max = MAX_CHART_POINTS): ChartRow[] {
  if (rows.length <= max) return [...rows];
  const valueAt = (i: number) => {
    const value = rows[i]?.[key];
    return typeof value === 'number' ? value : Number.NaN;
  };
  const keep = new Set<number>([0, rows.length - 1]);
  const bucketSize = Math.ceil(rows.length / Math.max(1, Math.floor((max - 2) / 2)));
  for (let start = 0; start < rows.length; start += bucketSize) {
    const end = Math.min(rows.length, start + bucketSize);
    let low = start;
    let high = start;
    for (let i = start; i < end; i++) {
      if (valueAt(i) < valueAt(low)) low = i;
      if (valueAt(i) > valueAt(high)) high = i;
    }
    keep.add(low);
    keep.add(high);
  }
  return [...keep].sort((a, b) => a - b).map((i) => rows[i]!);
}

/** An ISO date as a fractional year (1931-07-01 -> 1931.5): the line chart's time axis is a number, not a category. */
export function yearOf(iso: string): number {
  const match = /^(\d{4})-(\d{2})/.exec(iso);
  return match ? Number(match[1]) + (Number(match[2]) - 1) / 12 : Number.NaN;
}

/**
 * Ticks of a time axis in whole years at one round step (1-50 years), at most about `most` of them, evenly
 * spaced from the first round year on: no gaps and no crowding, whatever dates the series has.
 */
export function yearTicks(firstYear: number, lastYear: number, most = 8): number[] {
  const span = Math.max(1, lastYear - firstYear);
  const step = [1, 2, 5, 10, 20, 25, 50].find((s) => span / s <= most) ?? 100;
  const ticks: number[] = [];
  for (let year = Math.ceil(firstYear / step) * step; year <= lastYear; year += step) ticks.push(year);
  return ticks;
}

/** The last row of each calendar year: a short table of the line chart for screen readers and print. */
export function yearEndRows(rows: readonly ChartRow[]): ChartRow[] {
  const byYear = new Map<string, ChartRow>();
  for (const row of rows) byYear.set(row.date.slice(0, 4), row);
  return [...byYear.values()];
}

/** The shared y scale of the minMax charts: round steps (5, 10, 20, 25 or 50 %) from below 0 to above 0. */
export function returnScale(values: readonly number[]): { domain: [number, number]; ticks: number[] } {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const raw = (high - low || 0.1) / 5;
  const step = [0.05, 0.1, 0.2, 0.25, 0.5, 1].find((s) => s >= raw) ?? 1;
  // Whole hundredths so ticks read 0.2, not 0.20000000000000004 (and 0, not -0).
  const round = (value: number) => Math.round(value * 100) / 100 + 0;
  const first = Math.floor(low / step + 1e-9) * step;
  const last = Math.ceil(high / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= last + step / 2; tick += step) ticks.push(round(tick));
  return { domain: [round(first), round(last)], ticks };
}
