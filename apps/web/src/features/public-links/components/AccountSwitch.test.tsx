// The account's switch for all start links (0092 addendum): switching it off sends enabled: false and says that every
// link now answers as an unknown one; on again, the warning goes.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { AccountSwitch } from './AccountSwitch';

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) => jsonResponse(init?.method === 'PUT' ? JSON.parse(String(init.body)) : { enabled: true }));
  vi.stubGlobal('fetch', fetchMock);
});

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

describe("the account's switch for all start links", () => {
  it('switches every link off and on again', async () => {
    renderWithProviders(<AccountSwitch />);
    const toggle = await screen.findByRole('switch', { name: enUsTexts['publicLinks.switchLabel'] });
    expect(toggle).toBeChecked();
    expect(screen.queryByText(enUsTexts['publicLinks.switchOffHint']!)).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(await screen.findByText(enUsTexts['publicLinks.switchOffHint']!)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: enUsTexts['publicLinks.switchLabel'] })).not.toBeChecked());
    fireEvent.click(screen.getByRole('switch', { name: enUsTexts['publicLinks.switchLabel'] }));
    await waitFor(() => expect(screen.queryByText(enUsTexts['publicLinks.switchOffHint']!)).not.toBeInTheDocument());
    expect(puts()).toEqual([
      ['/api/account/public-link-settings', { enabled: false }],
      ['/api/account/public-link-settings', { enabled: true }],
    ]);
  });
});
