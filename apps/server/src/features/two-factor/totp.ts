// TOTP with otplib (RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30 s steps) and the recovery codes.
import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { toString as qrToString } from 'qrcode';
import { sql } from 'drizzle-orm';
import { userRecoveryCodes } from '../../db/schema';
import { keyedHashes, type KeySource } from '../../plugins/data-encryption';

/** The issuer the authenticator app shows above the code: the product's name. */
export const TOTP_ISSUER = 'BQ Advisory Platform';
/** A code of the step before or after the current one is accepted too (clocks drift; typing takes time). */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes get read off paper. 31 letters and digits, 10 of them: about 50 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newTotpSecret(): string {
  // 20 random bytes (160 bits), base32: RFC 4226's recommended length for HMAC-SHA-1.
  return generateSecret();
}

export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The otpauth URI as an SVG QR code in a data URL (the page's CSP allows data: images). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await qrToString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * The time step of a valid code later than `afterStep`, else null. A code of `afterStep` or earlier is refused even
 * when it is right: that is the replay of a code already used.
 */
export async function verifiedStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten new recovery codes as shown to the user (xxxxx-xxxxx). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A recovery code's stored form: keyed (HMAC under DATA_ENCRYPTION_KEY) and bound to its user, so the database alone
 * does not allow guessing the codes offline. `normalised` is the code without dash, lower case (ZRecoveryCode). It
 * names its key (`<keyId>:<hex>`, docs/decisions/0079): a hash cannot be re-made under a new key without the code, so
 * `npm run keys:rotate -- --check` counts the unused ones still under an old key. Bare hex is the original key's.
 */
export function recoveryCodeHash(keys: KeySource, userId: string, normalised: string): string {
  const current = keyedHashes(keys, 'recovery-code', `${userId}\n${normalised}`)[0]!;
  return `${current.keyId}:${current.hash}`;
}

/** In SQL: the key id a stored code names (`<keyId>:<hex>`), or 'original' for bare hex made before key ids. */
export const recoveryCodeKeyId = sql<string>`case when position(':' in ${userRecoveryCodes.codeHash}) > 0 then split_part(${userRecoveryCodes.codeHash}, ':', 1) else 'original' end`;

/** Every stored form the code may have under the configured keys (current first): what sign-in accepts. */
export function recoveryCodeHashes(keys: KeySource, userId: string, normalised: string): string[] {
  return keyedHashes(keys, 'recovery-code', `${userId}\n${normalised}`).flatMap((h) => [`${h.keyId}:${h.hash}`, h.hash]);
}
