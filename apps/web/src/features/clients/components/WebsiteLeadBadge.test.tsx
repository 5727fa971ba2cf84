// "Lead · website" (0092 addendum): shown for a prospect who came through a start link; not for a prospect an adviser
// typed in, nor once the lead became an established client.
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { WebsiteLeadBadge } from './WebsiteLeadBadge';

beforeAll(() => initTestI18n());

describe('the website lead badge', () => {
  it('marks a prospect from the website, and nobody else', () => {
    const { unmount } = renderWithProviders(<WebsiteLeadBadge client={{ group: 'PROSPECT', source: 'WEBSITE' }} />);
    expect(screen.getByTestId('client-website-lead-badge')).toHaveTextContent('Lead · website');
    unmount();
    for (const client of [{ group: 'PROSPECT', source: null }, { group: 'ESTABLISHED', source: 'WEBSITE' }] as const) {
      const view = renderWithProviders(<WebsiteLeadBadge client={client} />);
      expect(view.container.querySelector('[data-testid="client-website-lead-badge"]')).toBeNull();
      view.unmount();
    }
  });
});
