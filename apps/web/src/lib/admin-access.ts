// Administration pages (market history): READ on BQ_ADMIN/ALL to see them, UPDATE to change what they show.
// An admin holds ALL/ALL/ALL, which covers both.
import type { TUser } from '@bq/contracts/user';
import { hasPermission, type Action } from '@bq/domain/permissions';

export function hasAdminPermission(user: Pick<TUser, 'permissions'>, action: Action = 'READ'): boolean {
  return hasPermission(user.permissions, { realm: 'BQ_ADMIN', entity: 'ALL', action });
}
