// Axis scales of the PDF charts: round steps so tick labels read 10 %, 1.000 or 1950, never 9.87.

/** The shared y scale of the minMax charts I-III: from at or below 0 to at or above 0 in steps of 5-100 %. */
export function returnScale(values: readonly number[]): { min: number; max: number; ticks: number[] } {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const raw = (high - low || 0.1) / 5;
  const step = [0.05, 0.1, 0.2, 0.25, 0.5, 1].find((s) => s >= raw) ?? 1;
  // Whole hundredths so a tick is 0.2, not 0.20000000000000004 (and 0, not -0).
  const round = (value: number) => Math.round(value * 100) / 100 + 0;
  const min = round(Math.floor(low / step + 1e-9) * step);
  const max = round(Math.ceil(high / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(round(tick));
  return { min, max, ticks };
}

/**
 * A logarithmic scale for values that grow by orders of magnitude (start = 100 since 1871): whole decades, with
 * 2 and 5 in between when the values span less than two decades so the axis never has a single tick.
 */
export function logScale(values: readonly number[]): { min: number; max: number; ticks: number[] } {
  const positive = values.filter((v) => v > 0);
  const low = positive.length ? Math.min(...positive) : 1;
  const high = positive.length ? Math.max(...positive) : 10;
  const minExp = Math.floor(Math.log10(low));
  const maxExp = Math.max(minExp + 1, Math.ceil(Math.log10(high)));
  const multiples = maxExp - minExp <= 2 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let exp = minExp; exp <= maxExp; exp++) {
    for (const m of multiples) {
      const tick = m * 10 ** exp;
      if (tick >= low / 1.0001 && tick <= high * 1.0001) ticks.push(tick);
    }
  }
  // Keep the frame tight around the data; the ticks inside it still fall on round values.
  return { min: low, max: high, ticks };
}

/** Year ticks for a time axis: a round step (1-50 years) giving at most about `most` ticks. */
export function yearTicks(firstYear: number, lastYear: number, most = 8): number[] {
  const span = Math.max(1, lastYear - firstYear);
  const step = [1, 2, 5, 10, 20, 25, 50].find((s) => span / s <= most) ?? 100;
  const ticks: number[] = [];
  for (let year = Math.ceil(firstYear / step) * step; year <= lastYear; year += step) ticks.push(year);
  return ticks;
}

/** An ISO date as a fractional year (1931-07-01 -> 1931.5) for time axes. */
export function yearOf(iso: string): number {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(iso);
  if (!match) return Number.NaN;
  return Number(match[1]) + (Number(match[2]) - 1) / 12 + (Number(match[3] ?? '1') - 1) / 365;
}
