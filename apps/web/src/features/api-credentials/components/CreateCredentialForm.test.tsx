// Creating a credential sends its term: 90 days unless another is picked, a year at most (docs/decisions/0072).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClientWithUser, userOf } from '../../../test/fixtures';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { CreateCredentialForm } from './CreateCredentialForm';

const fetchMock = vi.fn<typeof fetch>();
beforeAll(() => initTestI18n());
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { description?: string };
    return jsonResponse({ id: 'c1', description: body.description, secret: 'bqk_x', expiresAt: '2027-12-06T10:00:00.000Z' }, 201);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const posted = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/management/credentials' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

describe('the new credential form', () => {
  it('sends 90 days by default and the term the creator picks', async () => {
    const onCreated = vi.fn();
    renderWithProviders(<CreateCredentialForm onCreated={onCreated} />, { queryClient: queryClientWithUser(userOf()) });
    const description = screen.getByLabelText(exactLabel(enUsTexts['apiCredentials.create.description']!));
    const term = screen.getByLabelText(exactLabel(enUsTexts['apiCredentials.create.term']!));
    expect(term).toHaveValue('90');

    fireEvent.change(description, { target: { value: 'Nightly CRM export' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['apiCredentials.create.submit'] }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));

    fireEvent.change(description, { target: { value: 'Yearly audit pull' } });
    fireEvent.change(term, { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: enUsTexts['apiCredentials.create.submit'] }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(2));

    expect(posted()).toEqual([
      { description: 'Nightly CRM export', expiresInDays: 90 },
      { description: 'Yearly audit pull', expiresInDays: 365 },
    ]);
  });
});
