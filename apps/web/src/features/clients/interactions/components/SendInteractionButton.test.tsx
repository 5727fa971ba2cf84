import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TClientProfile, TResourceLimit } from '@bq/contracts/clients';
import type { TUser } from '@bq/contracts/user';
import { enUsTexts, initTestI18n } from '../../../../test/i18n';
import { exactLabel, jsonResponse, renderWithProviders } from '../../../../test/render';
import { ClientViewPage } from '../../pages/ClientViewPage';
import { RISK_CONFIGURATION_ID, queryClientWithUser } from '../../../../test/fixtures';
import { adviser, profileOf, reader } from '../../test-data';
import { fullInstanceOf, riskInteraction, riskPreview } from '../test-data';

const fetchMock = vi.fn<typeof fetch>();
let profile: TClientProfile;
let limit: TResourceLimit;
let createResponse: () => Response;

const PROFILE_URL = `/api/client/c1/product/${RISK_CONFIGURATION_ID}/profile`;
const LIMIT_URL = '/api/admin/user/u1/resource_limit/BQ_INTERACTION_COUNT/risk/available';

beforeAll(() => initTestI18n());

beforeEach(() => {
  profile = profileOf({ instances: [] });
  limit = { limit: 100, used: 4, available: true };
  createResponse = () => jsonResponse(fullInstanceOf({ token: 'new1' }), 201);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === PROFILE_URL) return jsonResponse(profile);
    if (url === '/api/interactions') return jsonResponse([riskInteraction]);
    if (url === LIMIT_URL) return jsonResponse(limit);
    if (url === '/api/qi?interactionId=risk') return jsonResponse(riskPreview);
    if (url === '/api/instance') return createResponse();
    return jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/instance');
const bodyOf = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as unknown;

function renderView(user: TUser = adviser) {
  return renderWithProviders(<ClientViewPage />, {
    route: '/BQ_RISK/client/c1',
    path: '/:productName/client/:clientToken',
    queryClient: queryClientWithUser(user),
  });
}

async function openModal() {
  const button = await screen.findByTestId('send-interaction-button');
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Send questionnaire to Müller, Anna' });
}

const expiry = () => screen.getByLabelText(exactLabel(text('interactions.send.expiry.label')));

describe('send questionnaire', () => {
  it("shows the product's questionnaire with its size, duration and a preview of the questions", async () => {
    renderView();
    const dialog = await openModal();
    expect(screen.getByTestId('send-interaction-modal')).toContainElement(dialog);
    expect(await within(dialog).findByTestId('send-interaction-name')).toHaveTextContent('Risk profile');
    expect(within(dialog).getByTestId('send-interaction-facts')).toHaveTextContent(
      '3 questions · about 10 minutes',
    );

    const toggle = within(dialog).getByTestId('send-interaction-preview');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const questions = within(dialog).getByTestId('send-interaction-preview-questions');
    expect(questions).toHaveTextContent('Your attitude');
    expect(questions).toHaveTextContent('I sleep well in falling markets.');
    expect(await within(questions).findAllByRole('listitem')).toHaveLength(3);
  });

  it('keeps its actions in a footer below the scrolling part, so "Send" is reachable on a short screen (decision 0077)', async () => {
    renderView();
    const dialog = await openModal();
    const body = within(dialog).getByTestId('send-interaction-body');
    const footer = within(dialog).getByTestId('send-interaction-footer');
    const submit = within(dialog).getByTestId('send-interaction-submit');
    // The options scroll; the footer with Cancel and Send does not (it follows the scrolling part, not inside it).
    expect(body).toContainElement(expiry());
    expect(body).not.toContainElement(submit);
    expect(footer).toContainElement(submit);
    expect(footer).toContainElement(within(dialog).getByRole('button', { name: text('common.cancel') }));
    expect(body.contains(footer)).toBe(false);
    expect(body.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Still one form: Enter in a field and the footer's button both submit it.
    expect(submit.closest('form')).toBe(body.closest('form'));
    expect(submit).toHaveAttribute('type', 'submit');
  });

  it('starts with 30 days, the invitation e-mail ticked, reminder on and report off, and sends them in one click', async () => {
    createResponse = () =>
      jsonResponse(
        fullInstanceOf({
          token: 'new1',
          invitedAt: '2026-04-03T09:00:00Z',
          invitationMail: { state: 'QUEUED', queuedAt: '2026-04-03T09:00:00Z', sentAt: null, reason: null, attempts: 0 },
        }),
        201,
      );
    const { router } = renderView();
    await openModal();
    expect(expiry()).toHaveValue('30');
    const emailInvite = screen.getByRole('checkbox', {
      name: text('interactions.send.emailInvite.label').replace('{{email}}', 'anna.mueller@example.com'),
    });
    expect(emailInvite).toBeChecked();
    expect(screen.getByTestId('send-interaction-auto-reminder')).toBeChecked();
    expect(screen.getByTestId('send-interaction-auto-report')).not.toBeChecked();
    fireEvent.click(screen.getByTestId('send-interaction-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/BQ_RISK/client/c1/interaction/new1'));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.[1]?.method).toBe('POST');
    expect(bodyOf(posts()[0])).toEqual({
      clientToken: 'c1',
      productConfigurationId: RISK_CONFIGURATION_ID,
      expiresInDays: 30,
      autoReminder: true,
      autoSendReport: false,
      sendInvitationEmail: true,
      allowSecondOpen: false,
      startFromPrevious: false,
    });
    // It says where the invitation went, and that it is queued (not that it was e-mailed).
    expect(
      await screen.findByText(
        text('interactions.send.successQueued')
          .replace('{{name}}', 'Müller, Anna')
          .replace('{{email}}', 'anna.mueller@example.com'),
      ),
    ).toBeInTheDocument();
    // The profile is asked again, so the new interaction shows in the client's list.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === PROFILE_URL).length).toBeGreaterThan(1);
  });

  it("sends the adviser's choices", async () => {
    renderView();
    await openModal();
    fireEvent.change(expiry(), { target: { value: '14' } });
    fireEvent.click(screen.getByTestId('send-interaction-email-invite'));
    fireEvent.click(screen.getByTestId('send-interaction-auto-reminder'));
    fireEvent.click(screen.getByTestId('send-interaction-auto-report'));
    fireEvent.click(screen.getByTestId('send-interaction-submit'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(bodyOf(posts()[0])).toMatchObject({
      expiresInDays: 14,
      autoReminder: false,
      autoSendReport: true,
      sendInvitationEmail: false,
    });
    // Not e-mailed: the toast says the link is ready to be passed on.
    expect(
      await screen.findByText(text('interactions.send.success').replace('{{name}}', 'Müller, Anna')),
    ).toBeInTheDocument();
  });

  it.each(['0', '366', ''])('refuses an expiry of "%s" days and sends nothing', async (value) => {
    renderView();
    await openModal();
    fireEvent.change(expiry(), { target: { value } });
    fireEvent.click(screen.getByTestId('send-interaction-submit'));
    expect(await screen.findByText(text('interactions.send.expiry.invalid'))).toBeInTheDocument();
    expect(expiry()).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);

    fireEvent.change(expiry(), { target: { value: '365' } });
    await waitFor(() => expect(expiry()).not.toHaveAttribute('aria-invalid'));
  });

  it('shows a refusal of the server as its translated error', async () => {
    createResponse = () => jsonResponse({ errorKey: 'error.interaction.limit_reached', message: 'x' }, 403);
    const { router } = renderView();
    await openModal();
    fireEvent.click(screen.getByTestId('send-interaction-submit'));
    expect(await screen.findByText(text('ERROR_INTERACTION_LIMIT_REACHED'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/BQ_RISK/client/c1');
  });

  it('is disabled, saying why, for an inactive client', async () => {
    profile = profileOf({ active: false, instances: [] });
    renderView();
    const notice = await screen.findByTestId('send-interaction-notice');
    expect(notice).toHaveTextContent(text('interactions.send.disabled.inactive'));
    expect(screen.getByTestId('send-interaction-button')).toBeDisabled();
    expect(screen.getByTestId('send-interaction-button')).toHaveAccessibleDescription(
      text('interactions.send.disabled.inactive'),
    );
  });

  it("is disabled, saying why, when the product's questionnaire limit is used up", async () => {
    limit = { limit: 5, used: 5, available: false };
    renderView();
    const notice = await screen.findByTestId('send-interaction-notice');
    expect(notice).toHaveTextContent(text('interactions.send.disabled.limit').replace('{{limit}}', '5'));
    expect(screen.getByTestId('send-interaction-button')).toBeDisabled();
  });

  it('is disabled, saying why, for users who may not send questionnaires', async () => {
    renderView(reader);
    expect(await screen.findByTestId('send-interaction-notice')).toHaveTextContent(
      text('interactions.send.disabled.noPermission'),
    );
    expect(screen.getByTestId('send-interaction-button')).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/interactions')).toBe(false);
  });

  it('tells an unverified user, before any form, that sending needs a verified address, with a new link', async () => {
    renderView({ ...adviser, emailVerificationRequired: true });
    const notice = await screen.findByTestId('send-interaction-notice');
    expect(notice).toHaveTextContent(
      text('interactions.send.disabled.unverified').replace('{{email}}', adviser.email),
    );
    expect(screen.getByTestId('send-interaction-button')).toBeDisabled();
    expect(screen.getByTestId('send-interaction-resend-verification')).toHaveTextContent(
      text('verifyEmail.resendButton'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the yearly review when it is due: "Start the review", the previous answers ticked, sent as startFromPrevious', async () => {
    profile = profileOf({ instances: [], reviewDueAt: '2026-01-10T09:00:00Z', latestResultAt: '2025-01-10T09:00:00Z' });
    createResponse = () => jsonResponse(fullInstanceOf({ token: 'new2' }), 201);
    renderView();
    const button = await screen.findByTestId('send-interaction-button');
    await waitFor(() => expect(button).toHaveTextContent(text('review.start')));
    expect(screen.getByTestId('review-due')).toBeInTheDocument();
    await openModal();
    const fromPrevious = screen.getByTestId('send-interaction-from-previous');
    expect(fromPrevious).toBeChecked();
    fireEvent.click(screen.getByTestId('send-interaction-submit'));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(bodyOf(posts()[0])).toMatchObject({ startFromPrevious: true });
  });

  it('does not offer previous answers to a client without a result', async () => {
    renderView();
    await openModal();
    expect(screen.queryByTestId('send-interaction-from-previous')).not.toBeInTheDocument();
    expect(screen.getByTestId('send-interaction-button')).toHaveTextContent(text('interactions.send.button'));
  });
});
