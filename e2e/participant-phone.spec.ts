// Issue 27 (docs/decisions/0054): the questionnaire on a phone, in English and German, from the participant entry
// (participant.html, no evaluator app): the client's language without choosing it, one question per screen with
// the question count, answers saved as given (also after a reload), touch targets of at least 44 px, no sideways
// scrolling, the review by page, and the thanks. axe runs on every page (support.ts).
import type { Browser } from '@playwright/test';
import { evaluatorAppScripts, lightEntryScripts } from './entry-scripts';
import { ADMIN, ADVISER, DE, EN, clientWithQuestionnaire, expect, expectFitsWidth, screenshot, signIn, test } from './support';

const LANG = { EN_US: 'en-US', DE_DE: 'de-DE' } as const;
const PHONE = { width: 390, height: 844 };

async function sentQuestionnaire(browser: Browser, locale: 'EN_US' | 'DE_DE') {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, ADVISER);
  await expect(page).toHaveURL(/\/product\//);
  const sent = await clientWithQuestionnaire(page.request, {
    product: 'BQ_RISK',
    firstName: 'Mara',
    lastName: locale === 'DE_DE' ? 'Köhler' : 'Kent',
    locale,
  });
  await context.close();
  return sent;
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`a client answers on a phone, one question per screen, in the client's language (${language})`, async ({
    browser,
  }) => {
    test.slow();
    const { instanceToken } = await sentQuestionnaire(browser, language);
    // The browser speaks the other language: the questionnaire follows the client, not the browser.
    const other = language === 'DE_DE' ? 'en-US' : 'de-DE';
    const context = await browser.newContext({
      viewport: PHONE,
      locale: other,
      hasTouch: true,
      isMobile: true,
    });
    const phone = await context.newPage();
    const scripts: string[] = [];
    phone.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await phone.goto(`/q/${instanceToken}`);
    const questionnaire = phone.getByTestId('questionnaire');
    await expect(questionnaire).toHaveAttribute('data-one-question', '');
    await expect(phone.locator('html')).toHaveAttribute('lang', LANG[language]);
    // Only the participant entry's script and its light runtime: nothing of the evaluator app.
    expect(scripts.length).toBeGreaterThan(0);
    const allowed = lightEntryScripts('participant.html');
    const evaluatorApp = evaluatorAppScripts();
    expect(scripts.filter((path) => !allowed.has(path) || evaluatorApp.has(path))).toEqual([]);

    const indicator = phone.getByTestId('questionnaire-page-indicator');
    const total = Number(/(\d+)\D*$/.exec((await indicator.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThan(3);
    await expect(indicator).toHaveText(
      T['questionnaire.progress.question']!.replace('{{question}}', '1').replace(
        '{{questions}}',
        String(total),
      ),
    );
    await expect(phone.locator('[data-testid^="questionnaire-item-"]')).toHaveCount(1);
    await expectFitsWidth(phone, PHONE.width);
    // Each answer is a tile at least 44 px high, tapped anywhere.
    const firstOption = phone.locator('.p-option').first();
    expect((await firstOption.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await phone.getByTestId('questionnaire-next').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(phone, `participant-phone-first-question-${language}`);

    // The first two questions, then a reload: the answers were saved as given and the client continues there.
    for (let i = 0; i < 2; i += 1) {
      await phone.locator('.p-option').first().tap();
      await expect(phone.getByTestId('questionnaire-save-status')).toHaveAttribute('data-state', 'saved');
      await phone.getByTestId('questionnaire-next').tap();
    }
    await phone.reload();
    await expect(phone.getByTestId('questionnaire-welcome-back')).toBeVisible();
    await expect(indicator).toHaveText(
      T['questionnaire.progress.question']!.replace('{{question}}', '3').replace(
        '{{questions}}',
        String(total),
      ),
    );
    await expect(phone.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');

    for (let question = 3; question <= total; question += 1) {
      await phone.locator('.p-option').last().tap();
      await phone.getByTestId(question < total ? 'questionnaire-next' : 'questionnaire-review-open').tap();
    }
    const review = phone.getByTestId('questionnaire-review');
    await expect(review.getByRole('heading', { level: 2 })).toHaveText(T['questionnaire.review.title']!);
    await expect(review.locator('[data-testid^="questionnaire-change-"]')).toHaveCount(total);
    await screenshot(phone, `participant-phone-review-${language}`);
    await phone.getByTestId('questionnaire-submit').tap();
    await expect(phone.getByTestId('questionnaire-thank-you')).toBeVisible();
    await screenshot(phone, `participant-phone-thank-you-${language}`);
    await context.close();
  });
}

test('an account that turns one question per screen off shows its clients a whole page on a phone (German)', async ({
  browser,
}) => {
  test.slow();
  const adminContext = await browser.newContext({ locale: 'en-US' });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  // The account admin (Settings > Branding is for those who manage the account's users).
  await signIn(admin, ADMIN);
  await expect(admin).not.toHaveURL(/\/login/);
  const oneQuestion = admin.getByTestId('branding-one-question');
  const save = async () => {
    await admin.getByTestId('branding-save').click();
    await expect(admin.getByText(EN['branding.settings.saved']!).or(admin.getByText(DE['branding.settings.saved']!))).toBeVisible();
  };
  try {
    await admin.goto('/settings/branding');
    await expect(oneQuestion).toBeChecked();
    await oneQuestion.uncheck();
    await save();
    await admin.reload();
    await expect(oneQuestion).not.toBeChecked();

    const { instanceToken } = await sentQuestionnaire(browser, 'DE_DE');
    const context = await browser.newContext({ viewport: PHONE, locale: 'de-DE', hasTouch: true, isMobile: true });
    const phone = await context.newPage();
    await phone.goto(`/q/${instanceToken}`);
    const questionnaire = phone.getByTestId('questionnaire');
    await expect(questionnaire).toBeVisible();
    await expect(questionnaire).not.toHaveAttribute('data-one-question', '');
    expect(await phone.locator('[data-testid^="questionnaire-item-"]').count()).toBeGreaterThan(1);
    await expectFitsWidth(phone, PHONE.width);
    await screenshot(phone, 'participant-phone-whole-page-DE_DE');
    await context.close();
  } finally {
    // The journeys share one database: the next one expects the default.
    await admin.goto('/settings/branding');
    if (!(await oneQuestion.isChecked())) {
      await oneQuestion.check();
      await save();
    }
    await adminContext.close();
  }
});
