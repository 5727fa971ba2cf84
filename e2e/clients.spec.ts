// Issue 3, story 1: the demo adviser creates a client in product/BQ_RISK (bad input first), finds it in the
// list, opens it, changes its group, edits it and deactivates it; once in English, once in German.
import { ADVISER, DE, EN, expect, openLoginAndSignIn, screenshot, test, useLanguage } from './support';
import type { Page } from '@playwright/test';

type Texts = typeof EN;

async function fillClientForm(page: Page, T: Texts, fields: { firstName?: string; lastName?: string; email?: string; phone?: string }) {
  const form = page.getByTestId('client-form');
  if (fields.firstName !== undefined) await form.getByRole('textbox', { name: T['clients.form.firstName']!, exact: true }).fill(fields.firstName);
  if (fields.lastName !== undefined) await form.getByRole('textbox', { name: T['clients.form.lastName']!, exact: true }).fill(fields.lastName);
  if (fields.email !== undefined) await form.getByRole('textbox', { name: T['clients.form.email']!, exact: true }).fill(fields.email);
  if (fields.phone !== undefined) await form.getByRole('textbox', { name: T['clients.form.phone']!, exact: true }).fill(fields.phone);
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`story 1 (${language}): create, find, open, regroup, edit and deactivate a client`, async ({ page }) => {
    const suffix = `${language.toLowerCase()}-${Date.now()}`;
    // Unique per run, so the two languages' clients never meet in one search.
    const lastName = language === 'DE_DE' ? 'Lindqvist-Weiß' : 'Lindqvist-Young';
    await openLoginAndSignIn(page, ADVISER);
    // Journeys share the demo adviser: English is set, not assumed.
    if (language === 'EN_US') await useLanguage(page, 'EN_US');
    if (language === 'DE_DE') {
      await page.goto('/settings/language');
      await page.getByTestId('language-option-DE_DE').check();
      await page.getByRole('button', { name: EN['settings.language.submit'] }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    }
    await page.goto('/product/BQ_RISK');
    await expect(page.getByTestId('client-list-table')).toBeVisible(); // demo clients are there
    await page.getByTestId('create-client-button').click();
    await expect(page).toHaveURL(/\/BQ_RISK\/client$/);

    // Bad input first: every rule's message.
    await page.getByTestId('client-form-submit').click();
    await expect(page.getByText(T['ERROR_VALIDATION_REQUIRED']!).first()).toBeVisible();
    await fillClientForm(page, T, { firstName: 'Greta', lastName, email: 'greta@', phone: '12ab' });
    await page.getByTestId('client-form-submit').click();
    await expect(page.getByText(T['ERROR_VALIDATION_INVALID_EMAIL']!)).toBeVisible();
    await expect(page.getByText(T['ERROR_VALIDATION_PHONE']!)).toBeVisible();
    await fillClientForm(page, T, { phone: '12345' });
    await page.getByTestId('client-form-submit').click();
    await expect(page.getByText(T['ERROR_VALIDATION_PHONE']!)).toBeVisible();
    // A duplicate of a demo client's e-mail is refused by the server.
    await fillClientForm(page, T, { email: 'sabine.hoffmann@example.com', phone: '+49 (0)40 555-0101' });
    await page.getByTestId('client-form-submit').click();
    await expect(page.getByText(T['ERROR_CLIENT_DUPLICATE']!).first()).toBeVisible();
    await screenshot(page, `client-create-errors-${language}`);

    await fillClientForm(page, T, { email: `greta.${suffix}@example.com` });
    await page.getByTestId('client-form-submit').click();
    await expect(page).toHaveURL(/\/BQ_RISK\/client\/[A-Za-z0-9_-]{24}$/);
    await expect(page.getByTestId('client-name')).toContainText('Greta');
    await expect(page.getByTestId('breadcrumb')).toContainText(lastName);
    const clientUrl = page.url();

    // The list finds it by search.
    await page.goto('/product/BQ_RISK');
    await page.getByTestId('client-search').fill(lastName.toLowerCase());
    await expect(page.locator('tr[data-testid^="client-row-"]').filter({ hasText: lastName })).toHaveCount(1);
    await expect(page.locator('tr[data-testid^="client-row-"]')).toHaveCount(1);
    await screenshot(page, `client-list-${language}`);
    await page.locator('tr[data-testid^="client-row-"]').filter({ hasText: lastName }).getByRole('link').first().click();
    // The search query travels along to the client page (spec: query string carried within a product).
    await expect(page).toHaveURL((url) => url.pathname === new URL(clientUrl).pathname);

    // Change the group.
    await expect(page.getByTestId('client-group-control')).toHaveAttribute('data-group', 'PROSPECT');
    await page.getByTestId('client-group-control').getByText(T['clientGroup.ESTABLISHED']!, { exact: true }).click();
    await expect(page.getByTestId('client-group-control')).toHaveAttribute('data-group', 'ESTABLISHED');

    // Edit: a bad phone is refused, a good one saved; the group stays.
    await page.getByTestId('client-edit-button').click();
    const modal = page.getByTestId('client-edit-modal');
    await modal.getByRole('textbox', { name: T['clients.form.phone']!, exact: true }).fill('0/0');
    await modal.getByRole('button', { name: T['clients.edit.submit'] }).click();
    await expect(modal.getByText(T['ERROR_VALIDATION_PHONE']!)).toBeVisible();
    await modal.getByRole('textbox', { name: T['clients.form.phone']!, exact: true }).fill('+46 8 123 456');
    await modal.getByRole('button', { name: T['clients.edit.submit'] }).click();
    await expect(page.getByTestId('client-phone')).toContainText('+46 8 123 456');
    await expect(page.getByTestId('client-group-control')).toHaveAttribute('data-group', 'ESTABLISHED');
    await screenshot(page, `client-view-${language}`);

    // Deactivate, with confirmation.
    await page.getByTestId('client-deactivate-button').click();
    await page.getByTestId('client-deactivate-confirm').click();
    await expect(page.getByTestId('client-inactive-badge')).toBeVisible();
    await page.goto('/product/BQ_RISK');
    await page.getByTestId('client-search').fill(lastName.toLowerCase());
    await expect(page.getByTestId('client-list-no-match')).toBeVisible();

    if (language === 'DE_DE') {
      await page.goto('/settings/language');
      await page.getByTestId('language-option-EN_US').check();
      await page.getByRole('button', { name: DE['settings.language.submit'] }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    }
  });
}
