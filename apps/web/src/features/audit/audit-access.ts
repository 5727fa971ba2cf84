// Who may read the audit trail: BQ_ADMIN / AUDIT_LOG / READ (or a wildcard that covers it), as the server checks.
import { hasPermission, type Permission } from '@bq/domain/permissions';

export function canReadAuditLog(permissions: readonly Permission[] | null | undefined): boolean {
  return hasPermission(permissions, { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' });
}
