// Issue 27 (docs/decisions/0055): what a client of a branded firm meets, on a phone, in English and German. The
// account admin gives the firm's name, colour and an SVG logo; the adviser invites a client by mail. The mail comes
// from "<firm> via <platform>" with the client's greeting and the logo as a PNG; the questionnaire, the public report
// and its PDF show the logo and colour, in the client's language whatever the phone's browser says.
import { execFileSync } from 'node:child_process';
import type { Browser } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ADMIN, ADVISER, DE, EN, WEB_HEADERS, answerAndSubmit, api, downloadFrom, expect, expectFitsWidth, linkIn, pdfPageScreenshot, screenshot, signIn, test, unlockOnDashboard, waitForMail } from './support';

const PHONE = { width: 390, height: 844 };
const COLOUR = '#0b6e4f';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60">' +
  '<rect width="200" height="60" rx="8" fill="#0b6e4f"/><text x="16" y="40" font-size="28" fill="#ffffff" font-family="sans-serif">KWP</text></svg>';
const OPERATOR = { email: 'operator@demo.example', password: 'Demo-Operator-2026!' };
const PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * The page's layout shift so far (issue 37 point 12, docs/decisions/0085): the layout-shift entries' sum, as
 * Lighthouse's CLS adds them up for a short page, recorded from the first paint by a script the context runs first.
 */
const RECORD_SHIFTS = () => {
  const record = window as unknown as { layoutShift: number };
  record.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) record.layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};
async function layoutShift(page: Page): Promise<number> {
  // Until every image (the firm's logo) has arrived and been laid out: a late logo is a shift too.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

const FIRMS = {
  EN_US: { firmName: 'Harbour Wealth Partners', lastName: 'Kent', greeting: 'Dear Ms. Kent', browser: 'de-DE' },
  DE_DE: { firmName: 'Kanzlei Weiß & Partner', lastName: 'Köhler', greeting: 'Sehr geehrte Frau Köhler', browser: 'en-US' },
} as const;

async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/login/);
  return { context, page };
}

