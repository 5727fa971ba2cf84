// The four digits an adviser types to confirm an erasure: the same guard against slips as deleting an interaction
// (ADR 0008), but derived on the server, so the erase call itself checks it. Keyed with a key derived from
// DATA_ENCRYPTION_KEY for this purpose (docs/decisions/0071) and the client's last change, it is stable while the
// dialog is open and changes once the client changes (or is erased). A key rotation only changes codes of open dialogs.
import { createHmac } from 'node:crypto';
import { dataKeys, deriveKey, type KeySource } from '../../plugins/data-encryption';

function codeUnder(masterKey: Buffer, client: { id: string; updatedAt: Date }): string {
  const digest = createHmac('sha256', deriveKey(masterKey, 'erasure-code')).update(`erase:${client.id}:${client.updatedAt.toISOString()}`).digest();
  return String(1000 + (digest.readUInt32BE(0) % 9000));
}

/** The code to show: made with the current key. */
export function erasureSecurityCode(keys: KeySource, client: { id: string; updatedAt: Date }): string {
  return codeUnder(dataKeys(keys).current, client);
}

/** A dialog opened before a key rotation still erases: the code of a previous key is accepted too (docs/decisions/0079). */
export function erasureSecurityCodeMatches(keys: KeySource, client: { id: string; updatedAt: Date }, given: string): boolean {
  const { current, previous } = dataKeys(keys);
  return [current, ...previous].some((key) => codeUnder(key, client) === given);
}
