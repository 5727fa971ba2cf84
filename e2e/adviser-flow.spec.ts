// Issue 22, points 14 and 15: the adviser's flow and the layout, in English and German, on a desktop (1366 px)
// and a phone (390 x 844). Locked results are not offered for comparison and are never claimed for an unanswered
// questionnaire; the client page's result badge opens the result; the navigation offers only what applies; the
// export's language is the user's; a buyer without credits goes straight to buying; the client table fits 1366 px
// and becomes cards on a phone; no main page scrolls sideways on a phone; the team comparison preselects the only
// two teams and draws the spread. axe runs on every page (support.ts).
import type { Page } from '@playwright/test';
import { ADMIN, ADVISER, DE, EN, expect, expectFitsWidth, openLoginAndSignIn, screenshot, signIn, test, useLanguage } from './support';

const BUYER = { email: 'buyer@demo.example', password: 'Demo-Buyer-2026!' };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The href of the demo client's link in the BQ_RISK list (desktop table), found by last name. */
async function clientRow(page: Page, lastName: string) {
  await page.goto('/product/BQ_RISK');
  await page.getByTestId('client-search').fill(lastName);
  const row = page.locator('tr[data-testid^="client-row-"]').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  return row;
}

for (const [locale, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test.describe(`adviser flow (${locale})`, () => {
    test.afterEach(async ({ page }) => {
      if (locale === 'DE_DE') await useLanguage(page, 'EN_US');
    });

    test(`desktop 1366 px: table fits, locked results, result badge, navigation, export language (${locale})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(DESKTOP);
      await openLoginAndSignIn(page, ADVISER);
      await useLanguage(page, locale);

      // The client table fits: nothing hidden to the right, the "Created" column in view.
      const becker = await clientRow(page, 'Becker');
      const scroller = page.getByTestId('client-list-scroller');
      const { scrollWidth, clientWidth } = await scroller.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await expect(page.getByRole('columnheader', { name: T['clients.list.column.created']! })).toBeInViewport({ ratio: 1 });
      // Lukas Becker's result is locked: not offered for comparison.
      await expect(becker.getByTestId('client-row-result')).toHaveAttribute('data-lock-status', 'LOCKED');
      await expect(becker.getByTestId('add-to-comparison')).toHaveCount(0);
      await screenshot(page, `adviser-flow-client-list-desktop-${locale}`);

      // Navigation: teams belong to selection and performance products, not to risk profiling.
      await expect(page.getByRole('link', { name: T['page.bi.title']!, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: T['page.teams.title']!, exact: true })).toHaveCount(0);

      // An unanswered questionnaire (Sabine Hoffmann's, opened) has no result and so no lock.
      const hoffmann = await clientRow(page, 'Hoffmann');
      await page.goto((await hoffmann.getByTestId('client-row-link').getAttribute('href'))!);
      const lock = page.getByTestId('client-interactions').getByTestId('lock-status').first();
      await expect(lock).toHaveAttribute('data-status', 'NO_RESULT');
      await expect(lock).toHaveText(T['lockStatus.noResult']!);
      await expect(page.getByTestId('client-interactions')).not.toContainText(T['lockStatus.LOCKED']!);

      // Olivia Bennett's result badge opens her result.
      const bennett = await clientRow(page, 'Bennett');
      await page.goto((await bennett.getByTestId('client-row-link').getAttribute('href'))!);
      const badge = page.getByTestId('client-interactions').locator('a[data-testid="lock-status"]').first();
      await expect(badge).toHaveAttribute('data-status', 'UNLOCKED');
      await screenshot(page, `adviser-flow-client-view-${locale}`);
      await badge.click();
      await expect(page).toHaveURL(/\/BQ_RISK\/client\/[A-Za-z0-9_-]+\/dashboard\/[A-Za-z0-9_-]+/);
      await expect(page.getByTestId('result-dashboard')).toHaveAttribute('data-lock-status', 'UNLOCKED');

      // The export's language is the user's.
      await page.goto('/product/BQ_RISK/export');
      await expect(page.getByTestId('export-language')).toHaveValue(locale);
      await screenshot(page, `adviser-flow-export-${locale}`);
    });

    test(`phone 390 x 844: client cards and no page scrolls sideways (${locale})`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(PHONE);
      await openLoginAndSignIn(page, ADVISER);
      await useLanguage(page, locale);

      await page.goto('/product/BQ_RISK');
      await page.getByTestId('client-search').fill('Becker');
      const card = page.locator('li[data-testid^="client-card-"]').filter({ hasText: 'Becker' });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(T['interactionStatus.RESULTS_AVAILABLE']!);
      await expect(card.getByTestId('client-card-result')).toBeVisible();
      await expect(page.getByTestId('client-list-table')).toBeHidden();
      await screenshot(page, `adviser-flow-client-cards-phone-${locale}`);
      await expectFitsWidth(page, PHONE.width);

      const clientHref = (await card.getByTestId('client-card-link').getAttribute('href'))!;
      await page.getByTestId('client-search').fill('Bennett');
      const bennett = page.locator('li[data-testid^="client-card-"]').filter({ hasText: 'Bennett' });
      await expect(bennett).toHaveCount(1);
      // The unlocked result's dashboard fits too (in German a long dimension name and level once widened it to 450 px).
      await expect(bennett.getByTestId('client-card-result')).toHaveAttribute('data-lock-status', 'UNLOCKED');
      await bennett.getByTestId('client-card-result').click();
      await expect(page.getByTestId('result-dashboard')).toHaveAttribute('data-lock-status', 'UNLOCKED');
      await expect(page.getByTestId('result-dimension-capacity')).toBeVisible();
      await screenshot(page, `adviser-flow-dashboard-phone-${locale}`);
      await expectFitsWidth(page, PHONE.width);

      for (const [name, path] of [
        ['products', '/product'],
        ['client', clientHref],
        ['comparison', '/BQ_RISK/comparison'],
        ['weights', '/BQ_RISK/weights'],
        ['BI', '/BQ_RISK/bi'],
        ['export', '/product/BQ_RISK/export'],
        ['credits', '/BQ_RISK/credits'],
        ['settings', '/settings/password'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await test.step(`${name} (${path}) fits the phone`, () => expectFitsWidth(page, PHONE.width));
      }
      await screenshot(page, `adviser-flow-settings-phone-${locale}`);
    });

    test(`team comparison preselects the only two teams and draws the spread (${locale})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(DESKTOP);
      await openLoginAndSignIn(page, ADMIN);
      await useLanguage(page, locale);
      await page.goto('/BQ_SELECTION/teams/comparison');
      await expect(page.getByRole('heading', { level: 1, name: T['page.teamComparison.title']! })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Operations' })).toBeChecked();
      const table = page.getByTestId('team-stats-table');
      await expect(table).toContainText('Sales');
      await expect(table).toContainText('Operations');
      // Mean and spread: every drawn bar carries its range.
      await expect(page.getByTestId('team-chart-spread').first()).toBeAttached();
      await screenshot(page, `adviser-flow-team-comparison-${locale}`);
    });
  });
}

test('a buyer without credits goes from a locked result straight to buying credits', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await signIn(page, BUYER);
  await expect(page).toHaveURL(/\/product\//);
  await page.goto('/product/BQ_ADVISORY_BANK');
  const row = page.locator('tr[data-testid^="client-row-"]').filter({ has: page.getByTestId('client-row-result') }).first();
  await page.goto((await row.getByTestId('client-row-result').getAttribute('href'))!);
  const panel = page.getByTestId('result-unlock-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('result-unlock-button')).toHaveCount(0);
  await screenshot(page, 'adviser-flow-buyer-unlock-EN_US');
  await panel.getByRole('link', { name: EN['results.unlock.buy'] }).click();
  await expect(page).toHaveURL(/\/BQ_ADVISORY_BANK\/credits\?returnTo=/);
});
