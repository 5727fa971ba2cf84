import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TResourceLimit } from '@bq/contracts/clients';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../test/fixtures';
import { adviser, clientOf } from '../test-data';
import { CreateClientPage } from './CreateClientPage';

const fetchMock = vi.fn<typeof fetch>();
let limit: TResourceLimit;
let createResponse: () => Response;

beforeAll(() => initTestI18n());

beforeEach(() => {
  limit = { limit: 50, used: 3, available: true };
  createResponse = () =>
    jsonResponse(clientOf({ token: 'new-token', firstName: 'Anna', lastName: 'Müller' }), 201);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/resource_limit/BQ_USER_COUNT/')) return jsonResponse(limit);
    if (url === '/api/u') return createResponse();
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const field = (key: string) => screen.getByLabelText(exactLabel(text(key)));
const type = (key: string, value: string) => fireEvent.change(field(key), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: text('clients.create') }));
const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/u');

function renderPage() {
  return renderWithProviders(<CreateClientPage />, {
    route: '/BQ_RISK/client',
    path: '/:productName/client',
    queryClient: queryClientWithUser(adviser),
  });
}

function fillValidClient() {
  type('clients.form.firstName', 'Anna');
  type('clients.form.lastName', 'Müller');
  type('clients.form.email', 'anna.mueller@example.com');
}

describe('create client', () => {
  it('asks for first name, last name and e-mail, and sends nothing', async () => {
    renderPage();
    submit();
    expect(await screen.findAllByText(text('ERROR_VALIDATION_REQUIRED'))).toHaveLength(3);
    for (const key of ['clients.form.firstName', 'clients.form.lastName', 'clients.form.email']) {
      expect(field(key)).toHaveAttribute('aria-invalid', 'true');
    }
    // The phone is optional.
    expect(field('clients.form.phone')).not.toHaveAttribute('aria-invalid');
    expect(posts()).toHaveLength(0);
  });

  it('says when the e-mail address is not valid', async () => {
    renderPage();
    fillValidClient();
    type('clients.form.email', 'anna@');
    submit();
    expect(await screen.findByText(text('ERROR_VALIDATION_INVALID_EMAIL'))).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('rejects a phone number that is too short or has other characters, and shows the hint', async () => {
    renderPage();
    expect(screen.getByText(text('clients.form.phoneHint'))).toBeInTheDocument();
    fillValidClient();
    type('clients.form.phone', '12345');
    submit();
    expect(await screen.findByText(text('ERROR_VALIDATION_PHONE'))).toBeInTheDocument();

    type('clients.form.phone', '+49 30 1234x67');
    expect(screen.getByText(text('ERROR_VALIDATION_PHONE'))).toBeInTheDocument();

    type('clients.form.phone', '+49 (30) 123-4567');
    await waitFor(() => expect(screen.queryByText(text('ERROR_VALIDATION_PHONE'))).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);
  });

  it("creates the client in the product's configuration and opens the new client's view", async () => {
    const { router } = renderPage();
    fillValidClient();
    type('clients.form.phone', ' +49 30 1234567 ');
    fireEvent.click(screen.getByRole('radio', { name: text('clientGroup.ESTABLISHED') }));
    fireEvent.change(field('clients.form.locale'), { target: { value: 'DE_DE' } });
    // How German mails greet her: "Sehr geehrte Frau Müller" (issue 22).
    fireEvent.change(field('clients.form.salutation'), { target: { value: 'MS' } });
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/BQ_RISK/client/new-token'));
    const [, init] = posts()[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Anna',
      lastName: 'Müller',
      email: 'anna.mueller@example.com',
      phone: '+49 30 1234567',
      group: 'ESTABLISHED',
      locale: 'DE_DE',
      salutation: 'MS',
      productConfigurationId: RISK_CONFIGURATION_ID,
    });
    expect(await screen.findByText('Müller, Anna has been created.')).toBeInTheDocument();
  });

  it("starts with the adviser's own language and the group Prospect", () => {
    renderPage();
    expect(field('clients.form.locale')).toHaveValue('EN_US');
    expect(screen.getByRole('radio', { name: text('clientGroup.PROSPECT') })).toBeChecked();
  });

  it('shows a duplicate e-mail as a toast and on the e-mail field until the address changes', async () => {
    createResponse = () =>
      jsonResponse(
        { errorKey: 'error.client.duplicate', message: 'A client with this e-mail already exists' },
        409,
      );
    renderPage();
    fillValidClient();
    submit();
    // Once in the toast, once under the field.
    await waitFor(() => expect(screen.getAllByText(text('ERROR_CLIENT_DUPLICATE'))).toHaveLength(2));
    expect(field('clients.form.email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('clients.form.email')).toHaveAccessibleDescription(text('ERROR_CLIENT_DUPLICATE'));

    type('clients.form.email', 'anna.m@example.com');
    expect(field('clients.form.email')).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's field errors on their fields", async () => {
    createResponse = () =>
      jsonResponse(
        {
          errorKey: 'error.validation',
          message: 'x',
          fields: [{ path: 'body.phone', errorKey: 'error.validation.phone' }],
        },
        400,
      );
    renderPage();
    fillValidClient();
    submit();
    expect(await screen.findByText(text('ERROR_VALIDATION'))).toBeInTheDocument();
    expect(field('clients.form.phone')).toHaveAccessibleDescription(
      expect.stringContaining(text('ERROR_VALIDATION_PHONE')),
    );
  });

  it('says when the account has no room for another client', async () => {
    createResponse = () => jsonResponse({ errorKey: 'error.client.limit_reached', message: 'x' }, 403);
    renderPage();
    fillValidClient();
    submit();
    expect(await screen.findByText(text('ERROR_CLIENT_LIMIT_REACHED'))).toBeInTheDocument();
  });

  it('explains a used-up client limit before the form is filled in', async () => {
    limit = { limit: 3, used: 3, available: false };
    renderPage();
    const notice = await screen.findByTestId('client-limit-notice');
    expect(notice).toHaveTextContent(text('clients.limit.reached').replace('{{limit}}', '3'));
    expect(screen.getByRole('button', { name: text('clients.create') })).toBeDisabled();
  });

  it('goes back to the client list on cancel', () => {
    renderPage();
    const form = screen.getByTestId('client-form');
    expect(within(form).getByRole('link', { name: text('common.cancel') })).toHaveAttribute(
      'href',
      '/product/BQ_RISK',
    );
  });
});
