// Secrets kept in the database (a TOTP secret; docs/decisions/0040) are encrypted with AES-256-GCM under a key derived
// from DATA_ENCRYPTION_KEY for its purpose, so a copy of the database alone reveals none of them.
//
// Key rotation (docs/decisions/0079): DATA_ENCRYPTION_KEY encrypts, DATA_ENCRYPTION_KEYS_PREVIOUS only decrypt and
// verify. Every value names the key that made it by the key's id (a fingerprint, so nobody numbers keys by hand):
// `v2.<keyId>.<iv>.<tag>.<ciphertext>`. A value from before key ids (`v1.<iv>.<tag>.<ciphertext>`) was made by the
// original key, whichever of the configured keys that is: GCM's tag tells, so each configured key is tried.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** What a derived key is for: each purpose its own key, so one can never stand in for another. */
export type KeyPurpose =
  | 'totp-secret'
  | 'recovery-code'
  | 'pending-sign-in'
  | 'sso-client-secret'
  | 'sso-attempt'
  | 'smtp-password'
  // A webhook endpoint's signing key (docs/decisions/0090), and the previous one while a rotation overlaps.
  | 'webhook-secret'
  // A CRM connection's OAuth access and refresh tokens (docs/decisions/0094).
  | 'crm-token'
  // The start form's time stamp on a public start link (docs/decisions/0092): signed, so a bot cannot date it back.
  | 'public-start-form'
  // The audit trail's keyed values (docs/decisions/0071): an identity field's digest (one key per account) and the
  // erasure's security code. The chain itself has no key.
  | 'audit-identity-digest'
  | 'erasure-code';

/**
 * The derivation's label (`v1` in the HKDF info). It is not the key id: a rotation changes the master key, not this
 * label, so every derived key of a new master key is derived the same way.
 */
export const DERIVED_KEY_ID = 'v1';

/** The configured keys: `current` encrypts and makes new hashes, `previous` only open and verify older values. */
export interface DataKeys {
  current: Buffer;
  previous: readonly Buffer[];
}

/** A single key (as before rotation existed) or the configured keys. */
export type KeySource = Buffer | DataKeys;

export function dataKeys(source: KeySource): DataKeys {
  return Buffer.isBuffer(source) ? { current: source, previous: [] } : source;
}

/** Current first: the common case costs one try. */
function allKeys(source: KeySource): Buffer[] {
  const keys = dataKeys(source);
  return [keys.current, ...keys.previous];
}

/** The ids of every configured key (current first): what a stored `<keyId>:…` value can still be checked under. */
export function configuredKeyIds(source: KeySource): string[] {
  return allKeys(source).map(keyId);
}

/** A master key's public name: 8 hex characters derived from it (one-way), stable across restarts and hosts. */
export function keyId(masterKey: Buffer): string {
  let id = keyIds.get(masterKey);
  if (id === undefined) {
    id = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'bq key-id', 4)).toString('hex');
    keyIds.set(masterKey, id);
  }
  return id;
}
// The configured keys live as long as the process: their ids are computed once, not per value.
const keyIds = new WeakMap<Buffer, string>();

/** A value made with a key that is not configured: the message says which key, never garbage plaintext. */
export class UnknownDataKeyError extends Error {
  constructor(readonly madeWith: string | null) {
    super(
      madeWith === null
        ? 'Encrypted value from before key ids (the original key) opens with none of the configured keys: add the original key to DATA_ENCRYPTION_KEYS_PREVIOUS'
        : `Encrypted value made with key ${madeWith}, which is neither DATA_ENCRYPTION_KEY nor in DATA_ENCRYPTION_KEYS_PREVIOUS: add that key to DATA_ENCRYPTION_KEYS_PREVIOUS`,
    );
    this.name = 'UnknownDataKeyError';
  }
}

/** `scope` (e.g. an account id) gives a key of its own per scope: a digest in one account says nothing in another. */
export function deriveKey(masterKey: Buffer, purpose: KeyPurpose, scope?: string): Buffer {
  const info = `bq ${purpose} ${DERIVED_KEY_ID}${scope === undefined ? '' : ` ${scope}`}`;
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
}

/** `context` (e.g. the user id) is authenticated with the ciphertext: a row copied to another user does not decrypt. */
export function encryptSecret(keys: KeySource, purpose: KeyPurpose, plaintext: string, context: string): string {
  const master = dataKeys(keys).current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(master, purpose), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v2', keyId(master), ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

/** The key id a stored value names; null for a value from before key ids (made by the original key). */
export function storedKeyId(stored: string): string | null {
  const parts = stored.split('.');
  if (parts[0] === 'v2' && parts.length === 5) return parts[1]!;
  if (parts[0] === 'v1' && parts.length === 4) return null;
  throw new Error('Unknown encrypted value format');
}

/** True when the value is already under the current key: the rotation leaves it alone. */
export function isUnderCurrentKey(keys: KeySource, stored: string): boolean {
  return stored.startsWith(`v2.${keyId(dataKeys(keys).current)}.`);
}

function open(masterKey: Buffer, purpose: KeyPurpose, iv: string, tag: string, ciphertext: string, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(masterKey, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Opens a value made by encryptSecret with one of the configured keys, picked by the key id the value names. Throws
 * UnknownDataKeyError when that key is not configured, and an error when the value was altered or belongs to another
 * purpose or context.
 */
export function decryptSecret(keys: KeySource, purpose: KeyPurpose, stored: string, context: string): string {
  const parts = stored.split('.');
  if (parts[0] === 'v2' && parts.length === 5) {
    const [, id, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    const master = allKeys(keys).find((k) => keyId(k) === id);
    if (!master) throw new UnknownDataKeyError(id);
    return open(master, purpose, iv, tag, ciphertext, context);
  }
  const [version, iv, tag, ciphertext] = parts;
  if (version !== 'v1' || parts.length !== 4 || !iv || !tag || ciphertext === undefined) throw new Error('Unknown encrypted value format');
  // No key id: the original key made it. Whichever configured key opens it (GCM authenticates) is that key.
  for (const master of allKeys(keys)) {
    try {
      return open(master, purpose, iv, tag, ciphertext, context);
    } catch {
      // not this key (or altered): try the next
    }
  }
  throw new UnknownDataKeyError(null);
}

/** HMAC-SHA-256 (hex) under the purpose's derived key of the current key: for values to recognise, never to read back. */
export function keyedHash(keys: KeySource, purpose: KeyPurpose, value: string): string {
  return createHmac('sha256', deriveKey(dataKeys(keys).current, purpose)).update(value, 'utf8').digest('hex');
}

/** The same HMAC under every configured key, current first: what verification accepts while a previous key is listed. */
export function keyedHashes(keys: KeySource, purpose: KeyPurpose, value: string): { keyId: string; hash: string }[] {
  return allKeys(keys).map((master) => ({ keyId: keyId(master), hash: createHmac('sha256', deriveKey(master, purpose)).update(value, 'utf8').digest('hex') }));
}
