// Who holds account-admin rights (docs/decisions/0062): the line the account's identity systems (SCIM, single sign-on)
// never cross, since a directory or provider that could act on such a user could take over the account.
import type { Permission } from './permissions';

/** The realms whose grants administer the account: BQ_ADMIN itself, and ALL, which covers it. */
const ADMIN_REALMS = new Set(['BQ_ADMIN', 'ALL']);

/**
 * True when any grant's realm is BQ_ADMIN or ALL (any case, spaces around allowed), whatever its entity and action:
 * every such grant covers at least one BQ_ADMIN permission (managing users, credentials, sign-in settings, the audit
 * trail), and even BQ_ADMIN/BQ_USER/READ is more than an everyday evaluator holds. A broken grant (a part missing or
 * not text) grants nothing (permissions.ts), so it makes no one an admin; a malformed list counts as none.
 */
export function holdsAccountAdminRights(granted: readonly Permission[] | null | undefined): boolean {
  if (!Array.isArray(granted)) return false;
  return granted.some((permission) => {
    const parts = [permission?.realm, permission?.entity, permission?.action];
    if (!parts.every((part) => typeof part === 'string' && part.trim() !== '')) return false;
    return ADMIN_REALMS.has((permission.realm as string).trim().toUpperCase());
  });
}
