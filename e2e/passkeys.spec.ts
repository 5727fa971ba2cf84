// Issue 24 point 2: an evaluator registers a passkey under Settings > Security (Chromium's virtual authenticator,
// driven over CDP: a resident key with user verification, like a phone or laptop passkey), signs out and signs in
// again with the passkey alone from the login page's button. Then the step-up dialog (docs/decisions/0045): the ten
// minutes cannot pass in a journey (the API test moves the clock), so the first "create API credential" call is
// answered with the server's own step_up_required refusal; the dialog asks, the passkey answers a real step-up, and
// the same call goes through. In English and German, with a user created by the test on `localhost` (a WebAuthn RP
// ID must be a domain, and PUBLIC_URL's default host is localhost).
import type { Browser } from '@playwright/test';
import { DE, EN, PUBLIC_BASE, api, expect, screenshot, signIn, test } from './support';

const PASSWORD = 'Journey-Pass-2026!';

async function browserWithPasskeys(browser: Browser, language: 'EN_US' | 'DE_DE') {
  const context = await browser.newContext({ locale: language === 'DE_DE' ? 'de-DE' : 'en-US', baseURL: PUBLIC_BASE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { context, page };
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`register a passkey, sign in with it without a password, confirm a sensitive change with it (${language})`, async ({ browser }) => {
    const { context, page } = await browserWithPasskeys(browser, language);
    const user = { email: `passkey.${language.toLowerCase()}.${Date.now()}@example.com`, password: PASSWORD };
    await api.post(page.request, '/api/signup', {
      email: user.email, password: user.password, firstName: 'Paula', lastName: 'Schlüssel', termsAccepted: true, locale: language,
    });
    await page.goto('/login');
    await signIn(page, user, T);
    await expect(page).toHaveURL(/\/product\//);

    await page.goto('/settings/security');
    await expect(page.getByRole('heading', { name: T['passkeys.title']! })).toBeVisible();
    await expect(page.getByTestId('passkeys-empty')).toBeVisible();
    await page.getByTestId('passkey-name').fill('Laptop');
    await page.getByTestId('passkey-add').click();
    await expect(page.getByText(T['passkeys.added']!)).toBeVisible();
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await expect(page.getByTestId('passkey-row')).toContainText('Laptop');
    await screenshot(page, `passkeys-settings-${language}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `passkeys-settings-phone-${language}`);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    await screenshot(page, `passkeys-login-${language}`);

    // No e-mail address, no password: the discoverable passkey names the user.
    await page.getByRole('button', { name: T['login.passkey']! }).click();
    await expect(page).toHaveURL(/\/product\//);
    expect((await page.request.get('/api/user', { headers: { 'x-source': 'web' } })).status()).toBe(200);

    // Step-up: the first create is answered with the server's refusal as it looks after ten minutes.
    let refused = false;
    await page.route('**/api/management/credentials', async (route) => {
      if (route.request().method() === 'POST' && !refused) {
        refused = true;
        await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errorKey: 'error.two_factor.step_up_required', message: 'Step-up required' }) });
      } else await route.continue();
    });
    await page.goto('/settings/api');
    await page.getByTestId('api-credential-description').fill(`CRM sync ${language}`);
    await page.getByTestId('api-credential-create').click();
    const dialog = page.getByRole('dialog', { name: T['stepUp.title']! });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(T['stepUp.lead']!)).toBeVisible();
    await screenshot(page, `passkeys-step-up-${language}`);
    await dialog.getByTestId('step-up-passkey').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('api-credential-secret')).toBeVisible();
    expect(refused).toBe(true);
    await context.close();
  });
}
