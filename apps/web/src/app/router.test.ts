import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { participantPage } from '../participant/participant-paths';
import { routes } from './router';

// Every path of the route table in spec section 2, with sample parameters.
const SPEC_PATHS = [
  '/',
  '/product',
  '/product/BQ_RISK',
  '/BQ_RISK/add',
  '/BQ_RISK/sign-up-success',
  '/BQ_SELECTION/teams',
  '/BQ_SELECTION/teams/comparison',
  '/BQ_SELECTION/teams/t-1/dashboard',
  '/BQ_RISK/comparison',
  '/BQ_SELECTION/weights',
  '/BQ_RISK/client',
  '/BQ_RISK/client/c-1',
  '/BQ_RISK/client/c-1/interaction/i-1',
  '/BQ_RISK/client/c-1/dashboard/i-1',
  '/product/BQ_RISK/export',
  '/BQ_ADVISORY_WEALTH/checkout_success/ref-1',
  '/settings',
  '/settings/password',
  '/settings/language',
  '/icons',
  '/translations',
  '/login',
  '/to_signup',
  '/signup/ext',
  '/signup/benchmark/ext',
  '/signup/success',
  '/verify/token-1',
  '/password/recovery',
  '/password/reset/complete',
  // Not in the spec's table (docs/decisions/0024-payments.md): the purchase choice and the sandbox provider's page.
  '/BQ_RISK/credits',
  '/sandbox-checkout/sbx_1',
];

function deepestPath(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path;
}

describe('route table', () => {
  it.each(SPEC_PATHS)('registers %s as its own route, not the not-found fallback', (pathname) => {
    const matches = matchRoutes(routes, pathname);
    expect(matches).not.toBeNull();
    expect(deepestPath(pathname)).not.toBe('*');
  });

  it('leaves the participant entry\'s pages to participant.html (docs/decisions/0054)', () => {
    for (const pathname of ['/q/tok-1', '/verify/certificate/cert-1', '/report/r-1/download', '/demo/password-set/i-1', '/performance/report/i-1', '/bqa/report/i-1', '/bqaRecommendations/report/i-1', '/bqp/certificate/i-1']) {
      expect(participantPage(pathname), pathname).not.toBeNull();
      expect(deepestPath(pathname), pathname).toBe('*');
    }
  });

  it('sends unknown paths to page not found', () => {
    expect(deepestPath('/no/such/page/here')).toBe('*');
    expect(deepestPath('/product/BQ_RISK/unknown')).toBe('*');
  });

  it('matches /:productName routes through the product guard, so unknown product types end up not found', () => {
    const matches = matchRoutes(routes, '/NOT_A_PRODUCT/teams') ?? [];
    expect(matches.some((match) => match.route.path === ':productName')).toBe(true);
  });

  it('puts every page behind a lazy import', () => {
    // /login is the sign-in page's own entry (signin.html, docs/decisions/0085): the app only loads that document.
    const pageRoutes = SPEC_PATHS.filter((p) => !['/', '/to_signup', '/settings', '/login'].includes(p));
    for (const pathname of pageRoutes) {
      const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
      expect(leaf?.lazy, pathname).toBeTypeOf('function');
    }
    const login = matchRoutes(routes, '/login')?.at(-1)?.route;
    expect(login?.loader).toBeTypeOf('function');
    expect(login?.lazy).toBeUndefined();
  });
});
