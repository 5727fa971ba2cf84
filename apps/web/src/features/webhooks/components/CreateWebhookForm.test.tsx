// The new endpoint form: the URL is checked with the contract's rule before anything is sent; an address the server
// refuses (an internal network) is named at the URL field, not in a toast; no event chosen sends nothing; a good
// endpoint is sent with its events and the personal-data switch as chosen.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { CreateWebhookForm } from './CreateWebhookForm';

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { url?: string };
    if (body.url?.includes('10.0.0.5')) return jsonResponse({ errorKey: 'error.webhook.private_address', message: 'internal' }, 400);
    return jsonResponse({ id: 'w1', url: body.url, description: '', events: [], includePersonalData: false, status: 'ACTIVE', pausedReason: null, previousSecretUntil: null, createdAt: '2026-12-07T10:00:00.000Z', secret: 'whsec_x' }, 201);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const posted = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/account/webhooks' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

function renderForm() {
  const onCreated = vi.fn();
  renderWithProviders(<CreateWebhookForm onCreated={onCreated} />, { queryClient: queryClientWithUser(userOf()) });
  const url = screen.getByLabelText(exactLabel(enUsTexts['webhooks.form.url']!));
  const submit = () => fireEvent.click(screen.getByRole('button', { name: enUsTexts['webhooks.create.submit'] }));
  return { onCreated, url, submit };
}

describe('the new webhook endpoint form', () => {
  it('checks the URL before sending and names a refused address at the field', async () => {
    const { url, submit, onCreated } = renderForm();
    fireEvent.change(url, { target: { value: 'crm.example.com' } });
    submit();
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(posted()).toEqual([]);

    fireEvent.change(url, { target: { value: 'https://10.0.0.5/hook' } });
    submit();
    expect(await screen.findByText(enUsTexts['ERROR_WEBHOOK_PRIVATE_ADDRESS']!)).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('sends nothing without an event, then the chosen events and the personal-data switch', async () => {
    const { url, submit, onCreated } = renderForm();
    fireEvent.change(url, { target: { value: 'https://crm.example.com/hooks/bq' } });
    fireEvent.click(screen.getByLabelText(new RegExp(enUsTexts['webhooks.event.result.available']!)));
    submit();
    expect(await screen.findByText(enUsTexts['webhooks.form.eventsRequired']!)).toBeInTheDocument();
    expect(posted()).toEqual([]);

    fireEvent.click(screen.getByLabelText(new RegExp(enUsTexts['webhooks.event.client.created']!)));
    fireEvent.click(screen.getByLabelText(new RegExp(enUsTexts['webhooks.event.interaction.completed']!)));
    fireEvent.click(screen.getByRole('switch', { name: new RegExp(enUsTexts['webhooks.form.personalData']!) }));
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(posted()).toEqual([{ url: 'https://crm.example.com/hooks/bq', description: '', events: ['client.created', 'interaction.completed'], includePersonalData: true }]);
  });
});
