// What handlers and services add to their request's audit event (audit-plugin.ts writes it): details only the
// handler knows (a list's row count, an edit's old and new values), the user a sign-in concerns. A write's event is
// appended at the end of its unit of work (write-transaction.ts), so what is noted before the handler returns is in it.
import { createHmac } from 'node:crypto';
import { dataKeys, deriveKey, DERIVED_KEY_ID, keyId, type KeySource } from '../../plugins/data-encryption';
import type { FastifyRequest } from 'fastify';

type Request = Pick<FastifyRequest, 'auditNote'>;

/** Adds details to the request's event (merged; later keys win). */
export function noteAudit(request: Request, details: Record<string, unknown>): void {
  if (request.auditNote) Object.assign(request.auditNote.details, details);
}

/**
 * A refusal the handler answers with another status (the SAML ACS redirects the browser to the error page): the
 * request's event is the refusal's (its refusedAction, outcome REFUSED, this status) and commits with the unit's work.
 */
export function noteRefusal(request: Request, refusal: { statusCode: number; errorKey: string }): void {
  if (!request.auditNote) return;
  request.auditNote.refusedWith = refusal.statusCode;
  Object.assign(request.auditNote.details, { errorKey: refusal.errorKey });
}

/** Names the account and user of a call without a session (sign-in, failed sign-in of a known address). */
export function noteAuditUser(request: Request, accountId: string, userId: string): void {
  if (request.auditNote) Object.assign(request.auditNote, { accountId, userId });
}

export interface ChangedField {
  field: string;
  old: string | null;
  new: string | null;
}

/** Fields that say who a person is: the trail keeps that they changed, never their values (ADR 0039). */
const IDENTITY_FIELDS = new Set(['firstName', 'lastName', 'email', 'phone', 'salutation']);

/**
 * The trail's form of a changed field: values of identity fields are replaced by a keyed digest (HMAC under a key
 * derived from DATA_ENCRYPTION_KEY for the account, docs/decisions/0071): whoever holds the key can confirm "the
 * e-mail was X before", nobody can read it from the trail or match it across accounts, and erasing the person leaves
 * nothing of them in it. The digest names its key (`hmac-<keyId>:`, docs/decisions/0079; `hmac-v1:` is the original
 * key's, from before key ids). A digest cannot be re-made under a new key: it stays confirmable only while its key is
 * DATA_ENCRYPTION_KEY or listed in DATA_ENCRYPTION_KEYS_PREVIOUS. The chain does not depend on it either way.
 */
export function changedFieldForTrail(keys: KeySource, accountId: string, c: ChangedField): ChangedField {
  if (!IDENTITY_FIELDS.has(c.field)) return c;
  const master = dataKeys(keys).current;
  const digest = (value: string | null) => (value === null ? null : `hmac-${keyId(master)}:${identityDigest(master, accountId, c.field, value)}`);
  return { field: c.field, old: digest(c.old), new: digest(c.new) };
}

function identityDigest(master: Buffer, accountId: string, field: string, value: string): string {
  return createHmac('sha256', deriveKey(master, 'audit-identity-digest', accountId)).update(`${field}:${value}`).digest('hex').slice(0, 32);
}

/**
 * Whether a digest in the trail is of `value`: true/false with the key it names, null when that key is not configured
 * (any more), so an auditor is told to list the old key rather than told "no".
 */
export function identityDigestMatches(keys: KeySource, accountId: string, field: string, value: string, digest: string): boolean | null {
  const match = /^hmac-([0-9a-z]+):([0-9a-f]{32})$/.exec(digest);
  if (!match) return false;
  const { current, previous } = dataKeys(keys);
  // `v1`: made before key ids by the original key, whichever configured key that is.
  const candidates = match[1] === DERIVED_KEY_ID ? [current, ...previous] : [current, ...previous].filter((k) => keyId(k) === match[1]);
  if (candidates.length === 0) return null;
  return candidates.some((master) => identityDigest(master, accountId, field, value) === match[2]);
}

/** Notes an edit's changed fields in the request's event (identity values as digests, above). */
export function noteEdit(request: FastifyRequest, changed: ChangedField[]): void {
  const accountId = request.authOrNull?.accountId ?? request.auditNote?.accountId;
  if (!accountId) return noteAudit(request, { changed: changed.map((c) => (IDENTITY_FIELDS.has(c.field) ? { field: c.field, old: null, new: null } : c)) });
  const master = request.server.config.dataEncryptionKeys;
  noteAudit(request, { changed: changed.map((c) => changedFieldForTrail(master, accountId, c)) });
}
