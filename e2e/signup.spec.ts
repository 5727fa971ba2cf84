// Issue 14, stories 1, 2, 4 and 5: a visitor signs up from the login page (bad input first), reads the verification
// mail from the mail catcher, cannot send a questionnaire until the address is verified, verifies, signs in and
// sends one; recovers a forgotten password (the used link then says 'link expired'); a demo participant sets a
// password and sees their own result; a self-service user adds a product. In English and German (a German
// browser: the sign-up form sends the page's language, so the account and its mails are German too).
import type { Browser, Page } from '@playwright/test';
import { ADVISER, DE, EN, api, clientWithQuestionnaire, expect, linkIn, screenshot, signIn, test, waitForMail } from './support';

type Texts = typeof EN;
const PASSWORD = 'Journey-Pass-2026!';

async function browserIn(browser: Browser, language: 'EN_US' | 'DE_DE') {
  const context = await browser.newContext({ locale: language === 'DE_DE' ? 'de-DE' : 'en-US' });
  return { context, page: await context.newPage() };
}

async function fillSignup(page: Page, T: Texts, fields: { firstName?: string; lastName?: string; email?: string; password?: string; repeat?: string }) {
  const form = page.getByTestId('signup-form');
  if (fields.firstName !== undefined) await form.getByLabel(T['signup.firstName']!, { exact: false }).fill(fields.firstName);
  if (fields.lastName !== undefined) await form.getByLabel(T['signup.lastName']!, { exact: false }).fill(fields.lastName);
  if (fields.email !== undefined) await form.getByRole('textbox', { name: T['signup.email']! }).fill(fields.email);
  if (fields.password !== undefined) await form.getByRole('textbox', { name: T['signup.password']!, exact: true }).fill(fields.password);
  if (fields.repeat !== undefined) await form.getByRole('textbox', { name: T['signup.passwordRepeat']!, exact: true }).fill(fields.repeat);
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`story 1 (${language}): sign up, verify from the mail, sign in, send a questionnaire`, async ({ browser }) => {
    test.slow(); // sign-up, mail, verification, a questionnaire and a product: many pages on a busy machine
    const { context, page } = await browserIn(browser, language);
    const email = `self.${language.toLowerCase()}.${Date.now()}@example.com`;
    await page.goto('/login');
    await expect(page.getByRole('link', { name: T['login.forgotPassword']! })).toBeVisible();
    await screenshot(page, `login-links-${language}`);
    await page.getByRole('link', { name: T['login.createAccount']! }).click();
    await expect(page).toHaveURL(/\/signup\/ext$/);
    await expect(page.getByTestId('signup-product')).toHaveText(T['product.BQ_ADVISORY_WEALTH.name']!);

    // Bad input first: required fields, a weak password, passwords that differ, terms not accepted.
    await page.getByRole('button', { name: T['signup.submit']! }).click();
    await expect(page.getByText(T['ERROR_VALIDATION_REQUIRED']!).first()).toBeVisible();
    await expect(page.getByText(T['ERROR_VALIDATION_TERMS_NOT_ACCEPTED']!)).toBeVisible();
    await fillSignup(page, T, { firstName: 'Selma', lastName: language === 'DE_DE' ? 'Selbständig' : 'Selfridge', email, password: 'short', repeat: 'other' });
    await expect(page.getByTestId('password-hint-length')).toHaveAttribute('data-met', 'false');
    await page.getByRole('button', { name: T['signup.submit']! }).click();
    await expect(page.getByText(T['settings.password.mismatch']!)).toBeVisible();
    await screenshot(page, `signup-errors-${language}`);
    await fillSignup(page, T, { password: PASSWORD, repeat: PASSWORD });
    for (const hint of ['length', 'upper', 'lower', 'digit', 'symbol']) {
      await expect(page.getByTestId(`password-hint-${hint}`)).toHaveAttribute('data-met', 'true');
    }
    await page.getByTestId('signup-terms').check();
    await page.getByRole('button', { name: T['signup.submit']! }).click();
    await expect(page).toHaveURL(/\/signup\/success\?email=/);
    await expect(page.getByTestId('signup-success')).toContainText(email);
    await screenshot(page, `signup-success-${language}`);

    // Signed in before verifying: "email verification required", and no questionnaire goes out.
    await page.getByRole('link', { name: T['signupSuccess.login']! }).click();
    await signIn(page, { email, password: PASSWORD }, T);
    await expect(page).toHaveURL(/\/product\/BQ_ADVISORY_WEALTH/);
    await expect(page.getByTestId('verification-required')).toContainText(T['verificationRequired.title']!);
    const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
    const configId = user.products[0]!.id;
    const client = await api.post<{ token: string }>(page.request, '/api/u', {
      firstName: 'Karl', lastName: 'Kunde', email: `karl.${Date.now()}@example.com`, locale: language, productConfigurationId: configId,
    });
    const refused = await page.request.post('/api/instance', { headers: { 'x-source': 'web' }, data: { clientToken: client.token, productConfigurationId: configId } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errorKey).toBe('error.email_verification.required');
    await screenshot(page, `signup-verification-required-${language}`);

    // The verification mail, in the page's language, from the mail catcher.
    const mail = await waitForMail(email, (m) => m.subject === (language === 'DE_DE' ? 'Bitte bestätigen Sie Ihre E-Mail-Adresse' : 'Please confirm your email address'));
    if (language === 'DE_DE') expect(mail.text).toMatch(/^Guten Tag Selma Selbständig,/);
    await page.goto(linkIn(mail, '/verify/'));
    await expect(page.getByTestId('verify-email-verified')).toBeVisible();
    await screenshot(page, `signup-verified-${language}`);

    // Verified: the notice is gone and the questionnaire goes out.
    await page.goto('/product/BQ_ADVISORY_WEALTH');
    await expect(page.getByTestId('client-list-table')).toBeVisible();
    await expect(page.getByTestId('verification-required')).toHaveCount(0);
    const sent = await clientWithQuestionnaire(page.request, { product: 'BQ_ADVISORY_WEALTH', firstName: 'Klara', lastName: 'Klient', locale: language });
    await page.goto(`/BQ_ADVISORY_WEALTH/client/${sent.clientToken}/interaction/${sent.instanceToken}`);
    await expect(page.getByTestId('interaction-actions')).toBeVisible();
    await screenshot(page, `signup-questionnaire-sent-${language}`);

    // Story 5: another product, then 'product already added'.
    await page.goto('/BQ_RISK/add');
    await page.getByTestId('add-product-submit').click();
    await expect(page).toHaveURL(/\/BQ_RISK\/sign-up-success$/);
    await expect(page.getByTestId('product-signup-success')).toBeVisible();
    await screenshot(page, `product-sign-up-success-${language}`);
    await page.goto('/BQ_RISK/add');
    await expect(page.getByTestId('add-product-already')).toContainText(T['ERROR_PRODUCT_ALREADY_ADDED']!);
    await context.close();
  });

  test(`story 2 (${language}): recover a forgotten password; the used link says link expired`, async ({ browser }) => {
    test.slow(); // two mails and many pages on a busy machine
    const { context, page } = await browserIn(browser, language);
    const email = `forgetful.${language.toLowerCase()}.${Date.now()}@example.com`;
    await api.post(page.request, '/api/signup', {
      email, password: PASSWORD, firstName: 'Fritz', lastName: 'Vergesslich', termsAccepted: true, locale: language,
    });
    await page.goto('/login');
    await page.getByRole('link', { name: T['login.forgotPassword']! }).click();
    await expect(page).toHaveURL(/\/password\/recovery$/);
    await page.getByRole('button', { name: T['passwordRecovery.submit']! }).click();
    await expect(page.getByText(T['ERROR_VALIDATION_REQUIRED']!)).toBeVisible();
    await page.getByRole('textbox', { name: T['login.email']! }).fill(email);
    await page.getByRole('button', { name: T['passwordRecovery.submit']! }).click();
    await expect(page.getByTestId('password-recovery-sent')).toContainText(email);
    await screenshot(page, `password-recovery-sent-${language}`);

    const mail = await waitForMail(email, (m) => m.subject === (language === 'DE_DE' ? 'Setzen Sie Ihr Passwort zurück' : 'Reset your password'));
    const link = linkIn(mail, '/password/reset/complete');
    await page.goto(link);
    await expect(page.getByText(email)).toBeVisible();
    const newPassword = 'Recovered-Pass-2026!';
    await page.getByRole('textbox', { name: T['settings.password.new']!, exact: true }).fill('weakpassword');
    await page.getByRole('textbox', { name: T['settings.password.repeat']!, exact: true }).fill('weakpassword');
    await page.getByRole('button', { name: T['passwordReset.submit']! }).click();
    await expect(page.getByText(T['settings.password.weak']!)).toBeVisible();
    await page.getByRole('textbox', { name: T['settings.password.new']!, exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: T['settings.password.repeat']!, exact: true }).fill(newPassword);
    await screenshot(page, `password-reset-form-${language}`);
    await page.getByRole('button', { name: T['passwordReset.submit']! }).click();
    await expect(page.getByTestId('password-reset-done')).toBeVisible();
    await screenshot(page, `password-reset-done-${language}`);

    // The old password no longer works, the new one does.
    await page.goto('/login');
    await signIn(page, { email, password: PASSWORD }, T);
    await expect(page.getByText(T['ERROR_AUTH_INVALID_CREDENTIALS']!)).toBeVisible();
    await signIn(page, { email, password: newPassword }, T);
    await expect(page).toHaveURL(/\/product\//);

    // The link worked once, and says it was used (issue 22).
    await page.goto(link);
    await expect(page.getByTestId('password-reset-expired')).toContainText(T['ERROR_PASSWORD_RESET_LINK_USED']!);
    await screenshot(page, `password-reset-expired-${language}`);
    await context.close();
  });
}

for (const [language, T, lastName] of [
  ['EN_US', EN, 'Bennett'],
  ['DE_DE', DE, 'Becker'],
] as const) {
  test(`story 4 (${language}): a demo participant sets a password and sees their own result`, async ({ browser }) => {
    test.slow(); // two browsers and the result dashboard
    // The adviser's side: the token of the participant's finished demo questionnaire.
    const adviser = await browserIn(browser, 'EN_US');
    await adviser.page.goto('/login');
    await signIn(adviser.page, ADVISER);
    await expect(adviser.page).toHaveURL(/\/product\//);
    await adviser.page.goto('/product/BQ_RISK');
    await adviser.page.getByTestId('client-search').fill(lastName);
    const row = adviser.page.locator('tr[data-testid^="client-row-"]').filter({ hasText: lastName });
    await expect(row).toHaveCount(1);
    await adviser.page.goto((await row.getByRole('link').first().getAttribute('href'))!);
    await adviser.page.locator('[data-testid^="client-interaction-row-"]').first().getByRole('link').first().click();
    // (The app carries the list's query string between routes of one product, spec section 2.)
    await expect(adviser.page).toHaveURL(/\/interaction\/[A-Za-z0-9_-]{24}(\?.*)?$/);
    const instanceToken = new URL(adviser.page.url()).pathname.split('/').pop()!;
    await adviser.context.close();

    const { context, page } = await browserIn(browser, language);
    await page.goto(`/demo/password-set/${instanceToken}`);
    await page.getByRole('textbox', { name: T['signup.password']!, exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: T['signup.passwordRepeat']!, exact: true }).fill('Not-The-Same-2026!');
    await page.getByRole('button', { name: T['demoPassword.submit']! }).click();
    await expect(page.getByText(T['settings.password.mismatch']!)).toBeVisible();
    await page.getByRole('textbox', { name: T['signup.passwordRepeat']!, exact: true }).fill(PASSWORD);
    await screenshot(page, `demo-password-set-${language}`);
    await page.getByRole('button', { name: T['demoPassword.submit']! }).click();
    await expect(page).toHaveURL(/\/BQ_RISK\/client\/[A-Za-z0-9_-]{24}\/dashboard\/[A-Za-z0-9_-]{24}$/);
    await expect(page.getByTestId('result-dashboard')).toHaveAttribute('data-lock-status', 'UNLOCKED');
    await expect(page.getByTestId('result-dashboard')).toBeVisible();
    await screenshot(page, `demo-password-own-result-${language}`);
    // Its own account: not the demo's.
    const me = await api.get<{ accountType: string; accountName: string }>(page.request, '/api/user');
    expect(me.accountType).toBe('SELF_SERVICE');
    await context.close();
  });
}
