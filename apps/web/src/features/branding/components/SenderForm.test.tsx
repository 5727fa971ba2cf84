// Settings > Branding, own sender (docs/decisions/0067): TLS is required unless the admin ticks the waiver, which shows
// a warning and is sent; a failed server test shows the server's reason and keeps the form as typed.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSenderSettings, TUpdateSenderRequest } from '@bq/contracts/branding';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { SenderForm } from './SenderForm';

const PATH = '/api/account/sender';
const SAVED: TSenderSettings = { configured: true, host: 'mail.kanzlei.example', port: 587, user: 'mailer', passwordSet: true, fromAddress: 'office@kanzlei.example', allowPlaintext: false };
const fetchMock = vi.fn<typeof fetch>();

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

const sent = () =>
  fetchMock.mock.calls.filter(([url, i]) => String(url) === PATH && i?.method === 'PUT').map(([, i]) => JSON.parse(String(i?.body)) as TUpdateSenderRequest);
const render = () => renderWithProviders(<SenderForm sender={SAVED} />, { route: '/settings/branding', queryClient: queryClientWithUser(userOf({})) });

describe('SenderForm', () => {
  it('requires TLS unless waived, and warns when it is', async () => {
    fetchMock.mockImplementation(async (_input, init) => jsonResponse({ ...SAVED, allowPlaintext: JSON.parse(String(init?.body)).allowPlaintext }));
    render();
    expect(screen.queryByTestId('sender-plaintext-warning')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: enUsTexts['branding.sender.allowPlaintext'] }));
    expect(screen.getByTestId('sender-plaintext-warning')).toHaveTextContent(enUsTexts['branding.sender.plaintextWarning']!);
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['branding.sender.save'] }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ host: 'mail.kanzlei.example', allowPlaintext: true });
  });

  it("shows why the server's test failed", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ errorKey: 'error.sender.connection_failed', message: 'The mail server at mail.kanzlei.example:587 failed the test: Greeting never received' }, 400),
    );
    render();
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['branding.sender.save'] }));
    expect(await screen.findByTestId('sender-test-failed')).toHaveTextContent('Greeting never received');
    expect(sent()[0]).toMatchObject({ allowPlaintext: false });
  });
});
