// What a database error is, read in one place. drizzle wraps the driver's error (node-postgres or PGlite) in `cause`,
// sometimes twice, so every question walks the cause chain the same way; handlers ask `isUniqueViolation(err)` or
// `sqlStateOf(err)` instead of each peeking at `code` and `cause.code` by hand.

/** How deep a cause chain is followed (drizzle's wrapper, the driver's error, and room for one more). */
const MAX_DEPTH = 4;

/** The errors along a cause chain, outermost first. */
function* chainOf(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = error;
  for (let depth = 0; depth < MAX_DEPTH && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    yield e;
    current = e.cause;
  }
}

// A SQLSTATE: five characters whose class is one PostgreSQL uses (digits first, or F0, HV, P0, XX). Node's socket
// codes (EPIPE is five letters too) never match.
const SQLSTATE = /^(?:[0-9][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** The SQLSTATE of the first database error in the chain, or null when none carries one. */
export function sqlStateOf(error: unknown): string | null {
  for (const e of chainOf(error)) if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return e.code;
  return null;
}

/** Whether any error in the chain has one of these codes (SQLSTATEs or Node's socket codes such as ECONNRESET). */
export function hasErrorCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (const e of chainOf(error)) if (typeof e.code === 'string' && codes.has(e.code)) return true;
  return false;
}

/** Whether any error in the chain has a message matching the pattern (drivers report some failures by text only). */
export function hasErrorMessage(error: unknown, pattern: RegExp): boolean {
  for (const e of chainOf(error)) if (typeof e.message === 'string' && pattern.test(e.message)) return true;
  return false;
}

/** 23505: a unique index refused the row (two requests created the same thing at once). */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';
