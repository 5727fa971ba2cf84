// The four digits an adviser types to confirm an erasure: the same guard against slips as deleting an interaction
// (ADR 0008), but derived on the server, so the erase call itself checks it. Keyed with a key derived from
// DATA_ENCRYPTION_KEY for this purpose (docs/decisions/0071) and the client's last change, it is stable while the
// dialog is open and changes once the client changes (or is erased). A key rotation only changes codes of open dialogs.
import { createHmac } from 'node:crypto';
import { deriveKey } from '../../plugins/data-encryption';

export function erasureSecurityCode(masterKey: Buffer, client: { id: string; updatedAt: Date }): string {
  const digest = createHmac('sha256', deriveKey(masterKey, 'erasure-code')).update(`erase:${client.id}:${client.updatedAt.toISOString()}`).digest();
  return String(1000 + (digest.readUInt32BE(0) % 9000));
}
