// The T scale's shaded zones on the report page (TScoreBar).
/**
 * The shaded level bands (SCORE_LEVEL_BANDS of @bq/contracts/dashboard without LOW and HIGH), copied as numbers: the
 * contracts' values come with zod, which this page does not load. A test holds the two equal.
 */
export const SHADED_LEVEL_BANDS = [
  { level: 'BELOW_AVERAGE', tFrom: 37.5, tTo: 42.5 },
  { level: 'AVERAGE', tFrom: 42.5, tTo: 57.5 },
  { level: 'ABOVE_AVERAGE', tFrom: 57.5, tTo: 62.5 },
] as const;