for (const language of ['EN_US', 'DE_DE'] as const) {
  const firm = FIRMS[language];
  test(`a branded firm's client answers, reads the report and downloads it on a phone (${language})`, async ({ browser }) => {
    test.slow();
    const admin = await signedIn(browser, ADMIN);
    try {
      await api.put(admin.page.request, '/api/account/branding', {
        firmName: firm.firmName,
        address: 'Hafenstraße 1, 20457 Hamburg',
        footerLine: 'Independent advice since 1998',
        primaryColor: COLOUR,
        accentColor: null,
      });
      const logo = await admin.page.request.post('/api/account/branding/logo', { headers: { ...WEB_HEADERS, 'content-type': 'image/svg+xml' }, data: Buffer.from(LOGO_SVG) });
      expect(logo.ok()).toBe(true);

      // The adviser invites a new client by mail.
      const adviser = await signedIn(browser, ADVISER);
      const user = await api.get<{ products: { id: string; productType: string }[] }>(adviser.page.request, '/api/user');
      const productConfigurationId = user.products.find((p) => p.productType === 'BQ_RISK')!.id;
      const email = `branded.${Date.now()}@example.com`;
      const client = await api.post<{ token: string }>(adviser.page.request, '/api/u', {
        firstName: 'Mara', lastName: firm.lastName, email, locale: language, salutation: 'MS', productConfigurationId,
      });
      const instance = await api.post<{ token: string }>(adviser.page.request, '/api/instance', { clientToken: client.token, productConfigurationId, autoSendReport: false });
      await api.post(adviser.page.request, `/api/instance/${instance.token}/invite/email`);

      const mail = await waitForMail(email);
      expect(mail.from).toContain(`${firm.firmName} via BQ Advisory Platform`);
      expect(mail.subject.startsWith(`${firm.firmName}: `)).toBe(true);
      expect(mail.text).toContain(firm.greeting);
      const logoLink = /src="https?:\/\/[^/"]+(\/api\/branding\/[^"]+\/logo\?[^"]+)"/.exec(mail.html.replaceAll('&amp;', '&'));
      expect(logoLink, 'the logo in the mail').not.toBeNull();
      const logoAnswer = await adviser.page.request.get(logoLink![1]!);
      expect(logoAnswer.headers()['content-type']).toBe('image/png');

      // The client opens the mail's link on a phone whose browser speaks the other language.
      const phoneContext = await browser.newContext({ viewport: PHONE, locale: firm.browser, hasTouch: true, isMobile: true });
      await phoneContext.addInitScript(RECORD_SHIFTS);
      const phone = await phoneContext.newPage();
      await phone.goto(linkIn(mail, '/q/'));
      const frame = phone.getByTestId('participant-brand');
      await expect(frame).toHaveAttribute('data-branded', 'true');
      await expect(phone.getByTestId('participant-brand-logo')).toBeVisible();
      // The firm's frame came with the page: nothing jumps when the questionnaire arrives (it was 0.9).
      await expect(phone.getByTestId('questionnaire-next')).toBeVisible();
      expect(await layoutShift(phone), 'layout shift of the branded questionnaire').toBeLessThan(0.1);
      expect(await frame.evaluate((el) => getComputedStyle(el).getPropertyValue('--brand-primary').trim())).toBe(COLOUR);
      await expect(phone.getByTestId('questionnaire-next')).toHaveCSS('background-color', 'rgb(11, 110, 79)');
      await expectFitsWidth(phone, PHONE.width);
      await screenshot(phone, `branded-questionnaire-${language}`);
      await answerAndSubmit(phone.request, instance.token);

      await unlockOnDashboard(adviser.page, 'BQ_RISK', client.token, instance.token);
      await adviser.context.close();

      // The report, in the client's language, in the firm's frame; then its PDF.
      await phone.goto(`/bqa/report/${instance.token}`);
      await expect(phone.getByTestId('report-document')).toHaveAttribute('data-locale', language);
      await expect(phone.getByTestId('participant-brand-logo')).toBeVisible();
      expect(await layoutShift(phone), 'layout shift of the branded report').toBeLessThan(0.1);
      await expectFitsWidth(phone, PHONE.width);
      await screenshot(phone, `branded-report-${language}`);
      const pdf = await downloadFrom(phone, 'report-download');
      expect(pdf.text).toContain(firm.firmName);
      // The SVG logo is drawn in the PDF (rasterised): the document holds an image.
      expect(execFileSync('pdfimages', ['-list', pdf.path], { encoding: 'utf8' }).trim().split('\n').length).toBeGreaterThan(2);
      pdfPageScreenshot(pdf.path, `branded-report-pdf-${language}`);

      // The firm's own address (an operator assigns it; Chromium sends *.localhost here): its sign-in page, the light
      // entry, shows the firm's logo and name with the first paint and does not move (it shifted by 0.39).
      const operator = await signedIn(browser, OPERATOR);
      const { accountId } = await api.get<{ accountId: string }>(admin.page.request, '/api/user');
      const host = `firm-${language.toLowerCase().replace('_', '-')}.localhost`;
      await api.put(operator.page.request, `/api/ops/accounts/${accountId}/branding`, { poweredByHidden: false, hosts: [host] });
      try {
        const T = firm.browser === 'de-DE' ? DE : EN;
        await phone.goto(`http://${host}:${PORT}/login`);
        await expect(phone.getByRole('heading', { name: T['login.title']!, level: 1 })).toBeVisible();
        await expect(phone.getByTestId('host-brand')).toContainText(firm.firmName);
        await expect(phone.getByTestId('host-brand').locator('img')).toBeVisible();
        expect(await layoutShift(phone), 'layout shift of the branded sign-in page').toBeLessThan(0.1);
        await expectFitsWidth(phone, PHONE.width);
        await screenshot(phone, `branded-sign-in-${language}`);
      } finally {
        await api.put(operator.page.request, `/api/ops/accounts/${accountId}/branding`, { poweredByHidden: false, hosts: [] });
        await operator.context.close();
      }
      await phoneContext.close();
    } finally {
      // The journeys share one database: the next one meets the platform's look.
      await api.put(admin.page.request, '/api/account/branding', { firmName: null, address: null, footerLine: null, primaryColor: null, accentColor: null });
      await admin.page.request.delete('/api/account/branding/logo', { headers: WEB_HEADERS });
      await admin.context.close();
    }
  });
}
