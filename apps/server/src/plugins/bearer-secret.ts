// An operator's bearer token (METRICS_TOKEN, MAIL_BOUNCE_TOKEN): compared in constant time, so the answer's timing
// tells nothing about how much of a guess was right.
import { timingSafeEqual } from 'node:crypto';

export function bearerMatches(authorization: string | undefined, wanted: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(wanted);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
