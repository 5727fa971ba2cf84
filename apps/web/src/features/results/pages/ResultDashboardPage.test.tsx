import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUser } from '@bq/contracts/user';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { instanceOf, queryClientWithUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { adviser, contentOf, dashboardOf, predictionOf, projectionSection, trialOf } from '../test-data';
import { ResultDashboardPage } from './ResultDashboardPage';

const fetchMock = vi.fn<typeof fetch>();
type Handler = (init: RequestInit | undefined) => Response;
let handlers: Record<string, Handler>;

const DASHBOARD_URL = '/api/dashboard/i1';
const CONTENT_URL = '/api/dashboard/content/bqa/i1?locale=EN_US';
const INSTANCE_URL = '/api/instance/i1';
const UNLOCK_URL = '/api/credit/unlock';
const PREDICT_URL = '/api/predict/bqa/i1?locale=EN_US';
const TRIAL_URL = '/api/trial/bq_advisory_wealth';

const error = (errorKey: string, status: number) => () => jsonResponse({ errorKey, message: 'x' }, status);

beforeAll(() => initTestI18n());

beforeEach(() => {
  handlers = {
    [DASHBOARD_URL]: () => jsonResponse(dashboardOf()),
    [CONTENT_URL]: () => jsonResponse(contentOf()),
    [INSTANCE_URL]: () => jsonResponse(instanceOf()),
    '/api/user': () => jsonResponse(adviser),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const handler = handlers[String(input)];
    return handler ? handler(init) : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

const text = (key: string) => enUsTexts[key]!;
const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);

/** The credit balance as the shell's header reads it (GET /api/user). */
function BalanceProbe() {
  const { data } = useCurrentUser();
  return <span data-testid="credit-balance">{data?.creditBalance}</span>;
}

function renderPage(product = 'BQ_RISK', user: TUser = adviser) {
  return renderWithProviders(
    <>
      <BalanceProbe />
      <ResultDashboardPage />
    </>,
    {
      route: `/${product}/client/c1/dashboard/i1`,
      path: '/:productName/client/:clientToken/dashboard/:interactionInstanceToken',
      queryClient: queryClientWithUser(user),
    },
  );
}

describe('result dashboard: states of the request', () => {
  it('shows a skeleton while loading, then the header with evidence', async () => {
    renderPage();
    expect(screen.getByTestId('result-loading')).toHaveAttribute('role', 'status');
    const header = await screen.findByTestId('result-header');
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('Result for Müller, Anna');
    expect(
      await within(header).findByText(/Risk profile questionnaire · Completed on 04\/03\/2026/),
    ).toBeInTheDocument();
    // No developer line in the header: the evidence is at the foot, behind a "Technical evidence" disclosure.
    expect(header).not.toHaveTextContent('Norms 2026.1');
    const evidence = screen.getByTestId('result-evidence');
    expect(header).not.toContainElement(evidence);
    const toggle = within(evidence).getByRole('button', { name: text('results.evidence.toggle') });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('result-provisional-norms')).toHaveTextContent(
      text('results.evidence.provisional'),
    );
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByTestId('result-evidence-details');
    expect(toggle).toHaveAttribute('aria-controls', details.id);
    expect(details).toHaveTextContent('Norms 2026.1');
    expect(details).toHaveTextContent('algorithm 1.0.0');
    expect(details).toHaveTextContent('3f2a9c1b7d4e');
    expect(evidence).toHaveAttribute('data-hash', dashboardOf().evidence.answersHash);
    expect(screen.getByTestId('result-lock-badge')).toHaveAttribute('data-status', 'UNLOCKED');
  });

  it('tells a user who may read but not unlock or buy whom to ask, instead of buttons the server refuses', async () => {
    handlers[DASHBOARD_URL] = error('error.result.locked', 402);
    const reader = { ...adviser, permissions: [{ realm: 'ALL' as const, entity: 'ALL' as const, action: 'READ' as const }] };
    handlers['/api/user'] = () => jsonResponse(reader);
    renderPage('BQ_RISK', reader);
    const panel = await screen.findByTestId('result-unlock-panel');
    expect(within(panel).getByTestId('result-unlock-not-allowed')).toHaveTextContent(text('results.unlock.notAllowed'));
    expect(within(panel).queryByTestId('result-unlock-button')).not.toBeInTheDocument();

    cleanup();
    // May unlock, but no credits and may not buy them: no buy link that would answer 403.
    const unlocker = {
      ...adviser,
      creditBalance: 0,
      permissions: [
        { realm: 'ALL' as const, entity: 'ALL' as const, action: 'READ' as const },
        { realm: 'ALL' as const, entity: 'INDIVIDUAL_RESULTS' as const, action: 'UPDATE' as const },
      ],
    };
    handlers['/api/user'] = () => jsonResponse(unlocker);
    renderPage('BQ_RISK', unlocker);
    const second = await screen.findByTestId('result-unlock-panel');
    expect(within(second).getByTestId('result-unlock-not-allowed')).toHaveTextContent(text('results.unlock.askToBuy'));
    expect(within(second).queryByTestId('result-unlock-buy')).not.toBeInTheDocument();
  });

  it("offers no report mail for an erased client's kept result, whose report stays readable (decision 0077)", async () => {
    const kept = dashboardOf();
    handlers[DASHBOARD_URL] = () => jsonResponse({ ...kept, client: { ...kept.client, firstName: 'Client', lastName: 'Erased', erasedAt: '2026-12-06T10:00:00Z' } });
    renderPage();
    await screen.findByTestId('result-dashboard');
    expect(screen.getByTestId('result-report-link')).toBeInTheDocument();
    expect(screen.queryByTestId('result-send-report-email')).not.toBeInTheDocument();
  });

  it('offers mailing the report only to a user who may create reports', async () => {
    const reader = { ...adviser, permissions: [{ realm: 'ALL' as const, entity: 'ALL' as const, action: 'READ' as const }] };
    handlers['/api/user'] = () => jsonResponse(reader);
    renderPage('BQ_RISK', reader);
    await screen.findByTestId('result-dashboard');
    expect(screen.queryByTestId('result-send-report-email')).not.toBeInTheDocument();
    cleanup();
    handlers['/api/user'] = () => jsonResponse(adviser);
    renderPage();
    expect(await screen.findByTestId('result-send-report-email')).toBeVisible();
  });

  it('unlocks a locked result with one credit, refreshes the balance, then shows the result', async () => {
    let locked = true;
    handlers[DASHBOARD_URL] = () =>
      locked ? error('error.result.locked', 402)() : jsonResponse(dashboardOf({ lockStatus: 'UNLOCKED' }));
    handlers[UNLOCK_URL] = () => {
      locked = false;
      return jsonResponse({
        interactionToken: 'i1',
        lockStatus: 'UNLOCKED',
        creditSpent: true,
        creditBalance: 11,
      });
    };
    handlers['/api/user'] = () => jsonResponse({ ...adviser, creditBalance: 11 });
    renderPage();

    const panel = await screen.findByTestId('result-unlock-panel');
    expect(panel).toHaveTextContent('Your balance: 12 credits');
    expect(screen.queryByTestId('result-dashboard')).not.toBeInTheDocument();
    const button = within(panel).getByTestId('result-unlock-button');
    expect(button).toHaveTextContent(text('results.unlock.button'));
    // A confirmation first, with the balance before and after; cancelling spends nothing.
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: text('results.unlock.confirm.title') });
    expect(within(dialog).getByTestId('result-unlock-confirm-text')).toHaveTextContent(
      'Your balance is 12 credits; after unlocking it will be 11 credits.',
    );
    fireEvent.click(within(dialog).getByTestId('result-unlock-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(UNLOCK_URL)).toHaveLength(0);
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('result-unlock-confirm'));

    expect(await screen.findByTestId('result-dashboard')).toBeInTheDocument();
    const [, init] = callsTo(UNLOCK_URL)[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ interactionToken: 'i1' });
    expect(callsTo(UNLOCK_URL)).toHaveLength(1);
    await waitFor(() => expect(callsTo('/api/user')).toHaveLength(1));
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('11');
  });

  it('says payment is required when no credit is left, and unlocks nothing', async () => {
    handlers[DASHBOARD_URL] = error('error.result.locked', 402);
    handlers[UNLOCK_URL] = error('error.credit.payment_required', 402);
    renderPage();
    fireEvent.click(await screen.findByTestId('result-unlock-button'));
    fireEvent.click(await screen.findByTestId('result-unlock-confirm'));
    const panel = await screen.findByTestId('result-payment-required');
    expect(panel).toHaveTextContent(text('ERROR_CREDIT_PAYMENT_REQUIRED'));
    // Buying leads to the product's purchase choice, which offers this result again afterwards.
    const buy = within(panel).getByRole('link', { name: text('results.payment.buy') });
    expect(buy.getAttribute('href')).toMatch(/^\/BQ_[A-Z_]+\/credits\?returnTo=%2FBQ_[A-Z_]+%2Fclient%2F/);
    expect(screen.queryByTestId('result-unlock-panel')).not.toBeInTheDocument();
    expect(screen.queryByTestId('result-dashboard')).not.toBeInTheDocument();
    expect(callsTo(DASHBOARD_URL)).toHaveLength(1);
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('12');
    // No toast on top of the panel.
    expect(screen.queryByText(text('notification.error.title'))).not.toBeInTheDocument();
  });

  it('offers buying credits straight away when the balance is 0, without a confirmation that would fail', async () => {
    handlers[DASHBOARD_URL] = error('error.result.locked', 402);
    renderPage('BQ_RISK', { ...adviser, creditBalance: 0 });
    const panel = await screen.findByTestId('result-unlock-panel');
    expect(within(panel).queryByTestId('result-unlock-button')).not.toBeInTheDocument();
    const buy = within(panel).getByRole('link', { name: text('results.unlock.buy') });
    expect(buy).toHaveAttribute('href', `/BQ_RISK/credits?returnTo=${encodeURIComponent('/BQ_RISK/client/c1/dashboard/i1')}`);
    expect(callsTo(UNLOCK_URL)).toHaveLength(0);
  });

  it('shows the calculation live and then the result without a reload', async () => {
    let ready = false;
    handlers[DASHBOARD_URL] = () =>
      ready ? jsonResponse(dashboardOf()) : error('error.result.not_ready', 409)();
    handlers[INSTANCE_URL] = () =>
      jsonResponse(
        instanceOf({ status: ready ? 'RESULTS_AVAILABLE' : 'CALCULATING', lockStatus: 'UNLOCKED' }),
      );
    renderPage();
    const calculating = await screen.findByTestId('result-calculating');
    await waitFor(() => expect(calculating).toHaveAttribute('data-status', 'CALCULATING'));
    expect(calculating).toHaveTextContent(text('results.calculating.title'));
    expect(screen.getByTestId('result-live-hint')).toBeInTheDocument();
    ready = true;
    expect(await screen.findByTestId('result-dashboard', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(callsTo(INSTANCE_URL).length).toBeGreaterThanOrEqual(2);
  }, 10_000);

  it('e-mails the report to the client and names the address', async () => {
    const SEND_URL = '/api/instance/i1/report/email';
    handlers[SEND_URL] = () => jsonResponse({ sentTo: 'anna@example.com', reportSentAt: '2026-04-05T09:15:00Z' });
    renderPage();
    const button = await screen.findByRole('button', { name: text('results.documents.email') });
    // Asked first, naming the address; cancelling sends nothing.
    fireEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Email the report to Müller, Anna?' });
    expect(dialog).toHaveTextContent(
      'A new link to download the report goes to anna@example.com, in the client\'s language.',
    );
    fireEvent.click(within(dialog).getByTestId('result-send-report-email-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(SEND_URL)).toHaveLength(0);

    fireEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: 'Email the report to Müller, Anna?' });
    fireEvent.click(within(dialog).getByRole('button', { name: text('results.documents.emailConfirm.confirm') }));
    // Queued, not "emailed": the mail has not left when the server answers (docs/decisions/0083).
    expect(await screen.findByText("The report mail to anna@example.com is queued. The questionnaire's page shows when it has been sent.")).toBeInTheDocument();
    expect(callsTo(SEND_URL)).toHaveLength(1);
    expect(callsTo(SEND_URL)[0]?.[1]?.method).toBe('POST');
  });

  it('says so when the report mail fails', async () => {
    handlers['/api/instance/i1/report/email'] = error('error.general', 500);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: text('results.documents.email') }));
    fireEvent.click(await screen.findByTestId('result-send-report-email-confirm'));
    expect(await screen.findByText(text('ERROR_GENERAL'))).toBeInTheDocument();
  });

  it("downloads the adviser's file note in the user's language, and says so when it fails (decision 0030)", async () => {
    const FILE_NOTE_URL = '/api/dashboard/i1/fileNote?locale=EN_US';
    // The browser's save: an object URL on a clicked <a download> (lib/save-file.ts), recorded instead.
    const saved: string[] = [];
    for (const name of ['createObjectURL', 'revokeObjectURL'] as const) {
      if (!(name in URL)) Object.defineProperty(URL, name, { configurable: true, writable: true, value: () => '' });
    }
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-note');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    handlers[FILE_NOTE_URL] = () =>
      new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="File-note_Mueller_Anna_05-04-2026.pdf"' },
      });
    renderPage();
    const button = await screen.findByRole('button', { name: text('results.documents.fileNote') });
    fireEvent.click(button);
    await waitFor(() => expect(callsTo(FILE_NOTE_URL)).toHaveLength(1));
    await waitFor(() => expect(saved).toEqual(['File-note_Mueller_Anna_05-04-2026.pdf']), { timeout: 5000 });

    handlers[FILE_NOTE_URL] = error('error.general', 500);
    fireEvent.click(button);
    expect(await screen.findByText(text('ERROR_GENERAL'))).toBeInTheDocument();
  }, 20_000);

  it("offers a selection result's evaluator the selection report with the outlook, not a file note (decision 0082)", async () => {
    const FILE_NOTE_URL = '/api/dashboard/i1/fileNote?locale=EN_US';
    handlers[DASHBOARD_URL] = () =>
      jsonResponse(dashboardOf({ productType: 'BQ_SELECTION', kind: 'bqp', risk: null, prediction: { kind: 'PERFORMANCE', available: true } }));
    renderPage('BQ_SELECTION');
    const button = await screen.findByRole('button', { name: text('results.documents.selectionReport') });
    expect(text('results.documents.selectionReport')).toBe('Selection report (PDF)');
    expect(screen.queryByRole('button', { name: text('results.documents.fileNote') })).not.toBeInTheDocument();
    fireEvent.click(button);
    await waitFor(() => expect(callsTo(FILE_NOTE_URL)).toHaveLength(1));
  }, 20_000);

  it('says the questionnaire is not done yet without polling', async () => {
    handlers[DASHBOARD_URL] = error('error.result.not_ready', 409);
    handlers[INSTANCE_URL] = () => jsonResponse(instanceOf({ status: 'OPENED', filledAt: null }));
    renderPage();
    expect(await screen.findByTestId('result-not-done')).toHaveTextContent(text('results.notDone.title'));
    expect(callsTo(INSTANCE_URL)).toHaveLength(1);
  });

  it('says a result does not exist (404), also for a token of another client', async () => {
    handlers[DASHBOARD_URL] = error('error.not_found', 404);
    const { unmount } = renderPage();
    expect(await screen.findByTestId('result-not-found')).toHaveTextContent(text('results.notFound.title'));
    unmount();
    handlers[DASHBOARD_URL] = () =>
      jsonResponse(dashboardOf({ client: { token: 'c2', firstName: 'B', lastName: 'C', initials: 'BC', email: 'b.c@example.com', anonymize: false, anonymizedName: null, anonymizedInitials: null, anonymizationKind: 'NAME' as const } }));
    renderPage();
    expect(await screen.findByTestId('result-not-found')).toBeInTheDocument();
  });

  it('shows a notice without the results permission', async () => {
    handlers[DASHBOARD_URL] = error('error.auth.forbidden', 403);
    renderPage();
    expect(await screen.findByTestId('result-forbidden')).toHaveTextContent(text('results.forbidden.text'));
  });

  it('offers a retry when loading fails', async () => {
    let fail = true;
    handlers[DASHBOARD_URL] = () => (fail ? error('error.general', 500)() : jsonResponse(dashboardOf()));
    renderPage();
    const failure = await screen.findByTestId('result-error', {}, { timeout: 5000 });
    expect(failure).toHaveTextContent(text('results.loadFailed.title'));
    fail = false;
    fireEvent.click(within(failure).getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('result-dashboard')).toBeInTheDocument();
  });
});

