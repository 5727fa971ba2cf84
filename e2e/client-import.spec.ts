// Issue 26 point 1: an adviser imports clients from a CSV with one bad row: the check reports row, column and
// problem (downloadable), the adviser fixes the file and chooses it again, imports it with the progress bar, and
// finds the clients in the list. In English and in German (headers in the file's own language); screenshots on
// desktop and phone go to e2e/artifacts.
import type { Page } from '@playwright/test';
import { ADVISER, DE, EN, expect, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

type Texts = Record<string, string>;

function csv(lines: string[]) {
  return { name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n'), 'utf8') };
}

async function importJourney(page: Page, T: Texts, header: string, rows: (tag: string) => { bad: string[]; good: string[] }, shot: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const { bad, good } = rows(tag);
  await page.goto('/product/BQ_RISK');
  await page.getByTestId('import-clients-button').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T['page.clientImport.title']!);

  await page.locator('input[type="file"]').setInputFiles(csv([header, ...bad]));
  // The mapping is suggested from the header names; the first check ran with it.
  await expect(page.getByTestId('import-map-email')).not.toHaveValue('');
  await expect(page.getByTestId('import-report')).toBeVisible();
  const errorRows = page.getByTestId('import-error-row');
  await expect(errorRows).toHaveCount(1);
  await expect(errorRows.first()).toContainText('3');
  await expect(errorRows.first()).toContainText(T['clientImport.rowError.invalid_email']!);
  const download = page.waitForEvent('download');
  await page.getByTestId('import-report-download').click();
  expect((await download).suggestedFilename()).toBe('client-import-report.csv');
  await expect(page.getByTestId('import-submit')).toHaveCount(0);
  await screenshot(page, `${shot}-report-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${shot}-report-phone`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The adviser corrects the file and chooses it again.
  await page.locator('input[type="file"]').setInputFiles(csv([header, ...good]));
  await expect(page.getByTestId('import-check-ok')).toBeVisible();
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toContainText(T['clientImport.done']!.replace('{{created}}', '2').replace('{{updated}}', '0'));
  await screenshot(page, `${shot}-done-desktop`);

  await page.getByTestId('import-to-list').click();
  await page.getByTestId('client-search').fill(tag);
  await expect(page.locator('tr[data-testid^="client-row-"]')).toHaveCount(2);
}

// The demo adviser's language is read by every journey after this one: leave it in English, as it was found.
test.afterEach(async ({ page }) => {
  await useLanguage(page, 'EN_US');
});

test('English: import clients from a CSV, fix the reported row, import, find them in the list', async ({ page }) => {
  await openLoginAndSignIn(page, ADVISER);
  await useLanguage(page, 'EN_US');
  await importJourney(
    page,
    EN,
    'First name,Last name,Email,Language,External ID',
    (tag) => ({
      bad: [`Ada,Import${tag},ada.${tag}@example.com,EN_US,A-${tag}`, `Ben,Import${tag},ben.${tag}-at-example.com,en,B-${tag}`],
      good: [`Ada,Import${tag},ada.${tag}@example.com,EN_US,A-${tag}`, `Ben,Import${tag},ben.${tag}@example.com,en,B-${tag}`],
    }),
    'client-import-en',
  );
});

test('German: Kunden aus einer CSV importieren, die gemeldete Zeile korrigieren, importieren, in der Liste finden', async ({ page }) => {
  await openLoginAndSignIn(page, ADVISER);
  await useLanguage(page, 'DE_DE');
  await importJourney(
    page,
    DE,
    'Vorname;Nachname;E-Mail;Sprache;Anrede;Kundennummer',
    (tag) => ({
      bad: [`Jürgen;Käßmann${tag};j.${tag}@example.de;Deutsch;Herr;K-${tag}`, `Eva;Käßmann${tag};eva.${tag}@example;DE_DE;Frau;L-${tag}`],
      good: [`Jürgen;Käßmann${tag};j.${tag}@example.de;Deutsch;Herr;K-${tag}`, `Eva;Käßmann${tag};eva.${tag}@example.de;DE_DE;Frau;L-${tag}`],
    }),
    'client-import-de',
  );
});
