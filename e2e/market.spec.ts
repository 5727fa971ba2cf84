// Issue 11, items 5-9: the risk section says what its figures are (US equities and 10-year Treasuries, total
// return, US dollars), switches between nominal and after-inflation figures, gives the largest drawdown from every
// month and the PRIIPs-way market-risk class beside the product's own class, ticks chart IV evenly; the investment
// style is a rule-based indication within the suitable risk class, without probabilities or model ids; and the
// PDF says the same in English and German, with dollar signs, never a euro sign on dollar figures. Screenshots of
// the dashboard and of the PDF's risk page (pdftoppm) go to e2e/artifacts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ADVISER, DE, EN, expect, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

type Texts = Record<string, string>;

/** Opens the first result of a demo client from the client list; returns the instance token. */
async function openDemoResult(page: Page, product: string, lastName: string): Promise<string> {
  await page.goto(`/product/${product}`);
  await page.getByTestId('client-search').fill(lastName);
  // The search reaches the address after its debounce (and the app's links keep it); wait for it, then go on.
  await expect(page).toHaveURL(new RegExp(`q=${lastName}`));
  const row = page.locator('tr[data-testid^="client-row-"]').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await page.goto((await row.getByRole('link').first().getAttribute('href'))!);
  await page.locator('[data-testid^="client-interaction-row-"]').first().getByRole('link').first().click();
  await page.getByTestId('interaction-dashboard-link').click();
  await expect(page).toHaveURL(/\/dashboard\/[A-Za-z0-9_-]{24}(\?.*)?$/);
  await expect(page.getByTestId('result-dashboard')).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Downloads the BQA report PDF, returns its text and writes PNGs of the pages that contain `pageText`. */
async function reportPdf(page: Page, token: string, locale: 'EN_US' | 'DE_DE', pageText: string) {
  const res = await page.request.get(`/api/report/download/${token}?interactionType=bqa&locale=${locale}&pageFormat=A4`);
  expect(res.ok()).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'bq-e2e-pdf-'));
  const file = join(dir, 'report.pdf');
  writeFileSync(file, await res.body());
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  const texts: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const text = execFileSync('pdftotext', ['-layout', '-f', String(p), '-l', String(p), file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
    texts.push(text);
    if (text.includes(pageText))
      execFileSync('pdftoppm', ['-r', '80', '-png', '-f', String(p), '-l', String(p), '-singlefile', file, `e2e/artifacts/pdf-risk-${locale}-p${p}`]);
  }
  return texts.join('\n');
}

async function checkRiskSection(page: Page, T: Texts) {
  const risk = page.getByTestId('risk-section');
  await expect(risk).toBeVisible();
  await expect(page.getByTestId('risk-basis')).toHaveAttribute('data-kind', 'history');
  await expect(page.getByTestId('risk-basis-what')).toHaveText(T['results.risk.basis.history.what']!);
  await expect(page.getByTestId('risk-scale-note')).toHaveText(T['results.risk.scaleNote']!);
  await expect(page.getByTestId('risk-market-class')).toContainText(T['results.risk.marketRisk.title']!);
  // The drawdown is the server's, from every month; chart IV's ticks are whole years at one step.
  await expect(page.getByTestId('risk-drawdown')).toBeVisible();
  const ticks = (await page.getByTestId('risk-line-ticks').getAttribute('data-ticks'))!.split(',').map(Number);
  expect(ticks.length).toBeGreaterThan(3);
  const steps = new Set(ticks.slice(1).map((tick, i) => tick - ticks[i]!));
  expect(steps.size).toBe(1);
  await expect(risk).not.toContainText('€');
}

// The demo adviser's language is read by every journey after this one: English again, also after a failure.
test.afterEach(async ({ page }) => {
  await useLanguage(page, 'EN_US');
});

