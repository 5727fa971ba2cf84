// A comparison of several dimension profiles against the first (the reference): each other profile's similarity
// (shape + level, see similarity.ts) and, per dimension, what drives it. Pure; the server's comparison call and
// the property tests use it (spec section 2 "Client comparison", docs/decisions/0019).
import { NOT_COMPARABLE, profileSimilarity } from './similarity';

export interface ComparedProfile {
  id: string;
  /** T-scores by dimension key; null when not computable. */
  scores: Readonly<Record<string, number | null>>;
}

export interface ComparisonDriver {
  key: string;
  /** This profile's score minus the reference's; null when either is missing. */
  difference: number | null;
  /** Share (0-100, whole) of the summed absolute differences this dimension causes: what pulls the level apart. */
  levelShare: number | null;
  /** Both sit on the same side of their own profile mean here: this dimension supports the shape match. */
  sameDirection: boolean | null;
}

export interface ComparedResult {
  id: string;
  /** null for the reference; -1 when not comparable; else 0-100 whole. */
  similarity: number | null;
  shape: number | null;
  level: number | null;
  drivers: ComparisonDriver[];
}

const isScore = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

function mean(scores: Readonly<Record<string, number | null>>, keys: string[]): number {
  const values = keys.map((k) => scores[k]).filter(isScore);
  return values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;
}

export function comparisonDrivers(reference: ComparedProfile, other: ComparedProfile): ComparisonDriver[] {
  const keys = [...new Set([...Object.keys(reference.scores), ...Object.keys(other.scores)])].sort();
  const both = keys.filter((k) => isScore(reference.scores[k]) && isScore(other.scores[k]));
  const meanRef = mean(reference.scores, both);
  const meanOther = mean(other.scores, both);
  const total = both.reduce((s, k) => s + Math.abs(other.scores[k]! - reference.scores[k]!), 0);
  return keys.map((key) => {
    const a = reference.scores[key];
    const b = other.scores[key];
    if (!isScore(a) || !isScore(b)) return { key, difference: null, levelShare: null, sameDirection: null };
    const difference = b - a;
    return {
      key,
      difference: Math.round(difference * 10) / 10,
      levelShare: total === 0 ? 0 : Math.round((100 * Math.abs(difference)) / total),
      sameDirection: Math.sign(a - meanRef) === Math.sign(b - meanOther),
    };
  });
}

/** The first profile is the reference: it gets no similarity; every other one is compared with it. */
export function compareProfiles(profiles: readonly ComparedProfile[]): ComparedResult[] {
  const [reference] = profiles;
  if (!reference) return [];
  return profiles.map((profile, index) => {
    if (index === 0) return { id: profile.id, similarity: null, shape: null, level: null, drivers: [] };
    const result = profileSimilarity({ scores: reference.scores }, { scores: profile.scores });
    if (result.similarity === NOT_COMPARABLE)
      return {
        id: profile.id,
        similarity: NOT_COMPARABLE,
        shape: null,
        level: null,
        drivers: comparisonDrivers(reference, profile),
      };
    return {
      id: profile.id,
      similarity: result.similarity,
      shape: Math.round(result.shape! * 100),
      level: Math.round(result.level! * 100),
      drivers: comparisonDrivers(reference, profile),
    };
  });
}

/** Moves the profile with this id to first place, keeping the others in their order (the spec's swap). */
export function swapToFirst<T extends { id: string }>(profiles: readonly T[], id: string): T[] {
  const chosen = profiles.find((p) => p.id === id);
  if (!chosen) return [...profiles];
  return [chosen, ...profiles.filter((p) => p.id !== id)];
}
