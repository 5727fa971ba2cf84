// The built app under its Content-Security-Policy: every kind of page (sign-in, client list, dashboard with charts,
// report, PDF preview, public questionnaire, API docs, settings, developer mailbox) renders, and the browser reports
// no CSP violation (securitypolicyviolation events and console messages). Token pages are sent with no-referrer.
import type { Page } from '@playwright/test';
import {
  ADVISER,
  EN,
  answerAndSubmit,
  clientWithQuestionnaire,
  expect,
  openLoginAndSignIn,
  screenshot,
  test,
  unlockOnDashboard,
} from './support';
import { FULL_BROWSER } from './browsers';

// The PDF preview needs Chrome's PDF viewer, which the headless shell the other journeys use does not have.
test.use({ launchOptions: FULL_BROWSER });

/** Collects CSP violations of a page: the DOM event (from before any script of the page) and console messages. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.documentURI}`),
    );
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to (load|execute|apply|frame|connect)/i.test(message.text())) fromConsole.push(message.text());
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test('every kind of page renders under the CSP without a single violation', async ({ page, browser }) => {
  const violations = await watchCsp(page);
  const seen: string[] = [];
  const check = async (what: string) => seen.push(...(await violations()).map((v) => `${what}: ${v}`));

  const login = await page.goto('/login');
  expect(login!.headers()['content-security-policy']).toContain("script-src 'self';");
  expect(login!.headers()['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.getByRole('button', { name: EN['login.submit']!, exact: true })).toBeVisible();
  await check('login');
  await openLoginAndSignIn(page, ADVISER);
  await expect(page.locator('tr[data-testid^="client-row-"]').first()).toBeVisible();
  await check('client list');

  // A fresh risk result: dashboard with its charts, then the report and its PDF preview.
  const { clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
    product: 'BQ_RISK',
    firstName: 'Cora',
    lastName: 'Sicher',
    locale: 'EN_US',
  });
  await answerAndSubmit(page.request, instanceToken);
  await unlockOnDashboard(page, 'BQ_RISK', clientToken, instanceToken);
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await check('dashboard');
  await screenshot(page, 'csp-dashboard-EN_US');

  await page.goto(`/bqa/report/${instanceToken}`);
  await expect(page.getByTestId('report-page')).toBeVisible();
  await check('report');
  // The inline PDF preview opens in a new tab (never framed): Chrome's PDF viewer shows it under the same headers.
  const previewUrl = await page.getByTestId('report-preview').getAttribute('href');
  const pdf = await page.request.get(previewUrl!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toMatch(/^inline; /);
  expect(pdf.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('report-preview').click()]);
  // Chrome's PDF viewer loads as a frame of the tab; it appears only when the PDF was accepted for display.
  await expect.poll(() => preview.frames().some((f) => f.url().startsWith('chrome-extension://')), { timeout: 20_000 }).toBe(true);
  await preview.waitForTimeout(3000);
  await screenshot(preview, 'csp-pdf-preview-EN_US');
  await preview.close();

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check('settings');
  await page.goto('/dev/mailbox');
  await expect(page.getByTestId('dev-mailbox-unavailable')).toBeVisible();
  await check('developer mailbox (off)');

  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 20_000 });
  await check('API docs');

  // The participant's questionnaire, as a visitor: a token page, sent with no-referrer.
  const visitor = await browser.newContext();
  const participant = await visitor.newPage();
  const participantViolations = await watchCsp(participant);
  const fresh = await clientWithQuestionnaire(page.request, { product: 'BQ_RISK', firstName: 'Pia', lastName: 'Offen', locale: 'DE_DE' });
  const questionnaire = await participant.goto(`/q/${fresh.instanceToken}`);
  expect(questionnaire!.headers()['referrer-policy']).toBe('no-referrer');
  await expect(participant.locator('main, [role="main"], body').first()).toContainText('Pia');
  await screenshot(participant, 'csp-questionnaire-DE_DE');
  seen.push(...(await participantViolations()).map((v) => `questionnaire: ${v}`));
  await visitor.close();

  expect(seen).toEqual([]);
});
