// No silent duplicates in a campaign (issue 37 point 7, decision 0084): adding a client who has an open questionnaire
// of the product sent outside the campaign names it and asks; confirming adds with allowSecondOpen, choosing another
// client or cancelling starts over. Other refusals still toast.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAlreadyOpenDetails } from '@bq/contracts/instances';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { listItemOf } from '../../clients/test-data';
import { AddParticipant } from './AddParticipant';

const fetchMock = vi.fn<typeof fetch>();
const ADD_URL = '/api/admin/repeated_measurement/camp1/interaction';
const OPEN: TAlreadyOpenDetails = { openInstanceToken: 'open1', openSince: '2026-11-20T09:00:00Z', openExpiresAt: '2026-12-20T09:00:00Z', openStatus: 'OPENED' };
let refusal: { status: number; body: Record<string, unknown> } | null = null;

beforeAll(() => initTestI18n());

beforeEach(() => {
  refusal = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/participants?')) {
      return jsonResponse({ items: [listItemOf({ token: 'c1', firstName: 'Thomas', lastName: 'Wagner' })], total: 1, page: 1, pageSize: 100 });
    }
    if (url === ADD_URL) {
      const body = JSON.parse(String(init?.body)) as { allowSecondOpen?: boolean };
      if (refusal) return jsonResponse(refusal.body, refusal.status);
      if (body.allowSecondOpen) return jsonResponse({ instanceToken: 'second1', userToken: 'c1', measurement: 1 }, 201);
      return jsonResponse({ errorKey: 'error.interaction.already_open', message: 'x', details: OPEN }, 409);
    }
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const adds = () => fetchMock.mock.calls.filter(([url]) => String(url) === ADD_URL).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

async function addWagner() {
  renderWithProviders(<AddParticipant campaignId="camp1" productConfigurationId="cfg1" productType="BQ_SELECTION" />);
  fireEvent.click(screen.getByTestId('participant-pick'));
  fireEvent.click(await screen.findByRole('option', { name: 'Wagner, Thomas' }));
  fireEvent.click(screen.getByTestId('participant-add'));
}

describe('adding a campaign participant who has an open questionnaire', () => {
  it('names the open questionnaire with its dates and asks, instead of an error toast', async () => {
    await addWagner();
    const warning = await screen.findByTestId('send-interaction-second-open');
    expect(warning).toHaveAttribute('role', 'alert');
    expect(warning).toHaveTextContent(text('interactions.send.secondOpen.title').replace('{{name}}', 'Wagner, Thomas'));
    expect(warning).toHaveTextContent('Sent on 11/20/2026; the client has opened it and may be answering it now. Its link works until 12/20/2026.');
    expect(warning).toHaveTextContent(text('repeatedMeasurement.secondOpenExplain'));
    expect(screen.getByTestId('send-interaction-second-open-view')).toHaveAttribute('href', '/BQ_SELECTION/client/c1/interaction/open1');
    expect(screen.getByTestId('participant-add')).toHaveTextContent(text('repeatedMeasurement.addSecondOpen'));
    expect(screen.queryByText(text('ERROR_INTERACTION_ALREADY_OPEN'))).not.toBeInTheDocument();
    expect(adds()).toEqual([{ userToken: 'c1', allowSecondOpen: false }]);
  });

  it('adds with allowSecondOpen once confirmed, and starts over on cancel', async () => {
    await addWagner();
    await screen.findByTestId('send-interaction-second-open');
    fireEvent.click(screen.getByTestId('participant-add'));
    expect(await screen.findByText('Measurement 1 sent.')).toBeInTheDocument();
    expect(adds()).toEqual([
      { userToken: 'c1', allowSecondOpen: false },
      { userToken: 'c1', allowSecondOpen: true },
    ]);
    expect(screen.queryByTestId('send-interaction-second-open')).not.toBeInTheDocument();
    expect(screen.getByTestId('participant-add')).toHaveTextContent(text('repeatedMeasurement.addParticipantSubmit'));
  });

  it('cancel sends nothing more and asks again next time', async () => {
    await addWagner();
    await screen.findByTestId('send-interaction-second-open');
    fireEvent.click(screen.getByTestId('participant-add-cancel'));
    expect(screen.queryByTestId('send-interaction-second-open')).not.toBeInTheDocument();
    expect(screen.getByTestId('participant-add')).toBeDisabled();
    expect(adds()).toHaveLength(1);
  });

  it("toasts the campaign's own refusal as before", async () => {
    refusal = { status: 409, body: { errorKey: 'error.repeated_measurement.open_measurement', message: 'x' } };
    await addWagner();
    await waitFor(() => expect(adds()).toHaveLength(1));
    expect(await screen.findByText(text('ERROR_REPEATED_MEASUREMENT_OPEN_MEASUREMENT'))).toBeInTheDocument();
    expect(screen.queryByTestId('send-interaction-second-open')).not.toBeInTheDocument();
  });
});
