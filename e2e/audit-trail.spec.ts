// Issue 23, point 6 "Reading it": a compliance officer (the demo admin, who holds AUDIT_LOG) finds who looked at a
// client and who exported the clients: the adviser opens a client (no Access history tab for her) and exports the
// product's clients; the officer opens the client's Access history and the audit trail filtered to exports, sees
// the adviser's name, and exports the trail (the file holds the adviser's export; the officer's own export is then on
// record too). English and German, desktop and phone (no page scrolls sideways).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, ADVISER, DE, EN, expect, expectFitsWidth, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The adviser as the CSV names her; the page shows her name and, beneath it, her address (decision 0080). */
const MARIA = 'Maria Berger <adviser@demo.example>';
const MARIA_NAME = 'Maria Berger';
const MARIA_EMAIL = 'adviser@demo.example';
const CLIENT = 'Hoffmann';

/** Opens the demo client Sabine Hoffmann of the risk product from the client list. */
async function openClient(page: Page): Promise<string> {
  await page.goto('/product/BQ_RISK');
  await page.getByTestId('client-search').fill(CLIENT.toLowerCase());
  // The search reaches the address after its debounce; a click before that would be undone by it.
  await expect(page).toHaveURL(new RegExp(`q=${CLIENT.toLowerCase()}`));
  const row = page.locator('tr[data-testid^="client-row-"]').filter({ hasText: CLIENT });
  await expect(row).toHaveCount(1);
  await row.getByTestId('client-row-link').click();
  await expect(page.getByTestId('client-view')).toBeVisible();
  return page.url();
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`a compliance officer finds who exported client data and exports the trail (${language})`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const format = language === 'EN_US' ? 'csv' : 'jsonl';

    // The adviser: her client page has no Access history; she exports the product's clients.
    const adviserContext = await browser.newContext({ viewport: DESKTOP });
    const adviser = await adviserContext.newPage();
    await openLoginAndSignIn(adviser, ADVISER);
    await useLanguage(adviser, language);
    await openClient(adviser);
    await expect(adviser.getByTestId('client-interactions')).toBeVisible();
    await expect(adviser.getByRole('tab', { name: T['audit.client.tab']! })).toHaveCount(0);
    await adviser.goto('/product/BQ_RISK/export');
    const clientsFile = adviser.waitForEvent('download');
    await adviser.getByTestId('export-csv').click();
    await clientsFile;
    await expect(adviser.getByTestId('export-status')).toHaveAttribute('data-state', 'done');
    if (language !== 'EN_US') await useLanguage(adviser, 'EN_US');
    await adviserContext.close();

    // The officer: the client's Access history names the adviser.
    await page.setViewportSize(DESKTOP);
    await openLoginAndSignIn(page, ADMIN);
    await useLanguage(page, language);
    await openClient(page);
    await page.getByRole('tab', { name: T['audit.client.tab']! }).click();
    const history = page.getByTestId('client-access-history');
    await expect(history.getByRole('heading', { name: T['audit.client.title']! })).toBeVisible();
    const adviserView = history.getByTestId('audit-row').filter({ hasText: 'client.view' }).filter({ hasText: MARIA_NAME }).filter({ hasText: MARIA_EMAIL });
    await expect(adviserView.first()).toBeVisible();
    await screenshot(page, `audit-client-access-history-desktop-${language}`);

    await page.setViewportSize(PHONE);
    await expect(history.getByTestId('audit-card').filter({ hasText: MARIA_NAME }).filter({ hasText: MARIA_EMAIL }).first()).toBeVisible();
    await expect(history.getByTestId('audit-table')).toBeHidden();
    await expectFitsWidth(page, PHONE.width);
    await screenshot(page, `audit-client-access-history-phone-${language}`);

    // The data export named no single client: the link opens the trail filtered to exports, naming the adviser.
    await history.getByTestId('client-access-exports-link').click();
    await expect(page).toHaveURL(/\/settings\/audit\?action=export\.download$/);
    await expect(page.getByTestId('audit-filter-action')).toHaveValue('export.download');
    const exportCard = page.getByTestId('audit-card').filter({ hasText: 'export.download' }).filter({ hasText: MARIA_NAME }).filter({ hasText: MARIA_EMAIL });
    await expect(exportCard.first()).toBeVisible();
    await expectFitsWidth(page, PHONE.width);
    await screenshot(page, `audit-trail-exports-phone-${language}`);
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId('audit-row').filter({ hasText: 'export.download' }).filter({ hasText: MARIA_NAME }).filter({ hasText: MARIA_EMAIL }).first()).toBeVisible();
    await screenshot(page, `audit-trail-exports-desktop-${language}`);

    // The officer exports what the filter shows: the file holds the adviser's export.
    const trailFile = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    await page.getByRole('menuitem', { name: T[`audit.export.${format}`]! }).click();
    const download = await trailFile;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^audit-trail_\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.${format}$`));
    await expect(page.getByTestId('download-status')).toHaveAttribute('data-state', 'done');
    const text = readFileSync((await download.path())!, 'utf8');
    if (format === 'csv') {
      const [header, ...records] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(header!.split(',').slice(0, 7)).toEqual(['id', 'seq', 'occurredAt', 'actorKind', 'actorId', 'actorName', 'action']);
      expect(records.length).toBeGreaterThan(0);
      expect(records.every((r) => r.includes(',export.download,'))).toBe(true);
      expect(records.some((r) => r.includes(MARIA))).toBe(true);
    } else {
      // JSON Lines is the chain (docs/decisions/0071): oldest first, hashes on every line, no looked-up names. Filtered,
      // its first line says it is an excerpt, with the filter.
      const [excerpt, ...events] = text.trim().split('\n').map((line) => JSON.parse(line) as { type: string; action: string; hash: string; filter: unknown; details: { filter?: { productType?: string } } });
      expect(excerpt).toMatchObject({ type: 'excerpt', filter: { action: 'export.download' } });
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.type === 'event' && e.action === 'export.download' && /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
      expect(events.find((e) => e.details.filter?.productType === 'BQ_RISK')?.details.filter).toMatchObject({ productType: 'BQ_RISK', format: 'csv' });
    }
    await screenshot(page, `audit-trail-exported-desktop-${language}`);

    // The officer's own export is on record, under the officer's name.
    // The action filter suggests actions (docs/decisions/0080); a code typed in full is taken as it is.
    await page.getByTestId('audit-filter-action').fill('audit.export');
    await page.keyboard.press('Escape');
    await page.getByTestId('audit-filter-apply').click();
    await expect(page.getByTestId('audit-row').filter({ hasText: 'audit.export' }).filter({ hasText: 'Alex Admin' }).first()).toBeVisible();

    if (language !== 'EN_US') await useLanguage(page, 'EN_US');
  });
}
