// Issue 25 points 4 and 5 (docs/decisions/0053), in English and German: on a phone, the candidate of a selection
// questionnaire first reads the notice (what is assessed, that a person decides, the retention period, whom to ask,
// the account's own text) and continues to the questionnaire with one button; the evaluator opens "Why this score"
// on a dimension and sees the answers' points add up to the dashboard's T-score, on a phone too.
import type { Page } from '@playwright/test';
import { ADMIN, DE, EN, answerAndSubmit, api, clientWithQuestionnaire, expect, expectFitsWidth, openLoginAndSignIn, screenshot, test, unlockOnDashboard, useLanguage } from './support';

const PHONE = { width: 390, height: 844 };
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

async function resetNotice(page: Page) {
  await api.put(page.request, '/api/account/assessment-notice', { contact: null, text: null });
}

for (const [locale, T] of [['EN_US', EN], ['DE_DE', DE]] as const) {
  test(`notice before the questionnaire and "Why this score" (${locale})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await openLoginAndSignIn(page, ADMIN);
    try {
      await api.put(page.request, '/api/account/assessment-notice', { contact: 'HR team, hr@demo.example', text: 'We use the results only for this role.' });
      const retention = await api.get<{ selectionMonths: number }>(page.request, '/api/account/retention');
      const { clientToken, instanceToken } = await clientWithQuestionnaire(page.request, { product: 'BQ_SELECTION', firstName: 'Mira', lastName: `Notice ${locale}`, locale });

      // The candidate, on a phone.
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const candidate = await context.newPage();
      await candidate.goto(`/q/${instanceToken}`);
      const notice = candidate.getByTestId('assessment-notice');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(T['questionnaire.assessmentNotice.title']!);
      const { accountName } = await api.get<{ accountName: string }>(page.request, `/api/q?token=${instanceToken}`);
      await expect(candidate.getByTestId('assessment-notice-person')).toHaveText(fill(T['questionnaire.assessmentNotice.person']!, { accountName }));
      await expect(candidate.getByTestId('assessment-notice-retention')).toHaveText(fill(T['questionnaire.assessmentNotice.retention_other']!, { count: retention.selectionMonths }));
      await expect(candidate.getByTestId('assessment-notice-contact')).toHaveText(fill(T['questionnaire.assessmentNotice.contact']!, { contact: 'HR team, hr@demo.example' }));
      await expect(candidate.getByTestId('assessment-notice-account-text')).toHaveText('We use the results only for this role.');
      await expect(candidate.getByTestId('questionnaire-intro')).toHaveCount(0);
      // Nothing wider than the phone's screen.
      await expectFitsWidth(candidate, PHONE.width);
      await screenshot(candidate, `assessment-notice-phone-${locale}`);
      await candidate.getByTestId('assessment-notice-continue').click();
      await expect(candidate.getByTestId('questionnaire-intro')).toBeVisible();
      await expect(notice).toHaveCount(0);
      // A reload in the same tab does not ask again.
      await candidate.reload();
      await expect(candidate.getByTestId('questionnaire-intro')).toBeVisible();
      await context.close();

      await answerAndSubmit(page.request, instanceToken);
      await useLanguage(page, locale);
      await unlockOnDashboard(page, 'BQ_SELECTION', clientToken, instanceToken);
      const card = page.getByTestId('result-dimension-conscientiousness');
      const shownT = Number(await card.getAttribute('data-t'));
      await card.getByTestId('why-score-toggle-conscientiousness').click();
      await expect(card.getByTestId('why-score-toggle-conscientiousness')).toHaveAttribute('aria-expanded', 'true');
      await expect(card.getByTestId('why-score-toggle-conscientiousness')).toHaveText(T['results.why.toggle']!);
      const panel = card.getByTestId('why-score-conscientiousness');
      const rows = panel.locator('[data-testid^="why-score-answer-"]');
      await expect(rows).toHaveCount(4);
      const points = await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-points'))));
      expect(Math.round(500 + points.reduce((a, b) => a + b * 10, 0))).toBe(Math.round(shownT * 10));
      await expect(panel.getByTestId('why-score-total')).toHaveText(shownT.toLocaleString(locale === 'DE_DE' ? 'de-DE' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
      await screenshot(page, `why-this-score-${locale}`);
      // On a phone the explanation wraps instead of scrolling sideways.
      await page.setViewportSize(PHONE);
      await expect(panel.getByTestId('why-score-total')).toBeVisible();
      await expectFitsWidth(page, PHONE.width);
      expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/artifacts/why-this-score-phone-${locale}.png` });
    } finally {
      await resetNotice(page);
      if (locale !== 'EN_US') await useLanguage(page, 'EN_US');
    }
  });
}
