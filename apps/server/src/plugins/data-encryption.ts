// Secrets kept in the database (a TOTP secret; docs/decisions/0040) are encrypted with AES-256-GCM under a key derived
// from DATA_ENCRYPTION_KEY for its purpose, so a copy of the database alone reveals none of them. The stored form is
// `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves room for a later key rotation.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** What a derived key is for: each purpose its own key, so one can never stand in for another. */
export type KeyPurpose =
  | 'totp-secret'
  | 'recovery-code'
  | 'pending-sign-in'
  | 'sso-client-secret'
  | 'sso-attempt'
  | 'smtp-password'
  // The audit trail's keyed values (docs/decisions/0071): an identity field's digest (one key per account) and the
  // erasure's security code. The chain itself has no key.
  | 'audit-identity-digest'
  | 'erasure-code';

/**
 * The derivation's version is the key id of every derived key: `v1` in the HKDF info. A rotation adds v2 (a new master
 * key, or a new label) while values made under v1 stay recognisable by their id (an identity digest names it).
 */
export const DERIVED_KEY_ID = 'v1';

/** `scope` (e.g. an account id) gives a key of its own per scope: a digest in one account says nothing in another. */
export function deriveKey(masterKey: Buffer, purpose: KeyPurpose, scope?: string): Buffer {
  const info = `bq ${purpose} ${DERIVED_KEY_ID}${scope === undefined ? '' : ` ${scope}`}`;
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
}

/** `context` (e.g. the user id) is authenticated with the ciphertext: a row copied to another user does not decrypt. */
export function encryptSecret(masterKey: Buffer, purpose: KeyPurpose, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(masterKey, purpose), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Throws when the value was not made by encryptSecret with this key, purpose and context. */
export function decryptSecret(masterKey: Buffer, purpose: KeyPurpose, stored: string, context: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unknown encrypted value format');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(masterKey, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** HMAC-SHA-256 (hex) under the purpose's derived key: for values to recognise, never to read back. */
export function keyedHash(masterKey: Buffer, purpose: KeyPurpose, value: string): string {
  return createHmac('sha256', deriveKey(masterKey, purpose)).update(value, 'utf8').digest('hex');
}
