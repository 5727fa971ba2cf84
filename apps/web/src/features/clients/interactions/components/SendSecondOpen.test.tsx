// No silent duplicates (issue 37 point 7, decision 0084): when the server refuses a send because the client already
// has an open questionnaire, the dialog names it with its dates and asks; confirming sends with allowSecondOpen,
// cancelling sends nothing.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAlreadyOpenDetails } from '@bq/contracts/instances';
import { enUsTexts, initTestI18n } from '../../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../../test/render';
import { ClientViewPage } from '../../pages/ClientViewPage';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../../test/fixtures';
import { adviser, profileOf } from '../../test-data';
import { fullInstanceOf, riskInteraction, riskPreview } from '../test-data';

const fetchMock = vi.fn<typeof fetch>();
const PROFILE_URL = `/api/client/c1/product/${RISK_CONFIGURATION_ID}/profile`;
const LIMIT_URL = '/api/admin/user/u1/resource_limit/BQ_INTERACTION_COUNT/risk/available';
const OPEN: TAlreadyOpenDetails = {
  openInstanceToken: 'open1',
  openSince: '2026-11-20T09:00:00Z',
  openExpiresAt: '2026-12-20T09:00:00Z',
  openStatus: 'NEW',
};

beforeAll(() => initTestI18n());

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === PROFILE_URL) return jsonResponse(profileOf({ instances: [] }));
    if (url === '/api/interactions') return jsonResponse([riskInteraction]);
    if (url === LIMIT_URL) return jsonResponse({ limit: 100, used: 4, available: true });
    if (url === '/api/qi?interactionId=risk') return jsonResponse(riskPreview);
    if (url === '/api/instance') {
      const body = JSON.parse(String(init?.body)) as { allowSecondOpen?: boolean };
      if (body.allowSecondOpen) return jsonResponse(fullInstanceOf({ token: 'second1' }), 201);
      return jsonResponse({ errorKey: 'error.interaction.already_open', message: 'x', details: OPEN }, 409);
    }
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/instance');
const bodyOf = (index: number) => JSON.parse(String(posts()[index]?.[1]?.body)) as Record<string, unknown>;

async function sendOnce() {
  const view = renderWithProviders(<ClientViewPage />, {
    route: '/BQ_RISK/client/c1',
    path: '/:productName/client/:clientToken',
    queryClient: queryClientWithUser(adviser),
  });
  const button = await screen.findByTestId('send-interaction-button');
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Send questionnaire to Müller, Anna' });
  fireEvent.click(within(dialog).getByTestId('send-interaction-submit'));
  return { ...view, dialog };
}

describe('send questionnaire to a client with an open one', () => {
  it('names the open questionnaire with its dates and asks, instead of an error toast', async () => {
    const { dialog, router } = await sendOnce();
    const warning = await within(dialog).findByTestId('send-interaction-second-open');
    expect(warning).toHaveAttribute('role', 'alert');
    expect(warning).toHaveTextContent(text('interactions.send.secondOpen.title').replace('{{name}}', 'Müller, Anna'));
    expect(within(warning).getByTestId('send-interaction-second-open-dates')).toHaveTextContent(
      'Sent on 11/20/2026, not opened yet. Its link works until 12/20/2026.',
    );
    expect(warning).toHaveTextContent(text('interactions.send.secondOpen.explain'));
    expect(within(warning).getByTestId('send-interaction-second-open-view')).toHaveAttribute('href', '/BQ_RISK/client/c1/interaction/open1');
    // In the footer, beside the buttons, so it is on screen wherever the options were scrolled to.
    expect(within(dialog).getByTestId('send-interaction-footer')).toContainElement(warning);
    expect(within(dialog).getByTestId('send-interaction-submit')).toHaveTextContent(text('interactions.send.secondOpen.confirm'));
    expect(screen.queryByText(text('ERROR_INTERACTION_ALREADY_OPEN'))).not.toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(bodyOf(0).allowSecondOpen).toBe(false);
    expect(router.state.location.pathname).toBe('/BQ_RISK/client/c1');
  });

  it('sends the second one only when the adviser confirms, saying it is intended', async () => {
    const { dialog, router } = await sendOnce();
    await within(dialog).findByTestId('send-interaction-second-open');
    fireEvent.click(within(dialog).getByTestId('send-interaction-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/BQ_RISK/client/c1/interaction/second1'));
    expect(posts()).toHaveLength(2);
    expect(bodyOf(1)).toMatchObject({ clientToken: 'c1', allowSecondOpen: true });
  });

  it('sends nothing more when the adviser cancels, and a new opening starts without the warning', async () => {
    const { dialog } = await sendOnce();
    await within(dialog).findByTestId('send-interaction-second-open');
    fireEvent.click(within(dialog).getByTestId('send-interaction-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('send-interaction-button'));
    const again = await screen.findByRole('dialog', { name: 'Send questionnaire to Müller, Anna' });
    expect(within(again).queryByTestId('send-interaction-second-open')).not.toBeInTheDocument();
    expect(within(again).getByTestId('send-interaction-submit')).toHaveTextContent(text('interactions.send.submit'));
  });

  it('says the client is answering when the open one was opened', async () => {
    OPEN.openStatus = 'OPENED';
    try {
      const { dialog } = await sendOnce();
      expect(await within(dialog).findByTestId('send-interaction-second-open-dates')).toHaveTextContent(
        text('interactions.send.secondOpen.sentOpened').replace('{{date}}', '11/20/2026'),
      );
    } finally {
      OPEN.openStatus = 'NEW';
    }
  });
});
