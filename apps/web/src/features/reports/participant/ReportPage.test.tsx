import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import { instanceOf, userOf } from '../../../test/fixtures';
import { enUsTexts } from '../../../test/i18n';
import { jsonResponse } from '../../../test/render';
import { resetTexts, seedTexts } from '../../../participant/texts';
import { gatedPdfResponse, reportContentOf, stubFileSaving } from '../test-data';
import type { ReportContentType } from '../api/get-report-content';
import { ReportPage } from './ReportPage';

const fetchMock = vi.fn<typeof fetch>();
type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
let handlers: Record<string, Handler>;

/** locale null: none asked for, the server answers in the client's language (issue 27 point 5). */
const contentUrl = (locale: string | null = null, anonymize = false, path = 'bqa') =>
  `/api/report/content/${path}/i1?${locale ? `locale=${locale}&` : ''}anonymize=${anonymize}`;
const error = (errorKey: string, status: number) => () => jsonResponse({ errorKey, message: 'x' }, status);
const text = (key: string) => enUsTexts[key]!;
const german = (key: string) => (deBqui as Record<string, string>)[key]!;
const callsTo = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input) === url);
const lastCallTo = (prefix: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith(prefix)).at(-1);

beforeEach(() => {
  // A public page: a 401 here must not send anyone to the login page.
  window.history.replaceState(null, '', '/bqa/report/i1');
  handlers = {
    [contentUrl()]: () => jsonResponse(reportContentOf()),
    [contentUrl(null, true)]: () => jsonResponse(reportContentOf({ anonymize: true })),
    [contentUrl('DE_DE')]: () => jsonResponse(reportContentOf({ locale: 'DE_DE' })),
    '/api/user': error('error.auth.unauthorized', 401),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const handler = handlers[String(input)];
    return handler ? handler(init) : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  // The page's texts in both languages, known without a request; the visitor's browser speaks English.
  resetTexts();
  seedTexts('EN_US', enUsTexts);
  seedTexts('DE_DE', deBqui as Record<string, string>);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
});

afterEach(() => window.history.replaceState(null, '', '/'));

function renderPage(reportType: ReportContentType = 'bqa') {
  const segment = reportType === 'bqp' ? 'performance' : reportType;
  window.history.replaceState(null, '', `/${segment}/report/i1`);
  return render(<ReportPage reportType={reportType} token="i1" />);
}

describe('report view: content', () => {
  it('shows the report as a document: title, client, account, adviser, date, risk, dimensions, evidence', async () => {
    renderPage();
    expect(screen.getByTestId('report-loading')).toHaveAttribute('role', 'status');
    const document = await screen.findByTestId('report-document');
    expect(document).toHaveAttribute('lang', 'en-US');
    expect(within(document).getByRole('heading', { level: 1 })).toHaveTextContent('Risk profile report');
    expect(screen.getByTestId('report-client')).toHaveTextContent('Anna Müller');
    expect(screen.getByText('Prepared for')).toBeInTheDocument();
    expect(screen.getByTestId('report-account')).toHaveTextContent('Demo Advisory');
    expect(screen.getByTestId('report-adviser')).toHaveTextContent('Maria Berger');
    expect(screen.getByTestId('report-completed')).toHaveTextContent('04/03/2026');

    expect(screen.getByText('Class 3 of 7')).toBeInTheDocument();
    expect(screen.getByTestId('risk-class')).toHaveAttribute('data-class', '3');
    expect(screen.getByTestId('report-risk-caps')).toHaveTextContent('Time horizon: you answered “1 to 3 years”, which allows at most class 2sets your class');
    expect(screen.getByTestId('report-explain-first')).toHaveTextContent('To be explained before you invest');
    expect(screen.getByTestId('report-explain-first')).toHaveTextContent('their price falls when interest rates rise');
    expect(screen.getByTestId('report-consistency')).toHaveTextContent('You see yourself at class 6, 3 classes above');
    // The suitability statement: the answers by topic, what fed the class, graded knowledge questions.
    const statement = screen.getByTestId('report-suitability');
    expect(within(statement).getByRole('heading', { name: 'Suitability statement' })).toBeInTheDocument();
    const question = within(statement).getByRole('row', { name: /Question: bond prices and interest rates/ });
    expect(question).toHaveTextContent('It rises');
    expect(question).toHaveTextContent('not correct');
    expect(question).toHaveTextContent('risk class');
    // When the adviser went through the difference with the client; no adviser note (decision 0030).
    expect(screen.getByTestId('report-consistency-discussed')).toHaveTextContent('Discussed with your advisor: 04/05/2026.');
    expect(screen.getByTestId('risk-portfolio')).toHaveAttribute('data-equity', '0.4');
    expect(within(screen.getByTestId('risk-table')).getByText('-31.2%')).toBeInTheDocument();
    // The period and where the figures end, with the reason, as the PDF says it (issue 37 point 3).
    expect(screen.getByTestId('report-risk-basis')).toHaveTextContent('market history from January 1871 to June 2023 (source: Shiller)');
    expect(screen.getByTestId('report-risk-cut')).toHaveTextContent(
      'The figures end in June 2023: for later months the data source is missing dividends or interest rates (its file runs to June 2026), so those months are left out rather than estimated.',
    );

    const tolerance = screen.getByTestId('report-dimension-tolerance');
    expect(tolerance).toHaveAttribute('data-t', '56.2');
    expect(within(tolerance).getByRole('img')).toHaveAccessibleName(
      /T-score 56\.2 on the scale from 20 to 80/,
    );
    expect(tolerance).toHaveTextContent('Stanine: 6 of 9');
    expect(tolerance).toHaveTextContent('Average: neither particularly cautious nor daring.');
    expect(screen.getByTestId('report-dimension-capacity')).toContainElement(
      screen.getByTestId('report-dimension-not-computable'),
    );
    expect(screen.getByTestId('report-evidence')).toHaveTextContent(
      'Norms 2026.1 (provisional) · Algorithm 1.0.0 · Answers fingerprint 3f2a9c1b7d4e',
    );
  });

  it('numbers the recommendations of the recommendations report', async () => {
    handlers[contentUrl(null, false, 'bqa/recommendations')] = () =>
      jsonResponse(
        reportContentOf(
          {},
          {
            reportType: 'bqaRecommendations',
            recommendations: [
              { key: 'portfolio', title: 'Invest in class 3', text: 'A mix of 40% stocks.' },
              { key: 'review', title: 'Review yearly', text: 'Profiles change.' },
            ],
          },
        ),
      );
    renderPage('bqaRecommendations');
    const list = await screen.findByTestId('report-recommendations');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Invest in class 3A mix of 40% stocks.', 'Review yearly' + 'Profiles change.']);
  });

  it("asks the bqp endpoint for the person's profile: their advice per dimension, a closing line for them (decision 0082)", async () => {
    const base = reportContentOf({}, { reportType: 'bqp', risk: null, title: 'Your profile' });
    const texts = { ...base.texts, 'report.advice.title': 'What you can do with it', 'report.disclaimer': 'Not investment advice.', 'report.profileDisclaimer': 'Not a judgment of you.' };
    const dimensions = base.dimensions.map((d, i) => ({ ...d, advice: i === 0 ? 'Plan your week.' : null }));
    handlers[contentUrl(null, false, 'bqp')] = () => jsonResponse({ ...base, texts, dimensions });
    renderPage('bqp');
    expect(await screen.findByTestId('report-title')).toHaveTextContent('Your profile');
    expect(screen.queryByTestId('report-risk')).not.toBeInTheDocument();
    expect(screen.getByTestId(`report-advice-${dimensions[0]!.key}`)).toHaveTextContent('What you can do with it: Plan your week.');
    expect(screen.getAllByText(/Plan your week/)).toHaveLength(1);
    expect(screen.getByTestId('report-disclaimer')).toHaveTextContent('Not a judgment of you.');
  });

  it("speaks to whoever reads it: the candidate's own profile calls nobody a client, in English or German", async () => {
    handlers[contentUrl(null, false, 'bqp')] = () => jsonResponse(reportContentOf({}, { reportType: 'bqp', risk: null, title: 'Your profile' }));
    renderPage('bqp');
    const toolbar = await screen.findByTestId('report-toolbar');
    expect(toolbar).toHaveTextContent(text('reports.toolbar.anonymizeHint'));
    expect(toolbar).not.toHaveTextContent(/client/i);
    expect((deBqui as Record<string, string>)['reports.toolbar.anonymizeHint']).not.toMatch(/Kunde/);
  });

  it('closes the advisory reports with the investment disclaimer', async () => {
    const base = reportContentOf();
    handlers[contentUrl(null, false, 'bqa')] = () => jsonResponse({ ...base, texts: { ...base.texts, 'report.disclaimer': 'Not investment advice.', 'report.profileDisclaimer': 'Not a judgment of you.' } });
    renderPage('bqa');
    expect(await screen.findByTestId('report-disclaimer')).toHaveTextContent('Not investment advice.');
  });
});

describe('report view: way back to the result', () => {
  it('offers the way back to the dashboard at the top when the server names it (a signed-in evaluator of the result)', async () => {
    handlers[contentUrl()] = () => jsonResponse(reportContentOf({}, { dashboardPath: '/BQ_RISK/client/c1/dashboard/i1' }));
    renderPage();
    const link = await screen.findByTestId('report-back-to-result');
    expect(link).toHaveAttribute('href', '/BQ_RISK/client/c1/dashboard/i1');
    expect(link).toHaveTextContent(text('common.backToResult'));
    expect(screen.getByTestId('report-page').firstElementChild).toContainElement(link);
  });

  it('shows visitors the report without the link, asking nothing more (no user lookup, no login redirect)', async () => {
    renderPage();
    await screen.findByTestId('report-document');
    expect(screen.queryByTestId('report-back-to-result')).not.toBeInTheDocument();
    expect(callsTo('/api/user')).toHaveLength(0);
    expect(callsTo('/api/instance/i1')).toHaveLength(0);
    expect(window.location.pathname).toBe('/bqa/report/i1');
  });
});

describe('report view: toolbar', () => {
  it("opens in the client's language, not the visitor's: no language asked for, the toolbar shows the server's", async () => {
    // The app (the visitor's browser) is English; the client is German, so the server answers in German.
    handlers[contentUrl()] = () => jsonResponse(reportContentOf({ locale: 'DE_DE' }));
    renderPage();
    await waitFor(() =>
      expect(screen.getByTestId('report-document')).toHaveAttribute('data-locale', 'DE_DE'),
    );
    expect(screen.getByTestId('report-title')).toHaveTextContent('Risikoprofil-Bericht');
    // The page's own texts follow the report's language (one language on the page, <html lang> too).
    expect(screen.getByLabelText(german('reports.toolbar.language'))).toHaveValue('DE_DE');
    expect(screen.getByLabelText(german('reports.toolbar.pageFormat'))).toHaveValue('A4');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.title).toBe(`${german('page.bqaReport.title')} · ${german('app.name')}`);
    // Only the one request without a language: the page did not fetch an English copy first.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/report/content/'))).toHaveLength(1);
  });

  it('refetches the content in the chosen language and shows the document in it, page format following', async () => {
    renderPage();
    await screen.findByTestId('report-document');
    const format = screen.getByLabelText(text('reports.toolbar.pageFormat'));
    expect(format).toHaveValue('LETTER');

    fireEvent.change(screen.getByLabelText(text('reports.toolbar.language')), { target: { value: 'DE_DE' } });

    await waitFor(() =>
      expect(screen.getByTestId('report-document')).toHaveAttribute('data-locale', 'DE_DE'),
    );
    expect(callsTo(contentUrl('DE_DE'))).toHaveLength(1);
    const document = screen.getByTestId('report-document');
    expect(document).toHaveAttribute('lang', 'de-DE');
    expect(screen.getByTestId('report-title')).toHaveTextContent('Risikoprofil-Bericht');
    // The platform's labels inside the document speak German too, with German dates, and so does the page around it.
    expect(screen.getByTestId('risk-class')).toHaveAccessibleName(german('results.risk.classLabel').replace('{{class}}', '3'));
    expect(screen.getByTestId('report-completed')).toHaveTextContent('03.04.2026');
    expect(screen.getByRole('button', { name: german('reports.toolbar.download') })).toBeInTheDocument();
    expect(screen.getByLabelText(german('reports.toolbar.pageFormat'))).toHaveValue('A4');
  });

  it('anonymises: refetches with anonymize=true and the name disappears', async () => {
    renderPage();
    expect(await screen.findByTestId('report-client')).toHaveTextContent('Anna Müller');
    fireEvent.click(screen.getByLabelText(text('reports.toolbar.anonymize')));
    await waitFor(() => expect(screen.getByTestId('report-client')).toHaveTextContent('Client'));
    expect(callsTo(contentUrl(null, true))).toHaveLength(1);
    expect(screen.queryByText(/Müller/)).not.toBeInTheDocument();
    expect(screen.getByTestId('report-anonymized')).toBeInTheDocument();
    // The dates are months, worded for a month; the evidence has no answers fingerprint.
    expect(screen.getByTestId('report-completed')).toHaveTextContent('April 2026');
    expect(screen.getByText('Completed in')).toBeInTheDocument();
    expect(screen.getByTestId('report-evidence')).toHaveTextContent('Calculated in April 2026');
    expect(screen.getByTestId('report-evidence')).not.toHaveTextContent('fingerprint');
    expect(screen.getByTestId('report-preview')).toHaveAttribute(
      'href',
      '/api/render/report/i1?interactionType=bqa&locale=EN_US&pageFormat=LETTER&anonymize=true',
    );
  });

  it('keeps the adviser’s way back to the dashboard when the anonymised content carries none', async () => {
    handlers[contentUrl()] = () =>
      jsonResponse(reportContentOf({}, { dashboardPath: '/BQ_RISK/client/c1/dashboard/i1' }));
    renderPage();
    expect(await screen.findByTestId('report-back-to-result')).toHaveAttribute(
      'href',
      '/BQ_RISK/client/c1/dashboard/i1',
    );
    fireEvent.click(screen.getByLabelText(text('reports.toolbar.anonymize')));
    await waitFor(() => expect(screen.getByTestId('report-document')).toHaveAttribute('data-anonymized', 'true'));
    expect(screen.getByTestId('report-back-to-result')).toHaveAttribute('href', '/BQ_RISK/client/c1/dashboard/i1');
  });

  it('puts the chosen page format into the preview link, which opens in a new tab', async () => {
    renderPage();
    await screen.findByTestId('report-document');
    fireEvent.change(screen.getByLabelText(text('reports.toolbar.pageFormat')), { target: { value: 'A4' } });
    const preview = screen.getByTestId('report-preview');
    expect(preview).toHaveAttribute(
      'href',
      '/api/render/report/i1?interactionType=bqa&locale=EN_US&pageFormat=A4&anonymize=false',
    );
    expect(preview).toHaveAttribute('target', '_blank');
    expect(preview).toHaveAccessibleName(text('reports.toolbar.previewNewTab'));
  });
});

