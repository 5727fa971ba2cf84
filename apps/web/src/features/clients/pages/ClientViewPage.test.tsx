import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TClient, TClientProfile } from '@bq/contracts/clients';
import type { TUser } from '@bq/contracts/user';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../test/fixtures';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../test/render';
import { adviser, clientOf, instanceOf, profileOf, reader } from '../test-data';
import { riskInteraction } from '../interactions/test-data';
import { ClientViewPage } from './ClientViewPage';

const fetchMock = vi.fn<typeof fetch>();
let profile: TClientProfile | null;

const PROFILE_URL = `/api/client/c1/product/${RISK_CONFIGURATION_ID}/profile`;

beforeAll(() => initTestI18n());

beforeEach(() => {
  profile = profileOf({
    instances: [
      instanceOf({
        token: 'i2',
        status: 'OPENED',
        lockStatus: 'LOCKED',
        createdAt: '2026-04-20T08:00:00Z',
        expirationStatus: 'EXPIRED',
      }),
      instanceOf({
        token: 'i1',
        status: 'RESULTS_AVAILABLE',
        lockStatus: 'UNLOCKED',
        expiresAt: null,
        expirationStatus: null,
      }),
    ],
  });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url === PROFILE_URL) {
      return profile
        ? jsonResponse(profile)
        : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
    }
    if (url === '/api/interactions') return jsonResponse([riskInteraction]);
    if (url.includes('/resource_limit/BQ_INTERACTION_COUNT/'))
      return jsonResponse({ limit: null, used: 2, available: true });
    if (url === '/api/admin/bq_user/c1/deactivate') return jsonResponse(clientOf({ active: false }));
    if (url === '/api/admin/bq_user/c1/activate') return jsonResponse(clientOf({ active: true }));
    if (url === '/api/admin/bq_user' && init?.method === 'PATCH') return jsonResponse(clientOf({ ...body }));
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const fieldsOf = ({ firstName, lastName, email, phone, group, locale }: TClient) => ({
  firstName,
  lastName,
  email,
  phone,
  group,
  locale,
});
const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

function renderView(user: TUser = adviser) {
  return renderWithProviders(<ClientViewPage />, {
    route: '/BQ_RISK/client/c1',
    path: '/:productName/client/:clientToken',
    queryClient: queryClientWithUser(user),
  });
}

describe('client view', () => {
  it("shows the client's details and interactions, each interaction linking to its page", async () => {
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Müller, Anna' })).toBeInTheDocument();
    expect(screen.getByTestId('client-email')).toHaveTextContent('anna.mueller@example.com');
    expect(screen.getByTestId('client-phone')).toHaveTextContent('+49 30 1234567');
    expect(screen.getByTestId('client-locale')).toHaveTextContent('Deutsch (Deutschland)');
    expect(screen.getByTestId('client-created')).toHaveTextContent('03/14/2026');
    expect(screen.getByRole('radio', { name: text('clientGroup.PROSPECT') })).toBeChecked();

    const latest = screen.getByTestId('client-interaction-row-i2');
    expect(within(latest).getByRole('link')).toHaveAttribute('href', '/BQ_RISK/client/c1/interaction/i2');
    expect(latest).toHaveTextContent(text('interactionStatus.OPENED'));
    expect(latest).toHaveTextContent(text('expirationStatus.EXPIRED'));
    const older = screen.getByTestId('client-interaction-row-i1');
    expect(older).toHaveTextContent(text('lockStatus.UNLOCKED'));
    expect(older).toHaveTextContent(text('clients.interactions.noExpiry'));
  });

  it('offers "Add to comparison" only when a finished result is unlocked', async () => {
    const comparer: TUser = {
      ...adviser,
      permissions: [...adviser.permissions, { realm: 'BQ_RISK', entity: 'INDIVIDUAL_COMPARISON', action: 'READ' }],
    };
    const view = renderView(comparer);
    expect(await screen.findByTestId('add-to-comparison')).toBeInTheDocument();
    view.unmount();
    profile = profileOf({ instances: [instanceOf({ token: 'i1', status: 'RESULTS_AVAILABLE', lockStatus: 'LOCKED' })] });
    renderView(comparer);
    expect(await screen.findByTestId('client-interaction-row-i1')).toBeInTheDocument();
    expect(screen.queryByTestId('add-to-comparison')).toBeNull();
  });

  it('offers an erased client nothing that makes no sense: no activate, comparison, copy, erasure or sending (decision 0077)', async () => {
    const comparer: TUser = {
      ...adviser,
      permissions: [...adviser.permissions, { realm: 'BQ_RISK', entity: 'INDIVIDUAL_COMPARISON', action: 'READ' }],
    };
    profile = profileOf({
      firstName: 'Client',
      lastName: 'Erased',
      active: false,
      erasedAt: '2026-12-06T10:00:00Z',
      instances: [instanceOf({ token: 'i1', status: 'RESULTS_AVAILABLE', lockStatus: 'UNLOCKED' })],
    });
    renderView(comparer);
    expect(await screen.findByTestId('client-interaction-row-i1')).toBeInTheDocument();
    expect(screen.getByTestId('client-erased-badge')).toBeInTheDocument();
    for (const testId of ['add-to-comparison', 'client-activate-button', 'client-deactivate-button', 'client-edit-button', 'personal-data-download', 'client-erase-button']) {
      expect(screen.queryByTestId(testId), testId).toBeNull();
    }
    // Why, in words: the header's hint and the send button's reason.
    expect(screen.getByTestId('client-erased-actions')).toHaveTextContent(text('dataRights.erasedActions'));
    expect(screen.getByTestId('send-interaction-button')).toBeDisabled();
    expect(screen.getByTestId('send-interaction-notice')).toHaveTextContent(text('interactions.send.disabled.erased'));
  });

  it('puts the everyday actions first and "Erase client" last, in its own danger zone', async () => {
    renderView();
    const erase = await screen.findByTestId('client-erase-button');
    const interactions = screen.getByTestId('client-interactions');
    // DOM order is the order on every screen width (the page is one column on the phone).
    expect(interactions.compareDocumentPosition(erase) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('client-header').compareDocumentPosition(erase) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const zone = screen.getByTestId('client-danger-zone');
    expect(zone).toContainElement(erase);
    expect(zone).not.toContainElement(screen.getByTestId('personal-data-download'));
    expect(within(zone).getByRole('heading', { name: text('dataRights.dangerZone') })).toBeInTheDocument();
  });

  it('badges only a finished result as locked, and its badge opens the result', async () => {
    renderView();
    const unanswered = await screen.findByTestId('client-interaction-row-i2');
    expect(unanswered).not.toHaveTextContent(text('lockStatus.LOCKED'));
    expect(within(unanswered).getByTestId('lock-status')).toHaveTextContent(text('lockStatus.noResult'));
    const finished = within(screen.getByTestId('client-interaction-row-i1')).getByTestId('lock-status');
    expect(finished).toHaveAttribute('href', '/BQ_RISK/client/c1/dashboard/i1');
    expect(finished).toHaveTextContent(text('lockStatus.UNLOCKED'));
  });

  it('shows a client anonymised for the viewer as the server sends it: "Client 12", a hint, no e-mail, phone or edit', async () => {
    profile = profileOf({
      firstName: '',
      lastName: '',
      email: '',
      phone: null,
      initials: 'C12',
      anonymize: true,
      anonymizedName: 'Client 12',
      anonymizedInitials: 'C12',
      anonymizationKind: 'NUMBER',
    });
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Client 12' })).toBeInTheDocument();
    expect(screen.getByTestId('client-anonymised-badge')).toHaveTextContent(text('anonymisation.badge'));
    expect(screen.getByTestId('client-anonymised-hint')).toHaveTextContent(text('anonymisation.clientHint'));
    expect(screen.queryByTestId('client-email')).not.toBeInTheDocument();
    expect(screen.getByTestId('client-phone')).toHaveTextContent(text('anonymisation.hidden'));
    expect(screen.queryByTestId('client-edit-button')).not.toBeInTheDocument();
    // The group stays changeable.
    expect(screen.getByRole('radio', { name: text('clientGroup.PROSPECT') })).toBeChecked();
  });

  it('follows the statuses of its interactions without a reload', async () => {
    renderView();
    const row = await screen.findByTestId('client-interaction-row-i2');
    expect(within(row).getByTestId('interaction-status')).toHaveAttribute('data-status', 'OPENED');
    profile = profileOf({ instances: [instanceOf({ token: 'i2', status: 'CALCULATING' })] });
    await waitFor(
      () =>
        expect(
          within(screen.getByTestId('client-interaction-row-i2')).getByTestId('interaction-status'),
        ).toHaveAttribute('data-status', 'CALCULATING'),
      { timeout: 5000 },
    );
  }, 8000);

  it('says when no interaction was sent yet', async () => {
    profile = profileOf({ instances: [] });
    renderView();
    expect(await screen.findByTestId('client-interactions-empty')).toHaveTextContent(
      text('clients.interactions.empty.title'),
    );
  });

  it('asks before deactivating, then deactivates and offers to activate again', async () => {
    renderView();
    fireEvent.click(await screen.findByTestId('client-deactivate-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Müller, Anna?' });
    expect(dialog).toHaveTextContent(text('clients.deactivate.text'));
    expect(callsTo('/api/admin/bq_user/c1/deactivate')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: text('clients.deactivate.confirm') }));
    await waitFor(() => expect(callsTo('/api/admin/bq_user/c1/deactivate')).toHaveLength(1));
    const [call] = callsTo('/api/admin/bq_user/c1/deactivate');
    expect(call?.[1]?.method).toBe('POST');
    expect(bodyOf(call)).toEqual({ productType: 'BQ_RISK' });
    expect(await screen.findByTestId('client-inactive-badge')).toHaveTextContent(text('clients.inactive'));
    expect(screen.getByText('Müller, Anna has been deactivated.')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('client-activate-button'));
    await waitFor(() => expect(screen.queryByTestId('client-inactive-badge')).not.toBeInTheDocument());
    expect(bodyOf(callsTo('/api/admin/bq_user/c1/activate')[0])).toEqual({ productType: 'BQ_RISK' });
  });

  it('does nothing when the deactivation is cancelled', async () => {
    renderView();
    fireEvent.click(await screen.findByTestId('client-deactivate-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: text('common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api/admin/bq_user/c1/deactivate')).toHaveLength(0);
    expect(screen.queryByTestId('client-inactive-badge')).not.toBeInTheDocument();
  });

  it('changes the group at once', async () => {
    renderView();
    fireEvent.click(await screen.findByRole('radio', { name: text('clientGroup.ESTABLISHED') }));
    await waitFor(() => expect(callsTo('/api/admin/bq_user')).toHaveLength(1));
    // All fields go along: the update schema would otherwise reset the absent group / locale to defaults.
    expect(bodyOf(callsTo('/api/admin/bq_user')[0])).toEqual({
      ...fieldsOf(clientOf()),
      token: 'c1',
      productConfigurationId: RISK_CONFIGURATION_ID,
      group: 'ESTABLISHED',
    });
    expect(await screen.findByText('Müller, Anna is now marked as Established.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: text('clientGroup.ESTABLISHED') })).toBeChecked();
  });

  it('edits the client in a modal with the same validation', async () => {
    renderView();
    fireEvent.click(await screen.findByTestId('client-edit-button'));
    const dialog = await screen.findByRole('dialog', { name: text('clients.edit.title') });
    expect(screen.getByTestId('client-edit-modal')).toContainElement(dialog);
    const phone = within(dialog).getByLabelText(exactLabel(text('clients.form.phone')));
    expect(phone).toHaveValue('+49 30 1234567');
    fireEvent.change(phone, { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: text('clients.edit.submit') }));
    expect(await within(dialog).findByText(text('ERROR_VALIDATION_PHONE'))).toBeInTheDocument();
    expect(callsTo('/api/admin/bq_user')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '+49 89 7654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: text('clients.edit.submit') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo('/api/admin/bq_user')[0])).toEqual({
      ...fieldsOf(clientOf()),
      token: 'c1',
      productConfigurationId: RISK_CONFIGURATION_ID,
      phone: '+49 89 7654321',
    });
    expect(screen.getByTestId('client-phone')).toHaveTextContent('+49 89 7654321');
  });

  it('closes the edit modal without a request when nothing changed', async () => {
    renderView();
    fireEvent.click(await screen.findByTestId('client-edit-button'));
    const dialog = await screen.findByRole('dialog', { name: text('clients.edit.title') });
    fireEvent.click(within(dialog).getByRole('button', { name: text('clients.edit.submit') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api/admin/bq_user')).toHaveLength(0);
  });

  it('offers no changes to users who may only read clients', async () => {
    renderView(reader);
    await screen.findByTestId('client-view');
    expect(screen.queryByTestId('client-edit-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('client-deactivate-button')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: text('clientGroup.ESTABLISHED') })).toBeDisabled();
  });

  it('says "client not found" for an unknown client', async () => {
    profile = null;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderView();
    const notFound = await screen.findByTestId('client-not-found');
    expect(notFound).toHaveTextContent(text('clients.notFound.title'));
    expect(within(notFound).getByRole('link', { name: text('clients.notFound.back') })).toHaveAttribute(
      'href',
      '/product/BQ_RISK',
    );
  });
});
