// The change between a participant's first and latest finished measurement, per dimension, on the T scale with
// the reliable change index (Jacobson-Truax, packages/scoring): "real" only when |RCI| > 1.96.
import type { TDimensionChange } from '@bq/contracts/repeated-measurements';
import { isReliableChange, reliableChangeIndex } from '@bq/scoring/reliable-change';

/** What the queries read of a stored result: per dimension its T-score and the SEM on the T scale. */
export interface StoredDimensionScore {
  key: string;
  t?: number | null;
  band?: { semT?: number | null } | null;
}

export function tScores(dimensions: StoredDimensionScore[] | null | undefined): Map<string, { t: number; semT: number | null }> {
  const scores = new Map<string, { t: number; semT: number | null }>();
  for (const d of dimensions ?? []) {
    if (typeof d.t === 'number' && Number.isFinite(d.t)) scores.set(d.key, { t: d.t, semT: d.band?.semT ?? null });
  }
  return scores;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function dimensionChanges(
  names: { key: string; name: string }[],
  first: StoredDimensionScore[] | null | undefined,
  latest: StoredDimensionScore[] | null | undefined,
): TDimensionChange[] {
  const before = tScores(first);
  const after = tScores(latest);
  const changes: TDimensionChange[] = [];
  for (const { key, name } of names) {
    const a = before.get(key);
    const b = after.get(key);
    // Same interaction, same reliability: the SEM of either measurement serves; without one there is no verdict.
    const sem = b?.semT ?? a?.semT;
    if (!a || !b || !sem || !(sem > 0)) continue;
    const rci = reliableChangeIndex(a.t, b.t, sem);
    const reliable = isReliableChange(rci);
    changes.push({
      key,
      name,
      first: round2(a.t),
      latest: round2(b.t),
      difference: round2(b.t - a.t),
      rci: round2(rci),
      reliable,
      direction: !reliable ? 'unchanged' : rci > 0 ? 'up' : 'down',
    });
  }
  return changes;
}