test('English: the risk section in US dollars, nominal and after inflation, and its PDF page', async ({ page }) => {
  await openLoginAndSignIn(page, ADVISER);
  await useLanguage(page, 'EN_US');
  const token = await openDemoResult(page, 'BQ_RISK', 'Bennett');
  await checkRiskSection(page, EN);
  await expect(page.getByTestId('risk-line-summary')).toContainText(/\$100 invested in the model portfolio in Jan 1871 was worth \$[\d,]+ in Jun 2023 \(nominal\)/);
  await page.getByTestId('risk-section').scrollIntoViewIfNeeded();
  await screenshot(page, 'market-risk-nominal-EN_US');
  // Mantine draws the segment as a label over a hidden radio: click what the user sees.
  await page.getByTestId('risk-basis-switch').getByText(EN['results.risk.view.real']!, { exact: true }).click();
  await expect(page.getByRole('radio', { name: EN['results.risk.view.real']! })).toBeChecked();
  await expect(page.getByTestId('risk-table')).toHaveAttribute('data-basis', 'real');
  await expect(page.getByTestId('risk-line-summary')).toContainText('After US inflation');
  await screenshot(page, 'market-risk-real-EN_US');

  const text = await reportPdf(page, token, 'EN_US', 'Returns of the model portfolio');
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toMatch(/\$100 invested in the model portfolio in January 1871 would have been worth \$[\d,]+ in June 2023 \(nominal\)/);
  expect(flat).toContain('total return in US dollars, nominal');
  expect(flat).toContain('Market-risk class of the model portfolio (PRIIPs method)');
  expect(flat).toContain('After inflation (real)');
  expect(text).not.toContain('€');
});

test('German: dollar figures in US$, the rule-based investment style within the caps, and the PDF', async ({ page }) => {
  await openLoginAndSignIn(page, ADVISER);
  await useLanguage(page, 'DE_DE');
  const token = await openDemoResult(page, 'BQ_RISK', 'Bennett');
  await checkRiskSection(page, DE);
  await expect(page.getByTestId('risk-line-summary')).toContainText(/100 US\$, im Jan\. 1871 im Modellportfolio angelegt, waren im Juni 2023 nominal [\d.]+ US\$ wert/);
  await screenshot(page, 'market-risk-nominal-DE_DE');
  const text = await reportPdf(page, token, 'DE_DE', 'Renditen des Modellportfolios');
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toMatch(/100 US\$, im Januar 1871 im Modellportfolio angelegt, wären im Juni 2023 nominal [\d.]+ US\$ wert gewesen/);
  expect(flat).toContain('Gesamtrendite in US-Dollar, nominal');
  expect(flat).toContain('Marktrisikoklasse des Modellportfolios (PRIIPs-Methode)');
  expect(text).not.toContain('€');

  // The wealth advisory trial result (open without a credit): its investment style as an indication.
  const wealth = await openDemoResult(page, 'BQ_ADVISORY_WEALTH', 'Neumann');
  const card = page.getByTestId('prediction-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('prediction-method')).toHaveText(DE['results.prediction.provisional']!);
  await expect(page.getByTestId('prediction-note')).toHaveText(DE['results.prediction.provisionalNote']!);
  await expect(card).not.toContainText('%');
  await expect(card).not.toContainText('investment-style');
  const suitable = Number(await page.getByTestId('risk-suitable-class').getAttribute('data-class'));
  for (const item of await page.locator('[data-testid^="prediction-class-"]').all()) {
    if ((await item.getAttribute('data-testid')) === `prediction-class-${await card.getAttribute('data-class')}`)
      expect(await item.getAttribute('data-allowed')).toBe('true');
  }
  expect(suitable).toBeGreaterThanOrEqual(1);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'market-prediction-DE_DE');
  const wealthPdf = await reportPdf(page, wealth, 'DE_DE', 'Regelbasierter Hinweis');
  expect(wealthPdf).toContain('Regelbasierter Hinweis');
  expect(wealthPdf).not.toMatch(/Wahrscheinlichkeit \d/);
  // The demo adviser's language is stored with the user: back to English for the journeys after this one.
  await useLanguage(page, 'EN_US');
});
