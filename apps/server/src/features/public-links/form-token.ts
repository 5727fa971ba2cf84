// The start form's time check (docs/decisions/0092): the start info hands out the server's time, signed for the link,
// and the form sends it back. A form sent sooner than PUBLIC_START_MIN_SECONDS after it was shown is a bot's; the
// signature means a bot cannot simply claim it was shown earlier, and no clock of the visitor's counts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PUBLIC_START_MIN_SECONDS, PUBLIC_START_VALID_HOURS } from '@bq/contracts/public-links';
import { dataKeys, deriveKey, type KeySource } from '../../plugins/data-encryption';

function signature(keys: KeySource, publicId: string, issuedAt: number): string {
  return createHmac('sha256', deriveKey(dataKeys(keys).current, 'public-start-form', publicId)).update(String(issuedAt)).digest('base64url');
}

export function issueFormToken(keys: KeySource, publicId: string, now = Date.now()): string {
  return `${now}.${signature(keys, publicId, now)}`;
}

/** True when the token is this link's, was issued at least the minimum time ago and not longer than a start lasts. */
export function formTokenPasses(keys: KeySource, publicId: string, token: string, now = Date.now()): boolean {
  const [time, mac] = token.split('.');
  const issuedAt = Number(time);
  if (!mac || !Number.isSafeInteger(issuedAt)) return false;
  const expected = Buffer.from(signature(keys, publicId, issuedAt));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = now - issuedAt;
  return age >= PUBLIC_START_MIN_SECONDS * 1000 && age <= PUBLIC_START_VALID_HOURS * 3_600_000;
}
