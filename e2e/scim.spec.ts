// Issue 24 point 6: an account admin issues the account's SCIM token under Settings > Provisioning (shown once, with
// Copy), the directory's first call with it works, and revoking it refuses the next one. In English and German, with
// an account of its own (the demo account must not get a token: other journeys share it).
import type { Browser } from '@playwright/test';
import { DE, EN, api, expect, screenshot, signIn, test } from './support';

const PASSWORD = 'Journey-Pass-2026!';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function browserIn(browser: Browser, language: 'EN_US' | 'DE_DE') {
  const context = await browser.newContext({ locale: language === 'DE_DE' ? 'de-DE' : 'en-US' });
  return { context, page: await context.newPage() };
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`issue and revoke the SCIM token for the company directory (${language})`, async ({ browser }) => {
    const { context, page } = await browserIn(browser, language);
    const user = { email: `scim.admin.${language.toLowerCase()}.${Date.now()}@example.com`, password: PASSWORD };
    await api.post(page.request, '/api/signup', {
      email: user.email, password: user.password, firstName: 'Sina', lastName: 'Verzeichnis', termsAccepted: true, locale: language,
    });
    await page.goto('/login');
    await signIn(page, user, T);
    await expect(page).toHaveURL(/\/product\//);

    await page.setViewportSize(DESKTOP);
    await page.goto('/settings/provisioning');
    await expect(page.getByRole('heading', { name: T['page.settingsProvisioning.title']! }).first()).toBeVisible();
    await expect(page.getByTestId('scim-base-url')).toHaveValue(/\/scim\/v2$/);
    await expect(page.getByTestId('scim-token-status')).toHaveText(T['scim.status.none']!);
    await page.getByRole('button', { name: T['scim.issue.button']!, exact: true }).click();
    const token = await page.getByTestId('scim-token').inputValue();
    expect(token).toMatch(/^bqscim_/);
    await expect(page.getByText(T['scim.newToken.once']!)).toBeVisible();
    await screenshot(page, `scim-token-desktop-${language}`);
    await page.setViewportSize(PHONE);
    await screenshot(page, `scim-token-phone-${language}`);

    // The directory's first call: Entra ID's lookup of a user by userName.
    const lookup = await page.request.get(`/scim/v2/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(lookup.status()).toBe(200);
    expect((await lookup.json()).totalResults).toBe(0);

    await page.getByTestId('scim-token-done').click();
    await expect(page.getByTestId('scim-token')).toHaveCount(0);
    await page.getByTestId('scim-revoke').click();
    await page.getByTestId('scim-revoke-confirm').click();
    await expect(page.getByTestId('scim-token-status')).toHaveText(T['scim.status.none']!);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, `scim-revoked-desktop-${language}`);
    const refused = await page.request.get('/scim/v2/Users', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
    await context.close();
  });
}
