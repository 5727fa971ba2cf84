import { describe, expect, it } from 'vitest';
import { holdsAccountAdminRights } from './account-admin';
import type { Permission } from './permissions';

describe('holdsAccountAdminRights', () => {
  it.each([
    ['the owner', [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }]],
    ['a sign-in settings admin', [{ realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'UPDATE' }]],
    ['a reader of the user list', [{ realm: 'BQ_ADMIN', entity: 'BQ_USER', action: 'READ' }]],
    ['an auditor', [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }, { realm: 'BQ_ADMIN', entity: 'AUDIT_LOG', action: 'READ' }]],
    ['the ALL realm on one entity', [{ realm: 'ALL', entity: 'REPORT', action: 'READ' }]],
    ['any case and spaces', [{ realm: ' bq_admin ', entity: 'bq_user', action: 'read' }]],
  ])('is true for %s', (_name, granted) => {
    expect(holdsAccountAdminRights(granted)).toBe(true);
  });

  it.each([
    ['an everyday evaluator', [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }, { realm: 'BQ_SELECTION', entity: 'ALL', action: 'ALL' }]],
    ['no grants', []],
    ['null', null],
    ['a realm that only starts like BQ_ADMIN', [{ realm: 'BQ_ADMINS', entity: 'ALL', action: 'ALL' }]],
    ['a broken grant (action missing)', [{ realm: 'ALL', entity: 'ALL' }]],
    ['a grant that is not an object', [null, 'ALL/ALL/ALL']],
  ])('is false for %s', (_name, granted) => {
    expect(holdsAccountAdminRights(granted as unknown as Permission[])).toBe(false);
  });
});
