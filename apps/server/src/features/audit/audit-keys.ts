// The checkpoints' signing keys (docs/decisions/0071): AUDIT_SIGNING_KEY signs now; AUDIT_SIGNING_KEYS_RETIRED keeps
// the public halves of earlier keys published, so checkpoints signed before a rotation still verify. Each key's id is
// derived from the key itself (verify-export.ts keyIdOf), so nobody has to keep a list of ids.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { auditPublicKey, auditSigningKey, type Config } from '../../config';
import { keyIdOf, type PublishedKeys } from './verify-export';

export interface Signer {
  privateKey: KeyObject;
  keyId: string;
}

type KeyConfig = Pick<Config, 'AUDIT_SIGNING_KEY' | 'AUDIT_SIGNING_KEYS_RETIRED'>;

const signers = new Map<string, Signer>();

/** The current signing key and its id; null without AUDIT_SIGNING_KEY (allowed outside production only). */
export function currentSigner(config: KeyConfig): Signer | null {
  if (!config.AUDIT_SIGNING_KEY) return null;
  let signer = signers.get(config.AUDIT_SIGNING_KEY);
  if (!signer) {
    const privateKey = auditSigningKey(config.AUDIT_SIGNING_KEY);
    signer = { privateKey, keyId: keyIdOf(createPublicKey(privateKey)) };
    signers.set(config.AUDIT_SIGNING_KEY, signer);
  }
  return signer;
}

/** GET /api/audit/keys: the current key first, then the retired ones (a key listed twice is listed once). */
export function publishedKeys(config: KeyConfig): PublishedKeys {
  const keys: PublishedKeys['keys'] = [];
  const add = (key: KeyObject, current: boolean) => {
    const keyId = keyIdOf(key);
    if (keys.some((k) => k.keyId === keyId)) return;
    keys.push({ keyId, algorithm: 'Ed25519', publicKey: key.export({ type: 'spki', format: 'pem' }).toString(), current });
  };
  const signer = currentSigner(config);
  if (signer) add(createPublicKey(signer.privateKey), true);
  for (const value of (config.AUDIT_SIGNING_KEYS_RETIRED ?? '').split(',')) {
    if (value.trim() !== '') add(auditPublicKey(value), false);
  }
  return { keys };
}
