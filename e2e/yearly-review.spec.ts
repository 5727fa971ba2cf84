// Issue 38 points 1 and 2 (docs/decisions/0091, 0093): the adviser's year with a risk client. The demo's Hannah Vogel
// answered a year and two weeks ago: the client list's "Review due" filter finds her, her page says the review is
// due and offers "Start the review", whose dialog starts from her previous answers; on a phone she reads that her
// answers of last year are filled in, and they are. On the same page the adviser enters her current portfolio: a bad
// sum is named at the field, all equities is above her profile in plain words. English and German; axe on every page.
import type { Page } from '@playwright/test';
import { ADVISER, DE, EN, api, expect, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

async function openVogel(page: Page) {
  await page.goto('/product/BQ_RISK');
  // The list re-renders its toolbar with the filtered answer: click, then read the box again.
  await page.getByTestId('client-filter-review-due').click();
  await expect(page.getByTestId('client-filter-review-due')).toBeChecked();
  await expect(page).toHaveURL(/reviewDue=true/);
  const rows = page.getByTestId('client-row-link');
  await expect(rows.filter({ hasText: 'Vogel' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Bennett' })).toHaveCount(0);
  return rows.filter({ hasText: 'Vogel' });
}

for (const [language, T] of [['EN_US', EN], ['DE_DE', DE]] as const) {
  test(`the adviser starts Hannah Vogel's yearly review from her previous answers (${language})`, async ({ page, browser }) => {
    await openLoginAndSignIn(page, ADVISER);
    await useLanguage(page, language);
    const vogel = await openVogel(page);
    await screenshot(page, `review-due-list-${language}`);
    await vogel.click();
    await expect(page).toHaveURL(/\/client\/[^/]+$/);
    await expect(page.getByTestId('client-interactions').getByTestId('review-due')).toBeVisible();
    const start = page.getByTestId('send-interaction-button');
    await expect(start).toHaveText(T['review.start']!);
    await start.click();
    await expect(page.getByTestId('send-interaction-from-previous')).toBeChecked();
    await screenshot(page, `review-start-dialog-${language}`);
    // The link is handed out here, not mailed: the demo client's address is not real.
    await page.getByTestId('send-interaction-email-invite').uncheck();
    await page.getByTestId('send-interaction-submit').click();
    await expect(page).toHaveURL(/\/interaction\/[^/]+$/);
    const token = page.url().split('/').pop()!;
    try {
      // Hannah on her phone: her answers of last year are filled in and the page says so.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'DE_DE' ? 'de-DE' : 'en-US' });
      const client = await phone.newPage();
      await client.goto(`/q/${token}`);
      await expect(client.getByTestId('questionnaire-review-notice')).toBeVisible();
      await expect(client.locator('input[type="radio"]:checked').first()).toBeVisible();
      expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(client, `review-questionnaire-phone-${language}`);
      await phone.close();
      // Under way now: no longer due.
      await page.goto('/product/BQ_RISK?reviewDue=true');
      await expect(page.getByTestId('client-row-link').filter({ hasText: 'Vogel' })).toHaveCount(0);
    } finally {
      // The demo as it was found: Hannah due again for the next run and the other journeys.
      await api.delete(page.request, `/api/interaction/instance/${token}`);
      await useLanguage(page, 'EN_US');
    }
  });

  test(`the adviser checks Hannah Vogel's current portfolio against her profile (${language})`, async ({ page }) => {
    await openLoginAndSignIn(page, ADVISER);
    await useLanguage(page, language);
    const vogel = await openVogel(page);
    await vogel.click();
    await expect(page).toHaveURL(/\/client\/[^/]+$/);
    const section = page.getByTestId('client-portfolio');
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('portfolio-weight-EQUITIES').fill('80');
    await section.getByTestId('portfolio-weight-BONDS').fill('10');
    await section.getByTestId('portfolio-weight-CASH').fill('0');
    await section.getByTestId('portfolio-save').click();
    await expect(section.getByTestId('portfolio-total')).toHaveAttribute('role', 'alert');
    await screenshot(page, `portfolio-sum-${language}`);
    await section.getByTestId('portfolio-weight-EQUITIES').fill('90');
    await section.getByTestId('portfolio-save').click();
    await expect(section.getByTestId('portfolio-verdict')).toBeVisible({ timeout: 15_000 });
    await expect(section.getByTestId('portfolio-client-sentence')).toContainText('1871');
    await screenshot(page, `portfolio-check-${language}`);
  });
}
