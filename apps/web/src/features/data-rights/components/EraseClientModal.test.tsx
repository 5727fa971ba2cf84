import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TErasurePreview } from '@bq/contracts/data-rights';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { EraseClientModal } from './EraseClientModal';

const fetchMock = vi.fn<typeof fetch>();
let eraseAnswer: () => Response;
const preview: TErasurePreview = {
  clientToken: 'c1',
  erasedAt: null,
  securityCode: '4821',
  results: [
    { productType: 'BQ_RISK', interactionId: 'risk', status: 'RESULTS_AVAILABLE', createdAt: '2026-11-20T10:00:00.000Z', kept: true, retentionDuty: 'MIFID_II_RECORD_KEEPING', keepUntil: '2031-11-27' },
    { productType: 'BQ_SELECTION', interactionId: 'selection', status: 'RESULTS_AVAILABLE', createdAt: '2026-11-21T10:00:00.000Z', kept: false, retentionDuty: null, keepUntil: null },
  ],
};

beforeAll(() => initTestI18n());
beforeEach(() => {
  eraseAnswer = () => jsonResponse({ clientToken: 'c1', erasedAt: '2026-11-27T10:00:00.000Z', results: preview.results, removed: { results: 1, reportLinks: 0, certificates: 0, mails: 2 } });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/client/c1/erasure') return jsonResponse(preview);
    if (url === '/api/client/c1/erase') return eraseAnswer();
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const eraseCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/client/c1/erase');

describe('erase client dialog', () => {
  it('says per result what is kept and why, and erases only with the shown code', async () => {
    const onClose = vi.fn();
    renderWithProviders(<EraseClientModal clientToken="c1" opened onClose={onClose} />);
    expect(await screen.findByTestId('client-erase-code')).toHaveTextContent('4821');
    expect(screen.getByText(text('dataRights.erase.kept'))).toBeInTheDocument();
    expect(screen.getByText(text('dataRights.erase.deleted'))).toBeInTheDocument();
    expect(screen.getByTestId('client-erase-results')).toHaveTextContent('MiFID II');
    // What stays in the trail and what goes with the client, before the adviser confirms (issue 36 point 13).
    expect(screen.getByTestId('client-erase-trail')).toHaveTextContent(/keeps its events about this client for 7 years.*never by name.*\(IP address and browser\) is deleted now/);
    const input = screen.getByTestId('client-erase-code-input');
    fireEvent.change(input, { target: { value: '1111' } });
    expect(screen.getByTestId('client-erase-confirm')).toBeDisabled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(text('ERROR_SECURITY_CODE_MISMATCH'))).toBeInTheDocument();
    expect(eraseCalls()).toHaveLength(0);
    fireEvent.change(input, { target: { value: '4821' } });
    fireEvent.click(screen.getByTestId('client-erase-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(eraseCalls()[0]![1]!.body))).toEqual({ securityCode: '4821' });
  });

  it('shows the server\'s refusal in the dialog and stays open', async () => {
    eraseAnswer = () => jsonResponse({ errorKey: 'error.data_rights.security_code_mismatch', message: 'x' }, 400);
    const onClose = vi.fn();
    renderWithProviders(<EraseClientModal clientToken="c1" opened onClose={onClose} />);
    const input = await screen.findByTestId('client-erase-code-input');
    fireEvent.change(input, { target: { value: '4821' } });
    fireEvent.click(screen.getByTestId('client-erase-confirm'));
    expect(await screen.findByTestId('client-erase-error')).toHaveTextContent(text('ERROR_DATA_RIGHTS_SECURITY_CODE_MISMATCH'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
