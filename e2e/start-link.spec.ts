// Issue 38 point 5 (docs/decisions/0092 and its addendum): the questionnaire on the firm's website. The admin makes a
// start link in the settings; a visitor on a phone opens /start/{publicId}, reads the privacy notice, leaves name and
// e-mail, gets the verification mail, confirms with the button and answers the questionnaire; the adviser finds the
// new client in the list as "Lead · website" (row, phone card, client page) with the result locked. With the account's
// switch off, the link shows the unknown-link page. English and German; axe on every screenshot; no sideways scrolling.
import type { Browser, Page } from '@playwright/test';
import { ADMIN, DE, EN, answerAndSubmit, api, expect, expectFitsWidth, linkIn, openLoginAndSignIn, screenshot, test, useLanguage, waitForMail } from './support';

const PHONE = { width: 390, height: 844 };
const LANG = { EN_US: 'en-US', DE_DE: 'de-DE' } as const;
/** The server refuses a form sent back sooner than 3 s after it was shown (a bot's pace); a person reads first. */
const READING_MS = 4000;

// A step that cannot happen fails within seconds, naming itself, instead of at the end of the slow test's time.
test.use({ actionTimeout: 15_000 });

async function newStartLink(page: Page, T: Record<string, string>) {
  await api.put(page.request, '/api/account/public-link-settings', { enabled: true });
  await page.goto('/settings/start-links');
  await expect(page.getByTestId('public-links-account-switch')).toBeChecked();
  const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
  await page.getByLabel(T['publicLinks.product']!, { exact: true }).selectOption(user.products.find((p) => p.productType === 'BQ_RISK')!.id);
  const before = (await api.get<{ links: unknown[] }>(page.request, '/api/account/public-links')).links.length;
  await page.getByRole('button', { name: T['publicLinks.create'] }).click();
  await expect.poll(async () => (await api.get<{ links: unknown[] }>(page.request, '/api/account/public-links')).links.length).toBe(before + 1);
  const [newest] = (await api.get<{ links: { publicId: string }[] }>(page.request, '/api/account/public-links')).links;
  return newest!.publicId;
}

async function phoneOf(browser: Browser, language: 'EN_US' | 'DE_DE') {
  const context = await browser.newContext({ viewport: PHONE, locale: LANG[language], hasTouch: true, isMobile: true });
  return { context, phone: await context.newPage() };
}

for (const [language, T] of [['EN_US', EN], ['DE_DE', DE]] as const) {
  test(`a visitor of the firm's website becomes a lead on a phone (${language})`, async ({ page, browser }) => {
    test.slow();
    await openLoginAndSignIn(page, ADMIN);
    await useLanguage(page, language);
    const publicId = await newStartLink(page, T);
    await screenshot(page, `start-link-settings-${language}`);

    const { context, phone } = await phoneOf(browser, language);
    const lastName = `${language === 'DE_DE' ? 'Weiß' : 'White'}${Date.now().toString(36)}`;
    const email = `lead.${Date.now()}.${language.toLowerCase()}@example.com`;
    try {
      await phone.goto(`/start/${publicId}`);
      const shownAt = Date.now();
      await expect(phone.locator('html')).toHaveAttribute('lang', LANG[language]);
      await expect(phone.getByRole('heading', { name: T['publicStart.privacyTitle'] })).toBeVisible();
      await expectFitsWidth(phone, PHONE.width);
      await screenshot(phone, `start-link-page-phone-${language}`);

      await phone.getByRole('textbox', { name: T['publicStart.firstName'] }).fill('Lea');
      await phone.getByRole('textbox', { name: T['publicStart.lastName'] }).fill(lastName);
      await phone.getByRole('textbox', { name: T['publicStart.email'] }).fill(email);
      await phone.getByLabel(T['publicStart.privacyAccepted']!).check();
      // Like a person who read the notice before sending: the time check is not weakened for the journey.
      await phone.waitForTimeout(Math.max(0, READING_MS - (Date.now() - shownAt)));
      await phone.getByRole('button', { name: T['publicStart.submit'] }).click();
      await expect(phone.getByRole('status').filter({ hasText: T['publicStart.sentTitle']! })).toBeVisible();
      await expectFitsWidth(phone, PHONE.width);
      await screenshot(phone, `start-link-sent-phone-${language}`);

      const mail = await waitForMail(email, (m) => m.text.includes('/start/verify/'));
      await phone.goto(linkIn(mail, '/start/verify/'));
      await expectFitsWidth(phone, PHONE.width);
      await screenshot(phone, `start-link-verify-phone-${language}`);
      await phone.getByRole('button', { name: T['publicStart.verifyButton'] }).click();
      await expect(phone).toHaveURL(/\/q\/[^/]+$/);
      await expect(phone.getByTestId('questionnaire')).toBeVisible();
      await expectFitsWidth(phone, PHONE.width);
      await screenshot(phone, `start-link-questionnaire-phone-${language}`);
      const instanceToken = phone.url().split('/').pop()!;
      // The questionnaire itself is the participant journey's (participant-phone.spec.ts): answered through its API.
      await answerAndSubmit(phone.request, instanceToken);

      // The adviser: the lead from the website, with its marker and the result locked.
      await page.goto('/product/BQ_RISK');
      await page.getByTestId('client-filter-website-leads').click();
      await expect(page).toHaveURL(/source=WEBSITE/);
      const row = page.getByRole('row').filter({ hasText: lastName });
      await expect(row.getByTestId('client-website-lead-badge')).toHaveText(T['clients.lead.website']!);
      await expect(async () => {
        await page.reload();
        await expect(row.getByTestId('client-row-result')).toHaveAttribute('data-lock-status', 'LOCKED', { timeout: 2000 });
      }).toPass({ timeout: 30_000 });
      await screenshot(page, `start-link-lead-list-${language}`);
      await page.setViewportSize(PHONE);
      const card = page.getByTestId('client-card-list').getByRole('listitem').filter({ hasText: lastName });
      await expect(card.getByTestId('client-website-lead-badge')).toBeVisible();
      await expect(card.getByTestId('client-card-result')).toHaveAttribute('data-lock-status', 'LOCKED');
      await expectFitsWidth(page, PHONE.width);
      await screenshot(page, `start-link-lead-cards-phone-${language}`);
      await card.getByTestId('client-card-link').click();
      await expect(page.getByTestId('client-name')).toContainText(lastName);
      await expect(page.getByTestId('client-website-lead-badge')).toBeVisible();
      await expectFitsWidth(page, PHONE.width);
      await screenshot(page, `start-link-lead-client-phone-${language}`);

      // The account switches every link off: the visitor's link shows what an unknown link shows.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/settings/start-links');
      await page.getByTestId('public-links-account-switch').click();
      await expect(page.getByTestId('public-links-switched-off')).toBeVisible();
      await screenshot(page, `start-link-switched-off-settings-${language}`);
      await phone.goto(`/start/${publicId}`);
      await expect(phone.getByText(T['publicStart.notFoundTitle']!)).toBeVisible();
      const switchedOff = await phone.locator('main, body').first().innerText();
      await screenshot(phone, `start-link-switched-off-phone-${language}`);
      await phone.goto('/start/AAAAAAAAAAAAAAAAAAAAAA');
      await expect(phone.getByText(T['publicStart.notFoundTitle']!)).toBeVisible();
      expect(await phone.locator('main, body').first().innerText()).toBe(switchedOff);
    } finally {
      // The demo as it was found for the other journeys: links on, the admin in English.
      await api.put(page.request, '/api/account/public-link-settings', { enabled: true });
      await context.close();
      await useLanguage(page, 'EN_US');
    }
  });
}
