// The month's review round in the bulk send dialog (docs/decisions/0093 addendum): with the list filtered to due
// reviews, "start each client from their previous answers" is ticked and sent; the summary says how many start from
// their answers and how many had none and start empty; untouched sends of other lists do not start from them.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBulkSendProgress } from '@bq/contracts/bulk-send';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../test/fixtures';
import { adviser } from '../../clients/test-data';
import { BulkSendModal } from '../../bulk-send/components/BulkSendModal';

const fetchMock = vi.fn<typeof fetch>();
const DONE: TBulkSendProgress = {
  id: 'b1',
  status: 'DONE',
  productConfigurationId: RISK_CONFIGURATION_ID,
  total: 5,
  created: 4,
  mailed: 4,
  failed: 1,
  failures: [{ clientToken: 'c1', errorKey: 'error.bulk_send.already_open', clientName: 'Wagner, Thomas', since: '2026-12-01T10:00:00Z' }],
  skipResultsWithinMonths: 3,
  startFromPrevious: true,
  startedEmpty: 1,
  finished: true,
  createdAt: '2026-12-06T10:00:00Z',
  finishedAt: '2026-12-06T10:00:05Z',
};

beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(DONE, 202));
  vi.stubGlobal('fetch', fetchMock);
});

const starts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/instance/bulk');
const sentBody = () => JSON.parse(String(starts()[0]?.[1]?.body)) as Record<string, unknown>;

function renderModal(reviewRound: boolean) {
  return renderWithProviders(
    <BulkSendModal
      opened
      onClose={() => undefined}
      onSent={() => undefined}
      onFinished={() => undefined}
      selection={{ productConfigurationId: RISK_CONFIGURATION_ID, filter: { reviewDue: 'month' }, count: 5, countIsLowerBound: false, reviewRound }}
    />,
    { queryClient: queryClientWithUser(adviser) },
  );
}

describe('bulk send: the month\'s review round', () => {
  it('starts everyone due from their previous answers and says who started empty', async () => {
    renderModal(true);
    const field = await screen.findByRole('checkbox', { name: enUsTexts['review.bulk.fromPreviousField'] });
    expect(field).toBeChecked();
    fireEvent.click(screen.getByTestId('bulk-send-submit'));
    await waitFor(() => expect(starts()).toHaveLength(1));
    expect(sentBody()).toMatchObject({ filter: { reviewDue: 'month' }, startFromPrevious: true });
    expect(await screen.findByTestId('bulk-send-review-summary')).toHaveTextContent(
      "3 questionnaires start from the clients' previous answers. 1 client had no previous answers and starts from an empty questionnaire.",
    );
    // The skipped client is still named with the reason (the summary's existing rule).
    expect(screen.getByTestId('bulk-send-failures')).toHaveTextContent('Wagner, Thomas: Has an open questionnaire');
  });

  it('leaves it unticked for a list not filtered to reviews, and then sends none from previous answers', async () => {
    renderModal(false);
    const field = await screen.findByRole('checkbox', { name: enUsTexts['review.bulk.fromPreviousField'] });
    expect(field).not.toBeChecked();
    fireEvent.click(screen.getByTestId('bulk-send-submit'));
    await waitFor(() => expect(starts()).toHaveLength(1));
    expect(sentBody().startFromPrevious).toBe(false);
  });
});
