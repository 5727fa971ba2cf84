// Issue 13, story 6: the data export page. Product and language are required; CSV and XLSX download with the
// server's file name; the progress bar shows while the file streams, and an export can be cancelled. English
// and German (the demo adviser's language is switched in the settings and back at the end).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADVISER, DE, EN, expect, openLoginAndSignIn, screenshot, test } from './support';

async function switchLanguage(page: Page, to: 'EN_US' | 'DE_DE', texts: typeof EN) {
  await page.goto('/settings/language');
  await page.getByTestId(`language-option-${to}`).check();
  await page.getByRole('button', { name: texts['settings.language.submit'] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'DE_DE' ? 'de-DE' : 'en-US');
}

/** Holds every export request back until release() is called, so the running state can be seen. */
async function holdExports(page: Page) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/product/*/export?*', async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  return {
    release,
    stop: () => page.unroute('**/api/product/*/export?*'),
  };
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`story 6 (${language}): export clients and results as CSV and XLSX`, async ({ page }) => {
    await openLoginAndSignIn(page, ADVISER);
    if (language === 'DE_DE') await switchLanguage(page, 'DE_DE', EN);

    // From the menu's entry to the page of the current product.
    await page.goto('/product/BQ_RISK/export');
    await expect(page.getByRole('heading', { level: 1, name: T['page.export.title'] })).toBeVisible();
    const product = page.getByTestId('export-product');
    const languageSelect = page.getByTestId('export-language');
    await expect(page.getByLabel(T['export.form.language']!)).toBeVisible();
    await expect(product).toHaveValue('BQ_RISK');
    // The language starts as the user's own.
    await expect(languageSelect).toHaveValue(language);

    // Required: product and language.
    await product.selectOption('');
    await languageSelect.selectOption('');
    await page.getByTestId('export-csv').click();
    await expect(page.getByText(T['ERROR_VALIDATION_REQUIRED']!)).toHaveCount(2);
    await expect(languageSelect).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `export-required-${language}`);

    await product.selectOption('BQ_RISK');
    await languageSelect.selectOption(language);
    await expect(page.getByText(T['ERROR_VALIDATION_REQUIRED']!)).toHaveCount(0);

    // CSV of the clients: progress while it runs, then the download under the server's name.
    const held = await holdExports(page);
    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    await expect(page.getByTestId('export-progress')).toBeVisible();
    await expect(page.getByTestId('export-progress-text')).toHaveText(T['export.progress.starting']!);
    await expect(page.getByTestId('export-cancel')).toBeVisible();
    await screenshot(page, `export-progress-${language}`);
    held.release();
    const csv = await csvDownload;
    const csvName = csv.suggestedFilename();
    expect(csvName).toMatch(language === 'DE_DE' ? /^Risikoprofilierung_Kunden_\d{2}-\d{2}-\d{4}\.csv$/ : /^Risk-profiling_clients_\d{2}-\d{2}-\d{4}\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const header = text.slice(1).split('\r\n')[0]!;
    expect(header.split(language === 'DE_DE' ? ';' : ',').slice(0, 3)).toEqual(
      language === 'DE_DE' ? ['Nachname', 'Vorname', 'E-Mail'] : ['Last name', 'First name', 'Email'],
    );
    expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThan(1); // the demo clients
    await expect(page.getByTestId('export-status')).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('export-status')).toContainText(csvName);
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
    await screenshot(page, `export-done-${language}`);
    await held.stop();

    // XLSX of the results.
    await page.getByTestId('export-content-results').check();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(
      language === 'DE_DE' ? /^Risikoprofilierung_Ergebnisse_\d{2}-\d{2}-\d{4}\.xlsx$/ : /^Risk-profiling_results_\d{2}-\d{2}-\d{4}\.xlsx$/,
    );
    const bytes = readFileSync((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip, as every .xlsx is
    await expect(page.getByTestId('export-status')).toContainText(xlsx.suggestedFilename());

    // Cancel: nothing is saved, the page says so.
    const heldAgain = await holdExports(page);
    await page.getByTestId('export-csv').click();
    await expect(page.getByTestId('export-progress')).toBeVisible();
    await page.getByTestId('export-cancel').click();
    await expect(page.getByTestId('export-status')).toHaveText(T['export.cancelled']!);
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
    heldAgain.release();
    await heldAgain.stop();
    await screenshot(page, `export-cancelled-${language}`);

    if (language === 'DE_DE') await switchLanguage(page, 'EN_US', DE);
  });
}
