// k-anonymity floor for aggregates over anonymised people (DESIGN.md section 4): never fewer than 3, default 5.
export const ANONYMITY_K_MIN = 3;
export const ANONYMITY_K_DEFAULT = 5;

/** True when an aggregate over `count` people may be shown under the floor `k` (k is raised to the minimum). */
export function meetsAnonymityFloor(count: number, k: number = ANONYMITY_K_DEFAULT): boolean {
  return count >= Math.max(ANONYMITY_K_MIN, Math.trunc(k));
}
