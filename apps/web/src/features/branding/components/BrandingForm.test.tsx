// Settings > Branding: what the form saves, including whether questionnaires show one question per screen on phones.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBranding, TUpdateBrandingRequest } from '@bq/contracts/branding';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { BrandingForm } from './BrandingForm';

const PATH = '/api/account/branding';
const SAVED: TBranding = {
  firmName: 'Kanzlei Weiß & Partner',
  address: null,
  footerLine: null,
  primaryColor: '#0b6e4f',
  accentColor: null,
  logoUrl: null,
  logoType: null,
  poweredByHidden: false,
  hosts: [],
  oneQuestionPerScreen: true,
  replyTo: null,
};
const fetchMock = vi.fn<typeof fetch>();

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) =>
    String(input) === PATH && init?.method === 'PUT' ? jsonResponse({ ...SAVED, ...JSON.parse(String(init.body)) }) : jsonResponse({ errorKey: 'error.not_found' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});

const sent = () =>
  fetchMock.mock.calls.filter(([url, i]) => String(url) === PATH && i?.method === 'PUT').map(([, i]) => JSON.parse(String(i?.body)) as TUpdateBrandingRequest);

// Mantine names a switch by its label and its description together.
const oneQuestionSwitch = () => screen.getByRole('switch', { name: (name) => name.startsWith(enUsTexts['branding.settings.oneQuestionPerScreen']!) });

describe('BrandingForm', () => {
  it('shows the saved setting and sends one question per screen turned off with the rest of the branding', async () => {
    renderWithProviders(<BrandingForm branding={SAVED} />, { route: '/settings/branding', queryClient: queryClientWithUser(userOf({})) });
    const toggle = oneQuestionSwitch();
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['branding.settings.save'] }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({ firmName: 'Kanzlei Weiß & Partner', address: null, footerLine: null, primaryColor: '#0b6e4f', accentColor: null, oneQuestionPerScreen: false, replyTo: null });
  });

  it("sends the firm's reply address, and says at the field when it is not an address, sending nothing", async () => {
    renderWithProviders(<BrandingForm branding={SAVED} />, { route: '/settings/branding', queryClient: queryClientWithUser(userOf({})) });
    const field = screen.getByRole('textbox', { name: (name) => name.startsWith(enUsTexts['branding.settings.replyTo']!) });
    fireEvent.change(field, { target: { value: 'kanzlei at weiss' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['branding.settings.save'] }));
    expect(await screen.findByText(enUsTexts['ERROR_VALIDATION_INVALID_EMAIL']!)).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    fireEvent.change(field, { target: { value: ' kanzlei@weiss-partner.de ' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['branding.settings.save'] }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.replyTo).toBe('kanzlei@weiss-partner.de');
  });

  it('shows an account that turned it off as off', () => {
    renderWithProviders(<BrandingForm branding={{ ...SAVED, oneQuestionPerScreen: false }} />, { route: '/settings/branding', queryClient: queryClientWithUser(userOf({})) });
    expect(oneQuestionSwitch()).not.toBeChecked();
  });
});
