import { describe, expect, it } from 'vitest';
import { productSections } from './product-sections';

const all = (realm: string) =>
  (['BQ_USER', 'TEAMS', 'INDIVIDUAL_COMPARISON', 'WEIGHT_MANAGEMENT', 'INDIVIDUAL_RESULTS', 'INDIVIDUAL_EXPORT'] as const).map(
    (entity) => ({ realm, entity, action: 'READ' }),
  );

describe('product sections in the navigation', () => {
  it('offers teams only for selection and performance products', () => {
    expect(productSections({ permissions: all('BQ_RISK') }, 'BQ_RISK')).toEqual(['clients', 'comparison', 'weights', 'bi', 'export']);
    expect(productSections({ permissions: all('BQ_SELECTION') }, 'BQ_SELECTION')).toContain('teams');
    expect(productSections({ permissions: all('BQ_SELECTION') }, 'BQ_PERFORMANCE')).toContain('teams');
  });

  it('offers only the sections the user holds the permission for', () => {
    const reader = { permissions: [{ realm: 'BQ_SELECTION', entity: 'BQ_USER', action: 'READ' }] };
    expect(productSections(reader, 'BQ_SELECTION')).toEqual(['clients']);
    expect(productSections({ permissions: [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }] }, 'BQ_SELECTION')).toEqual([
      'clients',
      'teams',
      'comparison',
      'weights',
      'fairness',
      'bi',
      'export',
    ]);
    // The adverse-impact report: its own permission, and only where results choose people.
    const officer = { permissions: [{ realm: 'BQ_SELECTION', entity: 'FAIRNESS_REPORT', action: 'READ' }] };
    expect(productSections(officer, 'BQ_SELECTION')).toEqual(['fairness']);
  });
});
