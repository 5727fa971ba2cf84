import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  ACTIONS,
  ENTITIES,
  PERMISSION_WILDCARD,
  REALMS,
  formatPermission,
  hasPermission,
  parsePermission,
  type Permission,
} from './permissions';

const PARTS = ['realm', 'entity', 'action'] as const;
const required: Permission = { realm: 'BQ_RISK', entity: 'REPORT', action: 'READ' };
const other: Permission = { realm: 'BQ_SELECTION', entity: 'TEAMS', action: 'DELETE' };

/** The required permission with ALL in the positions whose bit is set in mask (bit 0 realm, 1 entity, 2 action). */
function withWildcards(base: Permission, mask: number): Permission {
  return {
    realm: mask & 1 ? 'ALL' : base.realm,
    entity: mask & 2 ? 'ALL' : base.entity,
    action: mask & 4 ? 'ALL' : base.action,
  };
}

const masks = [0, 1, 2, 3, 4, 5, 6, 7];
const describeMask = (mask: number) => PARTS.map((part, i) => (mask & (1 << i) ? 'ALL' : part)).join('/');

describe('constants', () => {
  it('match spec section 6', () => {
    expect(REALMS).toHaveLength(7);
    // Spec section 6's 16, AUDIT_LOG (issue 23: reading the audit trail, docs/decisions/0039) and FAIRNESS_REPORT
    // (issue 25: the adverse-impact report, docs/decisions/0051).
    expect(ENTITIES).toHaveLength(18);
    expect(ENTITIES).toContain('AUDIT_LOG');
    expect(ENTITIES).toContain('FAIRNESS_REPORT');
    expect(ACTIONS).toEqual(['CREATE', 'READ', 'UPDATE', 'DELETE', 'ALL']);
    for (const list of [REALMS, ENTITIES, ACTIONS]) {
      expect(list).toContain(PERMISSION_WILDCARD);
      expect(new Set(list).size).toBe(list.length);
    }
  });
});

describe('hasPermission: wildcard positions', () => {
  it.each(masks.map((mask) => [describeMask(mask), mask] as const))(
    'a grant of %s covers the requirement',
    (_name, mask) => {
      expect(hasPermission([withWildcards(required, mask)], required)).toBe(true);
    },
  );

  it.each(
    masks.flatMap((mask) => PARTS.map((part, index) => [describeMask(mask), part, mask, index] as const)),
  )('a grant of %s with a different %s matches only when that part is ALL', (_name, part, mask, index) => {
    const grant = withWildcards({ ...required, [part]: other[part] }, mask);
    const wildcardHere = (mask & (1 << index)) !== 0;
    expect(hasPermission([grant], required)).toBe(wildcardHere);
  });

  it('treats a required ALL literally, not as a wildcard', () => {
    expect(hasPermission([required], { realm: 'ALL', entity: 'REPORT', action: 'READ' })).toBe(false);
    expect(hasPermission([required], { realm: 'BQ_RISK', entity: 'ALL', action: 'READ' })).toBe(false);
    expect(hasPermission([required], { realm: 'BQ_RISK', entity: 'REPORT', action: 'ALL' })).toBe(false);
    expect(hasPermission([{ ...required, action: 'ALL' }], { ...required, action: 'ALL' })).toBe(true);
  });
});

describe('hasPermission: case-insensitivity', () => {
  it('ignores case on both sides', () => {
    expect(hasPermission([{ realm: 'bq_risk', entity: 'Report', action: 'read' }], required)).toBe(true);
    expect(hasPermission([required], { realm: 'bq_risk', entity: 'report', action: 'Read' })).toBe(true);
  });

  it.each(['all', 'All', 'aLL', 'ALL'])('accepts the wildcard spelled %s in every position', (wildcard) => {
    expect(hasPermission([{ realm: wildcard, entity: wildcard, action: wildcard }], required)).toBe(true);
    for (const part of PARTS) expect(hasPermission([{ ...required, [part]: wildcard }], required)).toBe(true);
  });

  it('ignores surrounding whitespace', () => {
    expect(hasPermission([{ realm: ' BQ_RISK ', entity: 'REPORT', action: 'READ\n' }], required)).toBe(true);
  });

  it('does not match on prefixes or substrings', () => {
    expect(hasPermission([{ ...required, realm: 'BQ' }], required)).toBe(false);
    expect(hasPermission([{ ...required, entity: 'REPORTS' }], required)).toBe(false);
    expect(hasPermission([{ ...required, action: 'ALLOW' }], required)).toBe(false);
  });
});

describe('hasPermission: missing parts', () => {
  const admin: Permission[] = [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }];

  it.each(PARTS)('fails when the required %s is missing, even for an admin', (part) => {
    const { [part]: _omitted, ...rest } = required;
    expect(hasPermission(admin, rest)).toBe(false);
  });

  it.each(PARTS.flatMap((part) => ['', '   ', null, 42].map((value) => [part, value] as const)))(
    'fails when the required %s is %j',
    (part, value) => {
      expect(hasPermission(admin, { ...required, [part]: value } as unknown as Permission)).toBe(false);
    },
  );

  it('fails for an empty requirement', () => {
    expect(hasPermission(admin, {})).toBe(false);
  });

  it.each(PARTS.flatMap((part) => [undefined, '', ' ', null].map((value) => [part, value] as const)))(
    'a grant with %s = %j never matches',
    (part, value) => {
      const grant = { realm: 'ALL', entity: 'ALL', action: 'ALL', [part]: value } as unknown as Permission;
      expect(hasPermission([grant], required)).toBe(false);
    },
  );

  it('skips broken grants and still finds a valid one', () => {
    const broken = [null, undefined, {}, { realm: 'ALL' }] as unknown as Permission[];
    expect(hasPermission([...broken, required], required)).toBe(true);
    expect(hasPermission(broken, required)).toBe(false);
  });
});

