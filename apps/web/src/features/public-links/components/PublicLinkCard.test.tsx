// A start link on the settings page (docs/decisions/0092): the websites that may embed it are sent one per line, and
// switching it off sends active: false.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPublicLink } from '@bq/contracts/public-links';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { PublicLinkCard } from './PublicLinkCard';

const link: TPublicLink = {
  publicId: 'AbCdEfGhIjKlMnOpQrStUv',
  url: 'https://bq.example.com/start/AbCdEfGhIjKlMnOpQrStUv',
  productConfigurationId: 'c1',
  productType: 'BQ_RISK',
  active: true,
  embedOrigins: [],
  leads: 2,
  createdAt: '2026-12-07T09:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) => jsonResponse({ ...link, ...JSON.parse(String(init?.body ?? '{}')) }));
  vi.stubGlobal('fetch', fetchMock);
});

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

describe('a start link on the settings page', () => {
  it('shows the address and embed code, saves the embedding websites one a line and switches the link off', async () => {
    renderWithProviders(<PublicLinkCard link={link} />);
    expect(screen.getByDisplayValue(link.url)).toBeInTheDocument();
    expect(screen.getByText(enUsTexts['publicLinks.leads']!.replace('{{count}}', '2'))).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(enUsTexts['publicLinks.origins']!), { target: { value: 'https://www.firm.example\n\n https://blog.firm.example ' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['publicLinks.save'] }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    fireEvent.click(screen.getByRole('switch', { name: enUsTexts['publicLinks.active'] }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()).toEqual([
      [`/api/account/public-links/${link.publicId}`, { embedOrigins: ['https://www.firm.example', 'https://blog.firm.example'] }],
      [`/api/account/public-links/${link.publicId}`, { active: false }],
    ]);
  });
});