describe('result dashboard: dimensions', () => {
  it('shows each score with its band, stanine, percentile and level sentence', async () => {
    renderPage();
    const tolerance = await screen.findByTestId('result-dimension-tolerance');
    expect(tolerance).toHaveAttribute('data-t', '64.7');
    expect(tolerance).toHaveAttribute('data-stanine', '8');
    expect(tolerance).toHaveTextContent('Risk tolerance');
    expect(tolerance).toHaveTextContent('How much fluctuation the client is willing to accept.');
    expect(tolerance).toHaveTextContent('T-score 64.7 (95% band 58.1–71.3)');
    expect(tolerance).toHaveTextContent('Stanine 8 of 9');
    expect(tolerance).toHaveTextContent('Higher than about 93% of the norm group.');
    expect(tolerance).toHaveTextContent('Accepts large swings for higher returns.');
    expect(tolerance).not.toHaveTextContent('Prefers safety over returns.');
    expect(within(tolerance).getByRole('img')).toHaveAccessibleName(
      'T-score 64.7 on the scale from 20 to 80, average range 42.5 to 57.5 (stanines 4 to 6); 95% band from 58.1 to 71.3',
    );

    const capacity = screen.getByTestId('result-dimension-capacity');
    expect(capacity).toHaveTextContent('A loss would hurt the client’s finances.');
    expect(capacity).toHaveTextContent(text('results.level.LOW'));
    expect(screen.getByTestId('result-dimension-horizon')).toHaveTextContent(
      text('results.dimension.average'),
    );
  });

  it('says when a dimension is not computable', async () => {
    renderPage();
    const knowledge = await screen.findByTestId('result-dimension-knowledge');
    expect(knowledge).toHaveAttribute('data-computable', 'false');
    expect(knowledge).not.toHaveAttribute('data-t');
    expect(knowledge).toHaveTextContent('Not computable: too few answers (1 of 3 questions answered).');
    expect(within(knowledge).queryByRole('img')).not.toBeInTheDocument();
  });

  it('has the scores as a table for screen readers, shown on request', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: text('results.dimensions.tableCaption') });
    expect(within(table).getByRole('rowheader', { name: 'Risk tolerance' }).closest('tr')).toHaveTextContent(
      'Risk tolerance64.758.1 – 71.3893High',
    );
    expect(
      within(table).getByRole('rowheader', { name: 'Knowledge and experience' }).closest('tr'),
    ).toHaveTextContent(text('results.dimension.notComputableShort'));
    const toggle = within(screen.getByTestId('result-dimension-table').parentElement!).getByRole('button', {
      name: text('results.table.show'),
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent(text('results.table.hide'));
  });
});

