import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { RetentionSettingsPage } from './RetentionSettingsPage';

const fetchMock = vi.fn<typeof fetch>();
const ADMIN = [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }];
const ZERO = { advisoryResults: 0, selectionResults: 0, clients: 0, mails: 0 };
let counts = { advisoryResults: 2, selectionResults: 5, clients: 1, mails: 12 };
let settingsStatus = 200;

beforeAll(() => initTestI18n());
beforeEach(() => {
  counts = { advisoryResults: 2, selectionResults: 5, clients: 1, mails: 12 };
  settingsStatus = 200;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/account/retention' && method === 'GET') {
      if (settingsStatus !== 200) return jsonResponse({ errorKey: 'error.general', message: 'x' }, settingsStatus);
      return jsonResponse({ advisoryYears: 5, selectionMonths: 6, mailDays: 90, auditYears: 7, updatedAt: null });
    }
    if (url === '/api/account/retention' && method === 'PUT') {
      return jsonResponse({ ...(JSON.parse(String(init?.body)) as object), mailDays: 90, auditYears: 7, updatedAt: '2026-11-27T10:00:00.000Z' });
    }
    if (url === '/api/account/assessment-notice' && method === 'GET') return jsonResponse({ contact: null, text: null, updatedAt: null });
    if (url === '/api/account/assessment-notice' && method === 'PUT') {
      return jsonResponse({ ...(JSON.parse(String(init?.body)) as object), updatedAt: '2026-11-28T10:00:00.000Z' });
    }
    if (url === '/api/account/retention/preview') return jsonResponse({ until: '2026-12-27T10:00:00.000Z', counts, auditEventsPastRetention: 0 });
    return jsonResponse({ errorKey: 'error.not_found', message: url }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const render = (permissions = ADMIN) =>
  renderWithProviders(<RetentionSettingsPage />, { route: '/settings/retention', queryClient: queryClientWithUser(userOf({ permissions })) });
const months = () => screen.getByLabelText(exactLabel(enUsTexts['retention.selection.label']!));
const puts = () => fetchMock.mock.calls.filter(([url, i]) => String(url) === '/api/account/retention' && i?.method === 'PUT');

describe('Settings > Retention', () => {
  it('shows the preview per class and saves a new selection period', async () => {
    render();
    const table = await screen.findByRole('table', { name: enUsTexts['retention.preview.caption'] });
    expect(within(table).getByTestId('retention-preview-mails')).toHaveTextContent('12');
    expect(within(table).getByTestId('retention-preview-advisoryResults')).toHaveTextContent('2');
    expect(await screen.findByDisplayValue('6')).toBe(months());
    fireEvent.click(screen.getByRole('radio', { name: '7 years' }));
    fireEvent.change(months(), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['retention.save'] }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]![1]?.body))).toEqual({ advisoryYears: 7, selectionMonths: 12 });
  });

  it('shows what is wrong with the months and sends nothing', async () => {
    render();
    await screen.findByDisplayValue('6');
    for (const value of ['0', '37', '2.5', '']) {
      fireEvent.change(months(), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: enUsTexts['retention.save'] }));
      expect(await screen.findByText(enUsTexts['ERROR_VALIDATION_RETENTION_SELECTION_MONTHS']!)).toBeInTheDocument();
    }
    expect(months()).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
  });

  it("saves the notice's contact and own text, and refuses a text over 2000 characters without sending it", async () => {
    render();
    const contact = await screen.findByLabelText(exactLabel(enUsTexts['assessmentNotice.contact.label']!));
    const text = screen.getByLabelText(exactLabel(enUsTexts['assessmentNotice.text.label']!));
    const noticePuts = () => fetchMock.mock.calls.filter(([url, i]) => String(url) === '/api/account/assessment-notice' && i?.method === 'PUT');
    fireEvent.change(text, { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['assessmentNotice.save'] }));
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(noticePuts()).toHaveLength(0);
    fireEvent.change(contact, { target: { value: 'HR team, hr@example.com' } });
    fireEvent.change(text, { target: { value: 'Only for this role.' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['assessmentNotice.save'] }));
    await waitFor(() => expect(noticePuts()).toHaveLength(1));
    expect(JSON.parse(String(noticePuts()[0]![1]?.body))).toEqual({ contact: 'HR team, hr@example.com', text: 'Only for this role.' });
  });

  it('says when nothing is due, and offers a retry when the settings cannot be loaded', async () => {
    counts = ZERO;
    settingsStatus = 500;
    render();
    expect(await screen.findByTestId('retention-preview-empty')).toHaveTextContent(enUsTexts['retention.preview.empty']!);
    expect(await screen.findByText(enUsTexts['retention.errorTitle']!)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: enUsTexts['common.retry'] })).toBeInTheDocument();
  });

  it('tells a user who is not an administrator that the page is not for them, and asks nothing', async () => {
    render([{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    expect(await screen.findByText(enUsTexts['retention.forbidden.title']!)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/account/retention'))).toBe(false);
  });
});