describe('report view: download', () => {
  const DOWNLOAD_URL =
    '/api/report/download/i1?interactionType=bqa&locale=EN_US&pageFormat=LETTER&anonymize=false';

  it('streams the PDF with progress, saves it under the Content-Disposition name and clears the flag', async () => {
    const saved = stubFileSaving();
    const pdf = gatedPdfResponse({
      'Content-Disposition':
        'attachment; filename="Risikoprofil_M_ller.pdf"; filename*=UTF-8\'\'Risikoprofil_M%C3%BCller.pdf',
    });
    handlers[DOWNLOAD_URL] = () => pdf.response;
    renderPage();
    await screen.findByTestId('report-document');
    const button = screen.getByTestId('report-download');
    fireEvent.click(button);

    const progress = () => screen.getByRole('progressbar', { name: text('download.progress.label') });
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '50'));
    expect(progress()).toHaveAttribute('aria-valuetext', '4\u00a0B of 8\u00a0B');
    expect(button).toHaveAttribute('data-loading');
    expect(screen.getByTestId('download-status')).toHaveAttribute('data-state', 'downloading');

    pdf.release();
    const status = screen.getByTestId('download-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'done'));
    expect(status).toHaveTextContent('Download finished: Risikoprofil_Müller.pdf');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(saved).toEqual([{ href: 'blob:report', download: 'Risikoprofil_Müller.pdf' }]);
    expect(button).not.toHaveAttribute('data-loading');
    expect(
      screen.queryByRole('progressbar', { name: text('download.progress.label') }),
    ).not.toBeInTheDocument();

    const [, init] = callsTo(DOWNLOAD_URL)[0]!;
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toMatchObject({ 'X-Source': 'web', Accept: 'application/json' });

    // Anonymising drops the message that names the named file.
    fireEvent.click(screen.getByLabelText(text('reports.toolbar.anonymize')));
    await waitFor(() => expect(screen.queryByText(/Risikoprofil_Müller\.pdf/)).not.toBeInTheDocument());
  });

  it('reads the error from the binary body, shows its translated text and clears the flag', async () => {
    const saved = stubFileSaving();
    handlers[DOWNLOAD_URL] = error('error.result.locked', 402);
    // The error's text is asked for when it happens, in the report's language.
    handlers['/api/i18ns?language=EN_US&textTypeParameter=ERROR&filter=ERROR_RESULT_LOCKED'] = () =>
      jsonResponse([{ key: 'ERROR_RESULT_LOCKED', text: text('ERROR_RESULT_LOCKED'), textType: 'ERROR', language: 'EN_US' }]);
    renderPage();
    await screen.findByTestId('report-document');
    const button = screen.getByTestId('report-download');
    fireEvent.click(button);

    const status = screen.getByTestId('download-status');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'error'));
    expect(status).toHaveTextContent(text('ERROR_RESULT_LOCKED'));
    expect(button).not.toHaveAttribute('data-loading');
    expect(button).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('falls back to the content file name when the response names none', async () => {
    const saved = stubFileSaving();
    handlers[DOWNLOAD_URL] = () =>
      new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } });
    renderPage();
    await screen.findByTestId('report-document');
    fireEvent.click(screen.getByTestId('report-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('Risk-profile-report_Mueller_Anna_04-03-2026.pdf');
  });
});

