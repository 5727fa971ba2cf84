// Issue 23 point 7: an account admin opens Settings > Retention, sees what the next 30 days will remove, is told
// what is wrong with an impossible period, changes the selection period and the advisory years, saves, reloads and
// finds them kept. In English and German, on a desktop and a phone, with an account of its own (signed up here) so
// the demo account's settings stay as they are.
import type { Browser } from '@playwright/test';
import { DE, EN, api, expect, expectFitsWidth, screenshot, signIn, test } from './support';

const PASSWORD = 'Journey-Pass-2026!';

async function browserIn(browser: Browser, language: 'EN_US' | 'DE_DE') {
  const context = await browser.newContext({ locale: language === 'DE_DE' ? 'de-DE' : 'en-US' });
  return { context, page: await context.newPage() };
}

for (const [language, T, months] of [
  ['EN_US', EN, '12'],
  ['DE_DE', DE, '18'],
] as const) {
  test(`an admin changes the retention periods and they are kept (${language})`, async ({ browser }) => {
    const { context, page } = await browserIn(browser, language);
    const admin = { email: `retention.${language.toLowerCase()}.${Date.now()}@example.com`, password: PASSWORD };
    await api.post(page.request, '/api/signup', {
      email: admin.email, password: admin.password, firstName: 'Rita', lastName: 'Frist', termsAccepted: true, locale: language,
    });
    await page.goto('/login');
    await signIn(page, admin, T);
    await expect(page).toHaveURL(/\/product\//);

    await page.goto('/settings');
    await page.getByRole('link', { name: T['page.settingsRetention.title']!, exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/retention$/);
    await expect(page.getByRole('heading', { name: T['page.settingsRetention.title']! }).first()).toBeVisible();
    // A new account has nothing old: the preview says nothing is due.
    await expect(page.getByTestId('retention-preview-empty')).toHaveText(T['retention.preview.empty']!);
    const monthsField = page.getByLabel(T['retention.selection.label']!, { exact: true });
    await expect(monthsField).toHaveValue('6');
    await expect(page.getByRole('radio', { name: T['retention.years_other']!.replace('{{count}}', '5') })).toBeChecked();
    await screenshot(page, `retention-settings-${language}`);

    await monthsField.fill('0');
    await page.getByTestId('retention-save').click();
    await expect(page.getByText(T['ERROR_VALIDATION_RETENTION_SELECTION_MONTHS']!)).toBeVisible();
    await expect(monthsField).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `retention-settings-invalid-${language}`);

    await monthsField.fill(months);
    await page.getByRole('radio', { name: T['retention.years_other']!.replace('{{count}}', '7') }).check();
    await page.getByTestId('retention-save').click();
    await expect(page.getByText(T['retention.saved']!)).toBeVisible();

    await page.reload();
    await expect(page.getByLabel(T['retention.selection.label']!, { exact: true })).toHaveValue(months);
    await expect(page.getByRole('radio', { name: T['retention.years_other']!.replace('{{count}}', '7') })).toBeChecked();
    await expect(page.getByTestId('retention-preview-empty')).toBeVisible();

    // On a phone (after a reload, so no toast is sliding in): nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId('retention-preview-empty')).toBeVisible();
    await expect(page.getByTestId('retention-save')).toBeVisible();
    await screenshot(page, `retention-settings-phone-${language}`);
    await expectFitsWidth(page, 390);
    await context.close();
  });
}
