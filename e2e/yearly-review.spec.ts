// Issue 38 points 1 and 2 (docs/decisions/0091, 0093): the adviser's year with a risk client. The demo's Hannah Vogel
// answered a year and two weeks ago: the client list's "Review due" filter finds her, her page says the review is
// due and offers "Start the review", whose dialog starts from her previous answers; on a phone she reads that her
// answers of last year are filled in, and they are. She changes one answer (money needed within a year) and submits;
// her page after submitting speaks to her, not of the adviser's comparison; the adviser unlocks the new result and her
// page shows "Changed since the last review": the class moved down, the changed answer with both dates. The month's
// review round: the filter "due by the end of this month" and one bulk send that starts everyone from their answers.
// On the same page the adviser enters her current portfolio: a bad sum is named at the field, all equities is above
// her profile in plain words. English and German; axe on every page.
import type { APIRequestContext, Page } from '@playwright/test';
import { ADVISER, DE, EN, api, expect, openLoginAndSignIn, screenshot, test, unlockOnDashboard, useLanguage } from './support';

async function openVogel(page: Page) {
  await page.goto('/product/BQ_RISK');
  // The list re-renders its toolbar with the filtered answer: click, then read the box again.
  await page.getByTestId('client-filter-review-due').selectOption('now');
  await expect(page.getByTestId('client-filter-review-due')).toHaveValue('now');
  await expect(page).toHaveURL(/reviewDue=true/);
  const rows = page.getByTestId('client-row-link');
  await expect(rows.filter({ hasText: 'Vogel' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Bennett' })).toHaveCount(0);
  return rows.filter({ hasText: 'Vogel' });
}

/** The client confirms her prefilled answers, changes `changes`, and submits (as her questionnaire's last page does). */
async function confirmWithOneChange(request: APIRequestContext, token: string, changes: Record<string, string>) {
  const opened = await api.get<{ answers: Record<string, number | string> }>(request, `/api/q?token=${token}`);
  await api.put(request, `/api/q/${token}/answers`, { answers: { ...opened.answers, ...changes } });
  await api.post(request, `/api/q/${token}/submit`);
}

/** "moved down from X to Y" with any classes: the sentence of the panel, its numbers left open. */
const classSentence = (T: Record<string, string>) =>
  new RegExp(`^${T['review.change.class.down']!.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{(previous|latest)\}\}/g, '\\d')}$`);

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
    const token = new URL(page.url()).pathname.split('/').pop()!;
    const clientToken = page.url().match(/\/client\/([^/]+)\//)![1]!;
    try {
      // Hannah on her phone: her answers of last year are filled in and the page says so.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'DE_DE' ? 'de-DE' : 'en-US' });
      const client = await phone.newPage();
      await client.goto(`/q/${token}`);
      await expect(client.getByTestId('questionnaire-review-notice')).toBeVisible();
      await expect(client.locator('input[type="radio"]:checked').first()).toBeVisible();
      expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(client, `review-questionnaire-phone-${language}`);
      // Under way now: no longer due.
      await page.goto('/product/BQ_RISK?reviewDue=true');
      await expect(page.getByTestId('client-row-link').filter({ hasText: 'Vogel' })).toHaveCount(0);
      // She keeps every answer but one: most of the money is needed within a year now.
      await confirmWithOneChange(client.request, token, { horizon_1: 'lt1y' });
      await client.goto(`/q/${token}`);
      await expect(client.locator('main')).toBeVisible();
      await expect(client.getByText(T['review.change.title']!)).toHaveCount(0);
      expect(await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(client, `review-submitted-phone-${language}`);
      await phone.close();
      // The adviser unlocks the new result; her page compares it with last year's.
      await unlockOnDashboard(page, 'BQ_RISK', clientToken, token);
      await page.goto(`/BQ_RISK/client/${clientToken}`);
      const panel = page.getByTestId('review-change');
      await expect(panel.getByRole('heading', { name: T['review.change.title']! })).toBeVisible();
      await expect(panel.getByTestId('review-change-class')).toHaveText(classSentence(T));
      await expect(panel.getByTestId('review-change-answers').getByRole('row')).toHaveCount(2);
      await expect(panel.getByTestId('change-table')).toBeVisible();
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `review-changed-since-${language}`);
    } finally {
      // The demo as it was found: Hannah due again for the next run and the other journeys.
      await api.delete(page.request, `/api/interaction/instance/${token}`);
      await useLanguage(page, 'EN_US');
    }
  });

  test(`the adviser sends the month's reviews in one send, each from the client's previous answers (${language})`, async ({ page }) => {
    await openLoginAndSignIn(page, ADVISER);
    await useLanguage(page, language);
    await page.goto('/product/BQ_RISK');
    await page.getByTestId('client-filter-review-due').selectOption('month');
    await expect(page).toHaveURL(/reviewDue=month/);
    // The list shows the month's round before the page is ticked (Bennett answered lately: not due).
    await expect(page.getByTestId('client-row-link').filter({ hasText: 'Vogel' })).toHaveCount(1);
    await expect(page.getByTestId('client-row-link').filter({ hasText: 'Bennett' })).toHaveCount(0);
    const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
    const configId = user.products.find((p) => p.productType === 'BQ_RISK')!.id;
    const due = await api.get<{ items: { token: string; lastName: string }[] }>(page.request, `/api/participants?productConfigurationId=${configId}&reviewDue=month&pageSize=100`);
    const started = new Date().toISOString();
    try {
      await page.getByTestId('bulk-select-page').click();
      await expect(page.getByTestId('bulk-send-count')).toContainText(String(due.items.length));
      await page.getByTestId('bulk-send-button').click();
      await expect(page.getByTestId('bulk-send-from-previous')).toBeChecked();
      await page.getByTestId('bulk-send-email-invite').uncheck();
      await page.getByTestId('bulk-send-from-previous').scrollIntoViewIfNeeded();
      await screenshot(page, `review-bulk-dialog-${language}`);
      await page.getByTestId('bulk-send-submit').click();
      await expect(page.getByTestId('bulk-send-progress')).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
      await expect(page.getByTestId('bulk-send-review-summary')).toBeVisible();
      await screenshot(page, `review-bulk-summary-${language}`);
      // Hannah's new questionnaire opens with her answers of last year.
      const vogel = await api.get<{ instances: { token: string; createdAt: string }[] }>(page.request, `/api/client/${due.items.find((c) => c.lastName === 'Vogel')!.token}/product/${configId}/profile`);
      const opened = await api.get<{ answers: Record<string, unknown>; review: unknown }>(page.request, `/api/q?token=${vogel.instances[0]!.token}`);
      expect(Object.keys(opened.answers).length).toBeGreaterThan(10);
      expect(opened.review).not.toBeNull();
    } finally {
      // The demo as it was found: the round's questionnaires removed, so the clients are due again.
      for (const { token } of due.items) {
        const profile = await api.get<{ instances: { token: string; createdAt: string }[] }>(page.request, `/api/client/${token}/product/${configId}/profile`);
        for (const instance of profile.instances.filter((i) => i.createdAt >= started)) await api.delete(page.request, `/api/interaction/instance/${instance.token}`);
      }
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
