// Permission triples (realm, entity, action) and the access check shared by server and web (spec sections 5 and 6).
export const REALMS = ['BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH', 'BQ_PERFORMANCE_SELF_ASSESSMENT', 'BQ_RISK', 'BQ_SELECTION', 'BQ_ADMIN', 'ALL'] as const;
export const ENTITIES = [
  'TEAMS', 'TEAMS_COMPARISON', 'INDIVIDUAL_RESULTS', 'INDIVIDUAL_COMPARISON', 'INDIVIDUAL_EXPORT', 'REPORT',
  'INTERACTION_INSTANCE', 'BQ_USER', 'ANONYMIZATION_ALLOW_LIST', 'PREDICTION_INVESTMENT_STYLE', 'WEIGHT_MANAGEMENT',
  'PRIVACY_POLICY_DATA', 'ALL', 'BQA_DASHBOARD_RISK', 'CERTIFICATE', 'API_MANAGEMENT', 'AUDIT_LOG', 'FAIRNESS_REPORT',
] as const;
export const ACTIONS = ['CREATE', 'READ', 'UPDATE', 'DELETE', 'ALL'] as const;
export type Realm = (typeof REALMS)[number];
export type Entity = (typeof ENTITIES)[number];
export type Action = (typeof ACTIONS)[number];

export interface Permission {
  realm: string;
  entity: string;
  action: string;
}

/** The wildcard a granted permission may hold in any of its three parts. */
export const PERMISSION_WILDCARD = 'ALL';

const PARTS = ['realm', 'entity', 'action'] as const;

// Permissions arrive from JSON and the database, so a part may be absent or not a string despite the type.
function partOf(
  permission: Partial<Permission> | null | undefined,
  part: (typeof PARTS)[number],
): string | null {
  const value: unknown = permission?.[part];
  if (typeof value !== 'string') return null;
  const normalized = value.trim().toUpperCase();
  return normalized === '' ? null : normalized;
}

/**
 * True when any granted permission covers the required one. Each part matches when equal ignoring case or when the
 * granted part is ALL; a wildcard in the requirement is not a wildcard, only a literal ALL. A requirement with a
 * missing part always fails, so a caller's typo denies access instead of granting it.
 */
export function hasPermission(
  granted: readonly Permission[] | null | undefined,
  required: Partial<Permission>,
): boolean {
  const wanted = PARTS.map((part) => partOf(required, part));
  if (wanted.some((part) => part === null)) return false;
  return (granted ?? []).some((permission) =>
    PARTS.every((part, index) => {
      const have = partOf(permission, part);
      return have !== null && (have === PERMISSION_WILDCARD || have === wanted[index]);
    }),
  );
}

/**
 * Reads 'REALM/ENTITY/ACTION' (any case, spaces around parts allowed) into an upper-case permission; null unless
 * there are exactly three parts of letters, digits and underscores. Names outside REALMS/ENTITIES/ACTIONS are
 * accepted because the server may know more of them than this client.
 */
export function parsePermission(text: string): Permission | null {
  if (typeof text !== 'string') return null;
  const parts = text.split('/').map((part) => part.trim().toUpperCase());
  if (parts.length !== 3 || !parts.every((part) => /^[A-Z0-9_]+$/.test(part))) return null;
  const [realm = '', entity = '', action = ''] = parts;
  return { realm, entity, action };
}

/** The 'REALM/ENTITY/ACTION' text parsePermission reads. */
export function formatPermission(permission: Permission): string {
  return `${permission.realm}/${permission.entity}/${permission.action}`;
}
