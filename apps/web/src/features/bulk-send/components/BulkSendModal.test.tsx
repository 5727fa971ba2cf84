// The bulk send dialog (issue 37 point 7, decision 0084): the period that skips clients who just answered is a field
// of the form (default 3 months, 0 = skip no one for that reason), and the progress names every skipped client with
// the reason and its date.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBulkSendProgress } from '@bq/contracts/bulk-send';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../test/fixtures';
import { adviser } from '../../clients/test-data';
import { BulkSendModal } from './BulkSendModal';

const fetchMock = vi.fn<typeof fetch>();
const DONE: TBulkSendProgress = {
  id: 'b1',
  status: 'DONE',
  productConfigurationId: RISK_CONFIGURATION_ID,
  total: 6,
  created: 1,
  mailed: 1,
  failed: 5,
  failures: [
    { clientToken: 'c1', errorKey: 'error.bulk_send.already_open', clientName: 'Wagner, Thomas', since: '2026-12-01T10:00:00Z' },
    { clientToken: 'c2', errorKey: 'error.bulk_send.recent_result', clientName: 'Schäfer, Olivia', since: '2026-11-20T10:00:00Z' },
    { clientToken: 'c3', errorKey: 'error.data_rights.already_erased', clientName: 'Erased, Client', since: null },
    { clientToken: 'c4', errorKey: 'error.client.inactive', clientName: 'Brooks, Daniel', since: null },
  ],
  skipResultsWithinMonths: 3,
  startFromPrevious: false,
  startedEmpty: 0,
  finished: true,
  createdAt: '2026-12-06T10:00:00Z',
  finishedAt: '2026-12-06T10:00:05Z',
};

beforeAll(() => initTestI18n());

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/instance/bulk') return jsonResponse({ ...DONE, status: 'RUNNING', finished: false, created: 0, failed: 0, failures: [] }, 202);
    if (url === '/api/instance/bulk/b1') return jsonResponse(DONE);
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const starts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/instance/bulk');
const skipField = () => screen.getByLabelText(exactLabel(text('bulkSend.skipRecent.label')));

function renderModal(count = 6) {
  return renderWithProviders(
    <BulkSendModal
      opened
      onClose={() => undefined}
      onSent={() => undefined}
      onFinished={() => undefined}
      selection={{ productConfigurationId: RISK_CONFIGURATION_ID, clientTokens: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].slice(0, count), count, countIsLowerBound: false }}
    />,
    { queryClient: queryClientWithUser(adviser) },
  );
}

describe('bulk send: skipped clients', () => {
  it('asks how recent an answer skips a client (3 months unless changed) and sends the period', async () => {
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Send questionnaire to 6 clients' })).toBeInTheDocument();
    expect(skipField()).toHaveValue('3');
    fireEvent.change(skipField(), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('bulk-send-submit'));
    await waitFor(() => expect(starts()).toHaveLength(1));
    expect(JSON.parse(String(starts()[0]?.[1]?.body))).toMatchObject({ clientTokens: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'], skipResultsWithinMonths: 0 });
  });

  // Minus signs and decimals cannot be typed (the field takes whole numbers only); these can.
  it.each(['61', ''])('refuses a period of "%s" months and sends nothing', async (value) => {
    renderModal();
    await screen.findByRole('dialog');
    fireEvent.change(skipField(), { target: { value } });
    fireEvent.click(screen.getByTestId('bulk-send-submit'));
    expect(await screen.findByText(text('bulkSend.skipRecent.invalid'))).toBeInTheDocument();
    expect(starts()).toHaveLength(0);
  });

  it('names every skipped client with the reason and its date, and says how many more the list leaves out', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/instance/bulk') return jsonResponse(DONE, 202);
      return jsonResponse(DONE);
    });
    renderModal();
    fireEvent.click(await screen.findByTestId('bulk-send-submit'));
    const list = await screen.findByTestId('bulk-send-failures');
    const items = within(list).getAllByTestId('bulk-send-failure').map((item) => item.textContent);
    expect(items).toEqual([
      'Wagner, Thomas: Has an open questionnaire, sent on 12/01/2026',
      'Schäfer, Olivia: Answered on 11/20/2026, within the last 3 months',
      'Erased, Client: Erased: no questionnaire can be sent',
      'Brooks, Daniel: Inactive in this product',
    ]);
    // 5 not sent, 4 listed: the fifth is counted, not hidden.
    expect(screen.getByTestId('bulk-send-failures-more')).toHaveTextContent('and 1 more client, not listed here');
    // The long list scrolls in a region of its own that a keyboard can reach.
    expect(screen.getByRole('region', { name: text('bulkSend.progress.failures') })).toHaveAttribute('tabindex', '0');
  });

  it('says "1 client", not "1 clients"', async () => {
    renderModal(1);
    expect(await screen.findByRole('dialog', { name: 'Send questionnaire to 1 client' })).toBeInTheDocument();
  });
});
