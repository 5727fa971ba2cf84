// Which users of the account its SCIM directory manages (docs/decisions/0062): the users it provisioned and the users
// of the account's confirmed domains, never one holding account-admin rights and never the break-glass admin. Every
// other user is "not found" to SCIM, exactly like another account's user, so a SCIM token cannot rename (and then
// take over through a password reset), deactivate or even list the account's admins.
import { holdsAccountAdminRights } from '@bq/domain/account-admin';
import type { Permission } from '@bq/domain/permissions';
import type { Db, Tx } from '../../db/client';
import { breakGlassUserOf, confirmedDomainsOf, domainOf } from '../sso/sso-routing';

export interface ScimScope {
  confirmedDomains: ReadonlySet<string>;
  breakGlassUserId: string | null;
}

/** What the rule reads of a user row. */
export interface ScopedUser {
  id: string;
  email: string;
  permissions: Permission[];
  provisionedAt: Date | null;
}

export async function scimScopeOf(db: Db | Tx, accountId: string): Promise<ScimScope> {
  const [confirmedDomains, breakGlassUserId] = await Promise.all([confirmedDomainsOf(db, accountId), breakGlassUserOf(db, accountId)]);
  return { confirmedDomains, breakGlassUserId };
}

/** An address of one of the account's confirmed domains: the only addresses SCIM may give a user. */
export const inConfirmedDomain = (scope: ScimScope, email: string) => scope.confirmedDomains.has(domainOf(email));

/** Never SCIM's, whoever created them and whatever their address: the account's admins and its break-glass admin. */
export function isBeyondScim(scope: ScimScope, user: Pick<ScopedUser, 'id' | 'permissions'>): boolean {
  return user.id === scope.breakGlassUserId || holdsAccountAdminRights(user.permissions);
}

export function isScimManaged(scope: ScimScope, user: ScopedUser): boolean {
  if (isBeyondScim(scope, user)) return false;
  return user.provisionedAt !== null || inConfirmedDomain(scope, user.email);
}
