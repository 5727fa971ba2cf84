import { describe, expect, it } from 'vitest';
import { isCurrentLocation, productOfPath, resolveAppHref } from './navigation';

describe('productOfPath', () => {
  it('reads the product of /product/{type}/... and /{type}/... paths', () => {
    expect(productOfPath('/product/BQ_RISK')).toBe('BQ_RISK');
    expect(productOfPath('/product/BQ_RISK/export')).toBe('BQ_RISK');
    expect(productOfPath('/BQ_SELECTION/teams/t1/dashboard')).toBe('BQ_SELECTION');
    expect(productOfPath('/settings/password')).toBeNull();
    expect(productOfPath('/product/NOPE')).toBeNull();
  });
});

describe('resolveAppHref', () => {
  const here = { pathname: '/product/BQ_RISK', search: '?group=PROSPECT' };

  it('carries the query string over to routes of the same product', () => {
    expect(resolveAppHref('/BQ_RISK/client/c1', here)).toBe('/BQ_RISK/client/c1?group=PROSPECT');
  });

  it('does not carry it to another product or outside products', () => {
    expect(resolveAppHref('/product/BQ_SELECTION', here)).toBe('/product/BQ_SELECTION');
    expect(resolveAppHref('/settings/password', here)).toBe('/settings/password');
  });

  it('keeps an explicit query of the target', () => {
    expect(resolveAppHref('/BQ_RISK/teams?x=1', here)).toBe('/BQ_RISK/teams?x=1');
  });

  it('recognises the URL already shown', () => {
    expect(isCurrentLocation(resolveAppHref('/product/BQ_RISK', here), here)).toBe(true);
    expect(isCurrentLocation('/product/BQ_RISK', here)).toBe(false);
  });
});
