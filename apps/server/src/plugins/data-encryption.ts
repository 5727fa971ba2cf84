// Secrets kept in the database (a TOTP secret; docs/decisions/0040) are encrypted with AES-256-GCM under a key derived
// from DATA_ENCRYPTION_KEY for its purpose, so a copy of the database alone reveals none of them. The stored form is
// `v1.<iv>.<tag>.<ciphertext>` (base64url); the version leaves room for a later key rotation.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** What a derived key is for: each purpose its own key, so one can never stand in for another. */
export type KeyPurpose = 'totp-secret' | 'recovery-code' | 'pending-sign-in' | 'sso-client-secret' | 'sso-attempt' | 'smtp-password';

export function deriveKey(masterKey: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `bq ${purpose} v1`, 32));
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
