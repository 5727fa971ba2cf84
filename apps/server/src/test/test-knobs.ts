// Knobs of the test suite itself (how many fuzz cases, which seed, the whole suite with the response cache on or
// through the PGlite thread), not
// configuration of the app: read from the environment here, the one place tests may, so src/config.ts stays the app's only reader of process.env.
export function testKnob(
  name: 'FUZZ_CASES' | 'FUZZ_SEED' | 'FUZZ_ROUTE_MS' | 'FUZZ_TIMING' | 'RESPONSE_CACHE_SECONDS' | 'PGLITE_THREAD',
): string | undefined {
  // eslint-disable-next-line no-restricted-properties
  return process.env[name];
}
