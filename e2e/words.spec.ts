// Issue 22, points 16 and 17, in English and German with axe: a participant of an account without a privacy policy
// reads the platform's default notice before the first question (phone viewport); sign-up's terms and privacy links
// open the texts; the client form asks for the salutation; the credits page says whether tax is included.
import type { Browser } from '@playwright/test';
import { ADMIN, ADVISER, api, clientWithQuestionnaire, DE, EN, expect, expectFitsWidth, screenshot, signIn, test, useLanguage } from './support';

type Texts = typeof EN;
const BUYER = { email: 'buyer@demo.example', password: 'Demo-Buyer-2026!' };
const LANG = { EN_US: 'en-US', DE_DE: 'de-DE' } as const;

async function signedIn(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL(/\/product\//);
  return { context, page };
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const satisfies readonly (readonly ['EN_US' | 'DE_DE', Texts])[]) {
  test(`participant sees the platform's privacy notice before the first answer when the account has none (${language})`, async ({ browser }) => {
    test.slow();
    // The demo account without a policy of its own (another journey may have written one).
    const admin = await signedIn(browser, ADMIN);
    await api.post(admin.page.request, '/api/account/privacy_policy', { texts: { EN_US: '', EN_UK: '', DE_DE: '' } });
    await admin.context.close();

    const adviser = await signedIn(browser, ADVISER);
    const { instanceToken } = await clientWithQuestionnaire(adviser.page.request, {
      product: 'BQ_RISK',
      firstName: 'Pia',
      lastName: language === 'DE_DE' ? 'Schäfer' : 'Porter',
      locale: language,
    });
    await adviser.context.close();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: LANG[language] });
    const participant = await context.newPage();
    await participant.goto(`/q/${instanceToken}`);
    const notice = participant.getByTestId('questionnaire-privacy-policy');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('heading', { level: 2 })).toHaveText(T['questionnaire.privacyPolicy.platformTitle']!);
    const text = participant.getByTestId('questionnaire-privacy-text');
    await expect(text).toHaveAttribute('data-source', 'platform');
    await expect(text).toContainText(T['legal.privacy.text']!.split('\n')[0]!.slice(0, 80));
    // Before the first question, on the page the participant sees first.
    const firstItem = participant.locator('[data-testid^="questionnaire-item-"]').first();
    await expect(firstItem).toBeVisible();
    const noticeBox = (await notice.boundingBox())!;
    const itemBox = (await firstItem.boundingBox())!;
    expect(noticeBox.y).toBeLessThan(itemBox.y);
    // No sideways scrolling on the phone.
    await expectFitsWidth(participant, 390);
    await screenshot(participant, `words-privacy-notice-${language}`);
    await context.close();
  });

  test(`sign-up's terms and privacy links open the texts (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: LANG[language] });
    const page = await context.newPage();
    await page.goto('/signup/ext');
    const terms = page.getByTestId('signup-terms-link');
    await expect(terms).toHaveText(T['signup.termsWithLinks']!.match(/<terms>(.*)<\/terms>/)![1]!);
    await screenshot(page, `words-signup-links-${language}`);
    for (const [testId, key] of [
      ['signup-terms-link', 'terms'],
      ['signup-privacy-link', 'privacy'],
    ] as const) {
      const [opened] = await Promise.all([context.waitForEvent('page'), page.getByTestId(testId).click()]);
      await opened.waitForLoadState();
      await expect(opened).toHaveURL(new RegExp(`/${key}$`));
      await expect(opened.getByRole('heading', { level: 1 })).toHaveText(T[`legal.${key}.title`]!);
      await expect(opened.getByTestId(`legal-${key}-text`)).toContainText(T[`legal.${key}.text`]!.split('\n')[0]!.slice(0, 60));
      await screenshot(opened, `words-legal-${key}-${language}`);
      await opened.close();
    }
    await context.close();
  });

  test(`the client form asks how mails greet the client, and the credits page says whether tax is included (${language})`, async ({ browser }) => {
    test.slow();
    const { context, page } = await signedIn(browser, ADVISER);
    await useLanguage(page, language); // also in English: an earlier journey may have left the demo user German
    try {
      await page.goto('/product/BQ_RISK');
      await page.getByTestId('create-client-button').click();
      const form = page.getByTestId('client-form');
      const salutation = form.getByTestId('client-form-salutation');
      await salutation.selectOption({ label: T['clients.salutation.MR']! });
      await expect(salutation).toHaveValue('MR');
      await form.getByRole('textbox', { name: T['clients.form.firstName']!, exact: true }).fill('Jürgen');
      await form.getByRole('textbox', { name: T['clients.form.lastName']!, exact: true }).fill('Käßmann');
      const email = `juergen.${language.toLowerCase()}.${Date.now()}@example.com`;
      await form.getByRole('textbox', { name: T['clients.form.email']!, exact: true }).fill(email);
      await screenshot(page, `words-client-salutation-${language}`);
      await page.getByTestId('client-form-submit').click();
      await expect(page).toHaveURL(/\/BQ_RISK\/client\/[A-Za-z0-9_-]{24}$/);
      const token = new URL(page.url()).pathname.split('/').pop()!;
      const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
      const config = user.products.find((p) => p.productType === 'BQ_RISK')!.id;
      const profile = await api.get<{ salutation: string }>(page.request, `/api/client/${token}/product/${config}/profile`);
      expect(profile.salutation).toBe('MR');
    } finally {
      if (language === 'DE_DE') await useLanguage(page, 'EN_US');
      await context.close();
    }

    const buyer = await signedIn(browser, BUYER);
    await useLanguage(buyer.page, language);
    try {
      await buyer.page.goto('/BQ_ADVISORY_BANK/credits');
      const prices = await api.get<{ currency: 'EUR' | 'USD' }>(buyer.page.request, '/api/payment/configurations?productType=BQ_ADVISORY_BANK');
      const tax = buyer.page.getByTestId('package-10-tax');
      await expect(tax).toHaveText(T[`billing.package.tax.${prices.currency}`]!);
      await screenshot(buyer.page, `words-credits-tax-${language}`);
    } finally {
      if (language === 'DE_DE') await useLanguage(buyer.page, 'EN_US');
      await buyer.context.close();
    }
  });
}
