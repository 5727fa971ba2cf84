import { describe, expect, it } from 'vitest';
import type { TUser } from '@bq/contracts/user';
import { permittedProducts, productAccess } from './product-access';

const products: TUser['products'] = [
  { id: 'p1', productType: 'BQ_RISK', planType: 'BASIC', invitationValidDays: 30, reviewEveryMonths: 12, reviewNoticeDays: 14 },
  { id: 'p2', productType: 'BQ_PERFORMANCE', planType: 'BASIC', invitationValidDays: 30, reviewEveryMonths: 12, reviewNoticeDays: 14 },
];

describe('product access', () => {
  it('needs READ on BQ_USER in the product realm', () => {
    const user = { products, permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }] };
    expect(permittedProducts(user).map((p) => p.productType)).toEqual(['BQ_RISK']);
    expect(productAccess(user, 'BQ_PERFORMANCE')).toBe('no-permission');
    // Not in the (permission-filtered) product list either: still a question of access.
    expect(productAccess(user, 'BQ_ADVISORY_BANK')).toBe('no-permission');
  });

  it('lets an admin with ALL/ALL/ALL open every product of the account, and no other', () => {
    const admin = { products, permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }] };
    expect(permittedProducts(admin)).toHaveLength(2);
    expect(productAccess(admin, 'BQ_SELECTION')).toBe('not-in-account');
  });
});
