// Issue 24 point 1: an evaluator turns on the TOTP second factor under Settings > Two-factor authentication (QR code,
// setup key, first code, recovery codes shown once), signs out, and signs in again with the password and then a code
// from the app (here: otplib with the key the page showed). In English and German, with a user created by the test
// (the demo users must not get a second factor: the other journeys sign in with their passwords alone).
import type { Browser } from '@playwright/test';
import { generate } from 'otplib';
import { DE, EN, api, expect, screenshot, signIn, test } from './support';

const PASSWORD = 'Journey-Pass-2026!';

async function browserIn(browser: Browser, language: 'EN_US' | 'DE_DE') {
  const context = await browser.newContext({ locale: language === 'DE_DE' ? 'de-DE' : 'en-US' });
  return { context, page: await context.newPage() };
}

/** The code an authenticator app shows `stepsLater` 30-second steps from now (the confirming code used up this one). */
const codeFor = (secret: string, stepsLater = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsLater * 30 });

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`turn on two-factor authentication and sign in with a code (${language})`, async ({ browser }) => {
    const { context, page } = await browserIn(browser, language);
    const user = { email: `two.factor.${language.toLowerCase()}.${Date.now()}@example.com`, password: PASSWORD };
    await api.post(page.request, '/api/signup', {
      email: user.email, password: user.password, firstName: 'Tara', lastName: 'Zweifach', termsAccepted: true, locale: language,
    });
    await page.goto('/login');
    await signIn(page, user, T);
    await expect(page).toHaveURL(/\/product\//);

    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { name: T['page.settingsSecurity.title']! }).first()).toBeVisible();
    await page.getByRole('button', { name: T['twoFactor.enrol.start']! }).click();
    await expect(page.getByRole('img', { name: T['twoFactor.enrol.qrAlt']! })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, `two-factor-enrol-${language}`);

    // A wrong code first: the factor stays off.
    const right = await codeFor(secret);
    await page.getByLabel(T['twoFactor.enrol.code']!, { exact: false }).fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: T['twoFactor.enrol.confirm']!, exact: true }).click();
    await expect(page.getByText(T['ERROR_TWO_FACTOR_CODE_INVALID']!)).toBeVisible();
    await page.getByLabel(T['twoFactor.enrol.code']!, { exact: false }).fill(right);
    await page.getByRole('button', { name: T['twoFactor.enrol.confirm']!, exact: true }).click();
    const codes = page.getByRole('list', { name: T['twoFactor.recovery.listLabel']! }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await screenshot(page, `two-factor-recovery-codes-${language}`);
    await page.getByRole('button', { name: T['twoFactor.recovery.done']! }).click();
    await expect(page.getByTestId('totp-on')).toContainText(T['twoFactor.on']!);

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);

    // The password alone no longer signs in: the page asks for the code, and nothing signed-in answers yet.
    await signIn(page, user, T);
    const code = page.getByLabel(T['login.secondFactor.code']!, { exact: true });
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect((await page.request.get('/api/user', { headers: { 'x-source': 'web' } })).status()).toBe(401);
    await screenshot(page, `two-factor-sign-in-${language}`);
    await code.fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: T['login.secondFactor.submit']!, exact: true }).click();
    await expect(page).toHaveURL(/\/product\//);
    await context.close();
  });
}