describe('report view: unavailable', () => {
  it('says an unknown report does not exist', async () => {
    handlers[contentUrl()] = error('error.not_found', 404);
    renderPage();
    expect(await screen.findByTestId('report-not-found')).toHaveTextContent(text('reports.notFound.title'));
  });

  it('says a locked report becomes available once unlocked, without a link for visitors', async () => {
    handlers[contentUrl()] = error('error.result.locked', 402);
    renderPage();
    const notice = await screen.findByTestId('report-locked');
    expect(notice).toHaveTextContent(text('reports.locked.text'));
    await waitFor(() => expect(callsTo('/api/user')).toHaveLength(1));
    expect(callsTo('/api/instance/i1')).toHaveLength(0);
    expect(screen.queryByTestId('report-dashboard-link')).not.toBeInTheDocument();
  });

  it('links a signed-in evaluator of the account to the dashboard where the result is unlocked', async () => {
    handlers[contentUrl()] = error('error.result.locked', 402);
    handlers['/api/user'] = () => jsonResponse(userOf());
    handlers['/api/instance/i1'] = () => jsonResponse(instanceOf());
    renderPage();
    const link = await screen.findByTestId('report-dashboard-link');
    expect(link).toHaveAttribute('href', '/BQ_RISK/client/c1/dashboard/i1');
    expect(link).toHaveTextContent(text('reports.locked.toDashboard'));
  });

  it('says when the public link has expired (410), with whom to ask for a new one', async () => {
    handlers[contentUrl()] = error('error.report.link_expired', 410);
    renderPage();
    const notice = await screen.findByTestId('report-link-expired');
    expect(notice).toHaveTextContent(text('reports.linkExpired.title'));
    expect(notice).toHaveTextContent(text('reports.linkExpired.text'));
    expect(screen.queryByTestId('report-document')).not.toBeInTheDocument();
  });

  it('says a report that is not ready yet, and checks again on request', async () => {
    handlers[contentUrl()] = error('error.result.not_ready', 409);
    renderPage();
    const notice = await screen.findByTestId('report-not-ready');
    expect(notice).toHaveTextContent(text('reports.notReady.text'));
    handlers[contentUrl()] = () => jsonResponse(reportContentOf());
    fireEvent.click(within(notice).getByRole('button', { name: text('reports.notReady.checkAgain') }));
    expect(await screen.findByTestId('report-document')).toBeInTheDocument();
    expect(lastCallTo('/api/report/content/')?.[0]).toBe(contentUrl());
  });

  it('says when the report could not be loaded and tries again on request', async () => {
    handlers[contentUrl()] = error('error.general', 500);
    renderPage();
    const notice = await screen.findByTestId('report-error');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent(text('reports.loadFailed.title'));
    handlers[contentUrl()] = () => jsonResponse(reportContentOf());
    fireEvent.click(within(notice).getByRole('button', { name: text('common.retry') }));
    expect(await screen.findByTestId('report-document')).toBeInTheDocument();
    expect(callsTo(contentUrl())).toHaveLength(2);
  });
});