describe('hasPermission: lists', () => {
  it('denies with no grants', () => {
    expect(hasPermission([], required)).toBe(false);
    expect(hasPermission(null, required)).toBe(false);
    expect(hasPermission(undefined, required)).toBe(false);
  });

  it('passes when any one grant matches', () => {
    expect(hasPermission([other, { ...required, action: 'UPDATE' }, required], required)).toBe(true);
    expect(hasPermission([other, { ...required, action: 'UPDATE' }], required)).toBe(false);
  });

  it('does not combine parts across grants', () => {
    const split: Permission[] = [
      { realm: 'BQ_RISK', entity: 'TEAMS', action: 'DELETE' },
      { realm: 'BQ_SELECTION', entity: 'REPORT', action: 'DELETE' },
      { realm: 'BQ_SELECTION', entity: 'TEAMS', action: 'READ' },
    ];
    expect(hasPermission(split, required)).toBe(false);
  });
});

describe('hasPermission: properties', () => {
  const part = fc.oneof(fc.constantFrom(...REALMS, ...ENTITIES, ...ACTIONS), fc.string({ minLength: 1 }));
  const permission = fc.record({ realm: part, entity: part, action: part });
  const completeRequirement = permission.filter((p) => PARTS.every((k) => p[k].trim() !== ''));

  it('ALL/ALL/ALL grants every complete requirement', () => {
    fc.assert(
      fc.property(completeRequirement, fc.constantFrom('ALL', 'all', 'All'), (req, wildcard) => {
        expect(hasPermission([{ realm: wildcard, entity: wildcard, action: wildcard }], req)).toBe(true);
      }),
    );
  });

  it('an empty list grants nothing', () => {
    fc.assert(
      fc.property(permission, (req) => {
        expect(hasPermission([], req)).toBe(false);
      }),
    );
  });

  it('a complete requirement grants itself, in any case', () => {
    fc.assert(
      fc.property(completeRequirement, (req) => {
        expect(hasPermission([req], req)).toBe(true);
        const lower = {
          realm: req.realm.toLowerCase(),
          entity: req.entity.toLowerCase(),
          action: req.action.toLowerCase(),
        };
        expect(hasPermission([lower], req)).toBe(hasPermission([req], lower));
      }),
    );
  });

  it('adding grants never takes access away', () => {
    fc.assert(
      fc.property(fc.array(permission), fc.array(permission), permission, (a, b, req) => {
        if (hasPermission(a, req)) expect(hasPermission([...a, ...b], req)).toBe(true);
      }),
    );
  });

  it('is the same as checking each grant alone', () => {
    fc.assert(
      fc.property(fc.array(permission), permission, (grants, req) => {
        expect(hasPermission(grants, req)).toBe(grants.some((g) => hasPermission([g], req)));
      }),
    );
  });
});

describe('parsePermission', () => {
  it.each<[string, Permission]>([
    ['BQ_RISK/REPORT/READ', { realm: 'BQ_RISK', entity: 'REPORT', action: 'READ' }],
    ['bq_risk/report/read', { realm: 'BQ_RISK', entity: 'REPORT', action: 'READ' }],
    [' ALL / ALL / ALL ', { realm: 'ALL', entity: 'ALL', action: 'ALL' }],
    ['NEW_REALM/THING_2/EXPORT', { realm: 'NEW_REALM', entity: 'THING_2', action: 'EXPORT' }],
  ])('%j', (text, expected) => expect(parsePermission(text)).toEqual(expected));

  it.each([
    '',
    'BQ_RISK',
    'BQ_RISK/REPORT',
    'BQ_RISK/REPORT/READ/EXTRA',
    '/REPORT/READ',
    'BQ_RISK//READ',
    'BQ_RISK/REPORT/',
    'BQ RISK/REPORT/READ',
    'BQ-RISK/REPORT/READ',
    'BQ_RISK/REPORT/*',
    'BQ_RISK\\REPORT\\READ',
  ])('rejects %j', (text) => expect(parsePermission(text)).toBeNull());

  it('rejects non-strings from untyped callers', () => {
    expect(parsePermission(null as unknown as string)).toBeNull();
  });

  it('round-trips with formatPermission for every known triple', () => {
    for (const realm of REALMS)
      for (const entity of ENTITIES)
        for (const action of ACTIONS) {
          const permission = { realm, entity, action };
          expect(parsePermission(formatPermission(permission))).toEqual(permission);
        }
  });

  it('parsed permissions grant themselves', () => {
    expect(hasPermission([parsePermission('bq_risk/report/read')!], required)).toBe(true);
    expect(hasPermission([parsePermission('all/all/all')!], required)).toBe(true);
  });
});