describe('result dashboard: BQA risk section', () => {
  it('shows the class, how it was lowered, the flag, the portfolio, charts and table', async () => {
    renderPage();
    const section = await screen.findByTestId('risk-section');
    expect(within(section).getByTestId('risk-class')).toHaveAttribute('data-class', '3');
    expect(within(section).getByTestId('risk-class')).toHaveAccessibleName(
      'Risk class 3 on a scale from 1 (lowest risk) to 7 (highest risk)',
    );
    expect(within(section).getByTestId('risk-suitable-class')).toHaveAttribute('data-class', '3');
    expect(within(section).getByTestId('risk-self-estimate')).toHaveTextContent('6');
    const caps = within(section).getByTestId('risk-caps');
    expect(caps).toHaveTextContent(
      'The risk tolerance alone gives class 6. These limits lowered it to class 3:',
    );
    // Each limit in one sentence with what it read; the one that sets the class is marked.
    const items = within(caps).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Time horizon – “1 to 3 years”: at most class 3');
    expect(items[0]).toHaveAttribute('data-binding', 'true');
    expect(within(items[0]!).getByTestId('risk-cap-binding')).toHaveTextContent('sets the class');
    expect(items[1]).toHaveTextContent('Knowledge questions – 2 of 3 not answered correctly: at most class 4 until explained');
    expect(items[2]).toHaveTextContent('Loss bearable in money – “5,000 to 10,000” of “10,000 to 50,000” invested, about 32%: at most class 5');
    expect(items[3]).toHaveTextContent('Capacity for loss (score 2.7 of 5): at most class 5');
    expect(within(section).getByTestId('risk-explain-first')).toHaveTextContent(
      'Before bonds or bond funds: explain that their price falls when interest rates rise.',
    );
    expect(within(section).getByTestId('risk-remarks')).toHaveTextContent('Part of this money is borrowed.');

    // One sentence, one direction.
    const flag = within(section).getByTestId('risk-consistency-flag');
    expect(flag).toHaveAttribute('data-direction', 'ABOVE');
    expect(flag).toHaveTextContent(text('results.risk.consistency.title'));
    expect(within(flag).getAllByRole('listitem')).toHaveLength(1);
    expect(flag).toHaveTextContent(
      'The client sees themselves at class 6, 3 classes above the suitable class 3: explain the limits before giving advice.',
    );
    expect(flag).toHaveTextContent(text('results.risk.consistency.review'));

    const portfolio = within(section).getByTestId('risk-portfolio');
    expect(portfolio).toHaveTextContent('US stocks 25%');
    expect(portfolio).toHaveTextContent('US Treasuries 55%');
    expect(portfolio).toHaveTextContent('Cash-like 20%');

    expect(within(section).getByTestId('risk-basis')).toHaveAttribute('data-kind', 'history');
    expect(within(section).getByTestId('risk-basis')).toHaveTextContent(
      'Jan 1871 to Jun 2023 (source: Shiller, Yale)',
    );

    const chartI = within(section).getByTestId('risk-chart-I');
    expect(chartI).toHaveAccessibleName('Chart I – 1 year');
    expect(chartI).toHaveTextContent('Worst: -18.2% per year (Jun 1931 – Jun 1932)');
    expect(chartI).toHaveTextContent('Best: +26.4% per year (Mar 1933 – Mar 1934)');
    expect(within(section).getByTestId('risk-chart-II')).toHaveAccessibleName('Chart II – 5 years');
    expect(within(section).getByTestId('risk-chart-III')).toHaveAccessibleName('Chart III – 10 years');
    const chartIV = within(section).getByTestId('risk-chart-IV');
    expect(chartIV).toHaveAccessibleName(/^Chart IV – Value over time/);
    expect(chartIV).toHaveTextContent('$100 invested in the model portfolio in Jan 1926');
    // 100 years of monthly values: the table has one row a year.
    expect(within(chartIV).getAllByRole('row')).toHaveLength(101);

    const table = within(section).getByTestId('risk-table');
    expect(within(table).getByRole('rowheader', { name: '10 years' }).closest('tr')).toHaveTextContent(
      '10 years+0.4%Dec 1964 – Dec 1974+12.1%Aug 1984 – Aug 1994',
    );
  });

  it('labels a projection as such and lists its assumptions', async () => {
    handlers[CONTENT_URL] = () => jsonResponse(contentOf({ sections: { BQA_RISK: projectionSection() } }));
    renderPage();
    const basis = await screen.findByTestId('risk-basis');
    expect(basis).toHaveAttribute('data-kind', 'projection');
    expect(basis).toHaveTextContent(text('results.risk.basis.projection.title'));
    expect(within(basis).getByTestId('risk-assumptions')).toHaveTextContent(
      'Stocks: expected return 7.0%, volatility 16.0%',
    );
    expect(basis).toHaveTextContent('Bonds: expected return 3.5%, volatility 6.0%');
    expect(basis).toHaveTextContent('Correlation of stocks and bonds: 0.10');
    expect(basis).toHaveTextContent('Cash-like part: expected return 2.5%, volatility 1.0%');
    // No inflation-adjusted view of a projection, and no market-risk class.
    expect(screen.queryByTestId('risk-basis-switch')).not.toBeInTheDocument();
    expect(screen.queryByTestId('risk-market-class')).not.toBeInTheDocument();
    const chartI = screen.getByTestId('risk-chart-I');
    expect(chartI).toHaveAccessibleName('Chart I – 1 year (projection)');
    expect(chartI).toHaveTextContent('5th percentile: -7.1% per year');
    expect(chartI).toHaveTextContent('95th percentile: +16.2% per year');
    // Projections have no date spans.
    for (const item of within(chartI).getAllByRole('listitem')) expect(item).not.toHaveTextContent('(');
    expect(screen.queryByTestId('risk-chart-IV')).not.toBeInTheDocument();
    expect(screen.getByTestId('risk-no-lines')).toHaveTextContent(
      text('results.risk.chart.noLinesProjection'),
    );
    expect(
      within(screen.getByTestId('risk-table'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Window', '5th percentile', '95th percentile']);
  });

  it('shows a result of definition version 1 as it was computed: dimension limits and both legacy reasons', async () => {
    const legacy = dashboardOf();
    legacy.risk = {
      ...legacy.risk!,
      selfEstimate: 2,
      caps: [
        { key: 'capacity', kind: 'DIMENSION', nameKey: 'risk.dim.capacity.name', maxClass: 3, binding: true, assumed: false, score: 1.9, answers: [], share: null, asked: null, failed: null },
      ],
      explainFirst: [],
      remarks: [],
      consistency: { flagged: true, reasons: ['tolerance_vs_capacity', 'tolerance_vs_self_estimate'], direction: null, resolutions: [] },
    };
    handlers[DASHBOARD_URL] = () => jsonResponse(legacy);
    renderPage();
    const section = await screen.findByTestId('risk-section');
    expect(within(section).getByTestId('risk-caps')).toHaveTextContent('Capacity for loss (score 1.9 of 5): at most class 3');
    expect(within(section).queryByTestId('risk-explain-first')).not.toBeInTheDocument();
    const flag = within(section).getByTestId('risk-consistency-flag');
    expect(flag).not.toHaveAttribute('data-direction');
    expect(flag).toHaveTextContent('The risk tolerance (class 6) is far from what the capacity for loss allows.');
    expect(flag).toHaveTextContent("The risk tolerance gives class 6, but the client's own estimate is class 2.");
  });

  it("shows a participant their own flag without the adviser's form to record its resolution", async () => {
    handlers[DASHBOARD_URL] = () => jsonResponse(dashboardOf({ viewerIsClient: true }));
    renderPage();
    const flag = await screen.findByTestId('risk-consistency-flag');
    expect(flag).toHaveTextContent(text('results.risk.consistency.reviewOwn'));
    expect(flag).not.toHaveTextContent(text('results.risk.consistency.review'));
    expect(within(flag).queryByRole('button', { name: text('results.risk.consistency.resolution.submit') })).not.toBeInTheDocument();
    expect(within(flag).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('records how the consistency flag was resolved, after checking the note, and then offers to add another', async () => {
    const RESOLUTION_URL = '/api/dashboard/i1/consistency/resolution';
    const posted: unknown[] = [];
    handlers[RESOLUTION_URL] = (init) => {
      const body = JSON.parse(String(init?.body)) as { note: string };
      posted.push(body);
      return jsonResponse({ note: body.note, authorName: 'Olivia Bennett', resolvedAt: '2026-04-05T09:15:00Z' }, 201);
    };
    renderPage();
    const flag = await screen.findByTestId('risk-consistency-flag');
    expect(flag).toBe(screen.getByRole('region', { name: text('results.risk.consistency.title') }));
    expect(flag).toHaveAttribute('data-resolved', 'false');
    expect(within(flag).getByTestId('risk-consistency-resolutions')).toHaveTextContent(
      text('results.risk.consistency.resolution.none'),
    );
    const note = within(flag).getByLabelText(new RegExp(text('results.risk.consistency.resolution.label')));
    const submit = within(flag).getByRole('button', { name: text('results.risk.consistency.resolution.submit') });

    // Too short: said on the field, nothing sent, focus on the field.
    fireEvent.change(note, { target: { value: '  ok  ' } });
    fireEvent.click(submit);
    expect(await within(flag).findByText('Please enter at least 10 characters.')).toBeInTheDocument();
    await waitFor(() => expect(note).toHaveFocus());
    expect(callsTo(RESOLUTION_URL)).toHaveLength(0);

    fireEvent.change(note, { target: { value: 'Discussed with the client: we stay with class 3.' } });
    fireEvent.click(submit);
    await waitFor(() => expect(flag).toHaveAttribute('data-resolved', 'true'));
    expect(posted).toEqual([{ note: 'Discussed with the client: we stay with class 3.' }]);
    const record = within(flag).getAllByTestId('risk-consistency-resolution');
    expect(record).toHaveLength(1);
    expect(record[0]).toHaveTextContent(/04\/05\/2026.*Olivia Bennett/);
    expect(record[0]).toHaveTextContent('Discussed with the client: we stay with class 3.');
    expect(within(flag).getByTestId('risk-consistency-resolved')).toHaveTextContent(text('results.risk.consistency.resolved'));
    expect(flag).not.toHaveTextContent(text('results.risk.consistency.review'));
    expect(await screen.findByText(text('results.risk.consistency.resolution.saved'))).toBeInTheDocument();
    expect(note).toHaveValue('');
    expect(
      within(flag).getByRole('button', { name: text('results.risk.consistency.resolution.addNote') }),
    ).toBeInTheDocument();
  });

  it('shows the recorded resolutions read-only to users who may not record one', async () => {
    handlers[DASHBOARD_URL] = () => {
      const dashboard = dashboardOf();
      dashboard.risk!.consistency.resolutions = [
        { note: 'Agreed on class 3 after a call.', authorName: 'Olivia Bennett', resolvedAt: '2026-04-05T09:15:00Z' },
      ];
      return jsonResponse(dashboard);
    };
    renderPage('BQ_RISK', { ...adviser, permissions: [{ realm: 'ALL', entity: 'ALL', action: 'READ' }] });
    const flag = await screen.findByTestId('risk-consistency-flag');
    expect(flag).toHaveAttribute('data-resolved', 'true');
    expect(flag).toHaveTextContent('Agreed on class 3 after a call.');
    expect(within(flag).queryByTestId('risk-consistency-note')).not.toBeInTheDocument();
    expect(within(flag).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a notice instead of the section without the risk permission', async () => {
    handlers[CONTENT_URL] = () => jsonResponse(contentOf({ sections: {}, restrictedSections: ['BQA_RISK'] }));
    renderPage();
    expect(await screen.findByTestId('risk-restricted')).toHaveTextContent(
      text('results.risk.restricted.text'),
    );
    expect(screen.queryByTestId('risk-section')).not.toBeInTheDocument();
    expect(screen.queryByTestId('risk-consistency-flag')).not.toBeInTheDocument();
    expect(screen.getByTestId('result-dimension-tolerance')).toBeInTheDocument();
  });
});

describe('result dashboard: prediction', () => {
  it('shows a rule-based indication within the suitable class: no probability, no model id, the capped style named', async () => {
    handlers[DASHBOARD_URL] = () =>
      jsonResponse(dashboardOf({ prediction: { kind: 'INVESTMENT_STYLE', available: true } }));
    handlers[PREDICT_URL] = () => jsonResponse(predictionOf());
    renderPage();
    const card = await screen.findByTestId('prediction-card');
    expect(card).toHaveAttribute('data-class', 'income');
    expect(within(card).getByRole('heading', { name: 'Investment style' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Best fit by the rules: Income');
    expect(card).toHaveTextContent('Steady income matters more than growth.');
    expect(within(card).getByTestId('prediction-capped')).toHaveTextContent(
      'The answers alone point to “Growth”, which needs risk class 5 or higher; the suitable risk class is 3, so the indication stays at “Income”.',
    );
    // Every class best first; the one above the suitable class is marked as such.
    const ranked = within(within(card).getByTestId('prediction-classes')).getAllByRole('listitem');
    expect(ranked.map((item) => item.getAttribute('data-testid'))).toEqual([
      'prediction-class-growth',
      'prediction-class-income',
      'prediction-class-conservative',
    ]);
    expect(ranked[0]).toHaveTextContent('Growth – needs risk class 5 or higher: above the suitable class 3');
    expect(ranked[1]).toHaveTextContent('Income (indicated)');
    // No percentage anywhere, and no internal model id ("investment-style").
    expect(card.textContent).not.toMatch(/\d\s?%/);
    expect(card.textContent).not.toContain('investment-style');
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    const factors = within(card).getByTestId('prediction-factors');
    expect(factors).toHaveTextContent('Capacity for loss pointed toward “Income”.');
    expect(factors).toHaveTextContent('Risk tolerance pointed away from “Income”.');
    expect(within(card).getByTestId('prediction-method')).toHaveTextContent('Rule-based indication');
    expect(within(card).getByTestId('prediction-note')).toHaveTextContent(text('results.prediction.provisionalNote'));
  });

  it('says so when no single dimension moved the indication', async () => {
    handlers[DASHBOARD_URL] = () =>
      jsonResponse(dashboardOf({ prediction: { kind: 'INVESTMENT_STYLE', available: true } }));
    handlers[PREDICT_URL] = () => jsonResponse(predictionOf({ factors: [] }));
    renderPage();
    expect(await screen.findByTestId('prediction-factors')).toHaveTextContent(
      'No single dimension pointed to “Income” directly',
    );
  });

  it('says clearly when the prediction failed, without asking for it', async () => {
    handlers[DASHBOARD_URL] = () =>
      jsonResponse(
        dashboardOf({
          status: 'PREDICTION_ERROR',
          prediction: { kind: 'INVESTMENT_STYLE', available: false },
        }),
      );
    renderPage();
    expect(await screen.findByTestId('prediction-error')).toHaveTextContent(text('ERROR_PREDICTION_FAILED'));
    expect(screen.getByTestId('result-dimension-tolerance')).toBeInTheDocument();
    expect(callsTo(PREDICT_URL)).toHaveLength(0);
  });

  it('shows the failure message for error.prediction.failed and a notice without permission', async () => {
    handlers[DASHBOARD_URL] = () =>
      jsonResponse(dashboardOf({ prediction: { kind: 'INVESTMENT_STYLE', available: true } }));
    handlers[PREDICT_URL] = error('error.prediction.failed', 409);
    const { unmount } = renderPage();
    expect(await screen.findByTestId('prediction-error')).toBeInTheDocument();
    unmount();
    handlers[PREDICT_URL] = error('error.auth.forbidden', 403);
    renderPage();
    expect(await screen.findByTestId('prediction-forbidden')).toHaveTextContent(
      text('results.prediction.forbidden.text'),
    );
  });
});

describe('result dashboard: wealth advisory trial', () => {
  it('marks a trial result and offers the dismissible trial notice', async () => {
    const wealth = { productType: 'BQ_ADVISORY_WEALTH' as const, lockStatus: 'TRIAL' as const };
    handlers[DASHBOARD_URL] = () => jsonResponse(dashboardOf(wealth));
    handlers[TRIAL_URL] = () => jsonResponse(trialOf());
    handlers[`${TRIAL_URL}/dismiss`] = () =>
      jsonResponse(trialOf({ trialAvailable: false, dismissed: true }));
    renderPage('BQ_ADVISORY_WEALTH');
    const badge = await screen.findByTestId('result-lock-badge');
    expect(badge).toHaveAttribute('data-status', 'TRIAL');
    expect(badge).toHaveTextContent(text('results.lock.trial'));
    const notice = await screen.findByTestId('trial-notice');
    expect(notice).toHaveTextContent('Trial results so far: 2.');
    expect(notice).toHaveTextContent('The trial ends on 01/31/2030.');
    fireEvent.click(within(notice).getByTestId('trial-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('trial-notice')).not.toBeInTheDocument());
    expect(callsTo(`${TRIAL_URL}/dismiss`)[0]?.[1]?.method).toBe('POST');
  });

  it('says when the trial ended and that new results need a credit, until dismissed', async () => {
    handlers[DASHBOARD_URL] = () => jsonResponse(dashboardOf({ productType: 'BQ_ADVISORY_WEALTH', lockStatus: 'LOCKED' }));
    const ended = { onTrial: false, trialAvailable: false, ended: true, endsAt: '2026-10-01T12:00:00.000Z' };
    handlers[TRIAL_URL] = () => jsonResponse(trialOf({ ...ended, endedNotice: true }));
    handlers[`${TRIAL_URL}/dismiss`] = () => jsonResponse(trialOf({ ...ended, endedNotice: false, dismissed: true }));
    renderPage('BQ_ADVISORY_WEALTH');
    const notice = await screen.findByTestId('trial-ended-notice');
    expect(notice).toHaveTextContent(text('results.trial.endedTitle'));
    expect(notice).toHaveTextContent('The free trial ended on 10/01/2026.');
    expect(screen.queryByTestId('trial-notice')).not.toBeInTheDocument();
    fireEvent.click(within(notice).getByTestId('trial-dismiss'));
    await waitFor(() => expect(screen.queryByTestId('trial-ended-notice')).not.toBeInTheDocument());
  });

  it('asks for the trial only in the wealth advisory product', async () => {
    renderPage();
    await screen.findByTestId('result-dashboard');
    expect(callsTo(TRIAL_URL)).toHaveLength(0);
    expect(screen.queryByTestId('trial-notice')).not.toBeInTheDocument();
  });
});
