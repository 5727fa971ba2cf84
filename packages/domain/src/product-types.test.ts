import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { REALMS } from './permissions';
import { ACCOUNT_TYPES, PLAN_TYPES, PRODUCT_TYPES, PRODUCT_TYPE_INFO, coverContactKey, isProductType } from './product-types';

describe('product types', () => {
  it('are the eight of spec section 1', () => {
    expect(PRODUCT_TYPES).toHaveLength(8);
    expect(new Set(PRODUCT_TYPES).size).toBe(8);
  });

  it('have exactly one info entry each', () => {
    expect(Object.keys(PRODUCT_TYPE_INFO).sort()).toEqual([...PRODUCT_TYPES].sort());
  });

  it.each(PRODUCT_TYPES)('%s has complete info', (type) => {
    const info = PRODUCT_TYPE_INFO[type];
    expect(info.interactionSlug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(info.icon).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(info.nameKey).toBe(`product.${type}.name`);
    expect([null, 'BQA', 'BQP', 'SA']).toContain(info.dashboardKind);
    expect(REALMS).toContain(info.realm);
  });

  it('have distinct interaction slugs, since slugs appear in URLs', () => {
    const slugs = PRODUCT_TYPES.map((type) => PRODUCT_TYPE_INFO[type].interactionSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('cover all three dashboard kinds', () => {
    const kinds = new Set(PRODUCT_TYPES.map((type) => PRODUCT_TYPE_INFO[type].dashboardKind));
    for (const kind of ['BQA', 'BQP', 'SA']) expect(kinds).toContain(kind);
  });
});

describe('isProductType', () => {
  it.each(PRODUCT_TYPES)('accepts %s', (type) => expect(isProductType(type)).toBe(true));

  it.each([
    '',
    'bq_risk',
    'BQ_RISK ',
    'BQ',
    'BQ_ADMIN',
    'ALL',
    'TRIAL',
    'DEMO',
    'toString',
    'constructor',
    '__proto__',
  ])('rejects %j', (value) => expect(isProductType(value)).toBe(false));

  it('accepts nothing outside the list', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(isProductType(value)).toBe((PRODUCT_TYPES as readonly string[]).includes(value));
      }),
    );
  });
});

describe('plan and account types', () => {
  it('match spec section 1', () => {
    expect(PLAN_TYPES).toEqual(['TRIAL', 'BASIC']);
    expect(ACCOUNT_TYPES).toEqual(['DEMO', 'INTERNAL', 'ENTERPRISE', 'SELF_SERVICE']);
  });
});

describe('coverContactKey', () => {
  it('names an adviser for the advisory products only, a contact person for candidates, employees and coachees', () => {
    expect(['BQ_ADVISORY_BANK', 'BQ_ADVISORY_WEALTH', 'BQ_RISK'].map(coverContactKey)).toEqual(Array(3).fill('report.cover.adviser'));
    const people = ['BQ_SELECTION', 'BQ_PERFORMANCE', 'BQ_PERFORMANCE_SELF_ASSESSMENT', 'BQ_SELECT_CAMPAIGN', 'BQ_PERFORMANCE_COACH'];
    expect(people.map(coverContactKey)).toEqual(Array(5).fill('report.cover.contact'));
  });
});
