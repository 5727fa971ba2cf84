// The four digits an adviser types to confirm an erasure: the same guard against slips as deleting an interaction
// (ADR 0008), but derived on the server, so the erase call itself checks it. Keyed with the audit chain key and the
// client's last change, it is stable while the dialog is open and changes once the client changes (or is erased).
import { createHmac } from 'node:crypto';

export function erasureSecurityCode(key: string, client: { id: string; updatedAt: Date }): string {
  const digest = createHmac('sha256', key).update(`erase:${client.id}:${client.updatedAt.toISOString()}`).digest();
  return String(1000 + (digest.readUInt32BE(0) % 9000));
}
