// Issue 13, stories 1 and 2: the demo admin creates a weight (requirement) profile, assigns it to a client and
// reads the fit with its per-dimension breakdown on the client's result; adds a demo client and a client of this run
// with a fresh result to the comparison (the demo's locked result is not offered for comparison), swaps the
// reference and sees the similarity recomputed. In English, then in German; the admin's language is set back to English at the end.
import type { Page } from '@playwright/test';
import {
  ADMIN,
  answerAndSubmit,
  clientWithQuestionnaire,
  DE,
  EN,
  expect,
  openLoginAndSignIn,
  screenshot,
  test,
  unlockOnDashboard,
  useLanguage,
} from './support';

type Texts = Record<string, string>;
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), text);

/** The client's row in the BQ_RISK list, found by last name. */
async function clientRow(page: Page, lastName: string) {
  await page.goto('/product/BQ_RISK');
  await page.getByTestId('client-search').fill(lastName);
  const row = page.locator('tr[data-testid^="client-row-"]').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  return row;
}

async function openClient(page: Page, lastName: string) {
  const row = await clientRow(page, lastName);
  await page.goto((await row.getByTestId('client-row-link').getAttribute('href'))!);
  await expect(page.getByTestId('client-view')).toBeVisible();
}

/** Opens the client's latest result from the list; unlocks it with a credit when it is still locked. */
async function openResult(page: Page, lastName: string) {
  const row = await clientRow(page, lastName);
  await page.goto((await row.getByTestId('client-row-result').getAttribute('href'))!);
  const dashboard = page.getByTestId('result-dashboard');
  const unlockPanel = page.getByTestId('result-unlock-panel');
  // Either the result is open already, or it offers to unlock it (a dashboard still loading is neither).
  const unlocked = page.locator('[data-testid="result-dashboard"][data-lock-status="UNLOCKED"]');
  await expect(unlocked.or(unlockPanel)).toBeVisible({ timeout: 20_000 });
  if (await unlockPanel.isVisible()) {
    await page.getByTestId('result-unlock-button').click();
    await page.getByTestId('result-unlock-confirm').click();
    await expect(dashboard).toHaveAttribute('data-lock-status', 'UNLOCKED');
  }
}

async function createProfile(page: Page, T: Texts, name: string) {
  await page.goto('/BQ_RISK/weights');
  await expect(page.getByRole('heading', { level: 1, name: T['page.weights.title'] })).toBeVisible();
  await page.getByTestId('weight-profile-create').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(T['weights.form.name']!).fill(name);
  const tolerance = dialog.getByTestId('weight-row-tolerance');
  await tolerance.getByRole('radio', { name: '16', exact: true }).check();
  await tolerance.getByRole('textbox').fill('60');
  await dialog.getByTestId('weight-row-capacity').getByRole('radio', { name: '4', exact: true }).check();
  await screenshot(page, `comparison-weights-form-${T === DE ? 'DE_DE' : 'EN_US'}`);
  await dialog.getByTestId('weight-profile-save').click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('weight-profile-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('16');
  await screenshot(page, `comparison-weights-list-${T === DE ? 'DE_DE' : 'EN_US'}`);
}

async function assignProfile(page: Page, T: Texts, lastName: string, name: string) {
  await openClient(page, lastName);
  await page.getByRole('combobox', { name: T['weights.assign.label']! }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByText(fill(T['weights.assign.done']!, { name }))).toBeVisible();
}

async function addToComparison(page: Page, T: Texts, lastName: string) {
  const row = await clientRow(page, lastName);
  await row.getByTestId('add-to-comparison').click();
}

async function journey(page: Page, T: Texts, locale: 'EN_US' | 'DE_DE') {
  const profile = locale === 'DE_DE' ? 'Wachstum' : 'Growth investor';
  await createProfile(page, T, profile);
  await assignProfile(page, T, 'Bennett', profile);

  // The fit and its breakdown on the result.
  await openResult(page, 'Bennett');
  const fit = page.getByTestId('result-fit');
  await expect(fit).toBeVisible();
  await expect(fit.getByRole('heading', { name: T['results.fit.title'] })).toBeVisible();
  await expect(fit).toContainText(fill(T['results.fit.profile']!, { name: profile }));
  const value = Number(await page.getByTestId('result-fit-value').textContent());
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(100);
  await expect(page.getByTestId('result-fit-row-tolerance')).toContainText('×16');
  await expect(page.getByTestId('result-fit-row-capacity')).toContainText('×4');
  // The formula in one sentence, and the column headed weight x gap² (decision 0074), in the page's language.
  await expect(page.getByTestId('result-fit-method')).toHaveText(T['results.fit.method']!);
  await expect(fit.getByRole('columnheader', { name: T['results.fit.weightedSquaredGap'], exact: true })).toBeVisible();
  await fit.scrollIntoViewIfNeeded();
  await screenshot(page, `comparison-fit-${locale}`);

  // Comparison: Olivia Bennett, then a client of this run with a fresh, unlocked result. The demo's Lukas Becker,
  // whose result is locked, is not offered for comparison at all; his result stays locked for the other journeys.
  await addToComparison(page, T, 'Bennett');
  await expect(page.getByText(fill(T['comparison.added']!, { name: 'Olivia Bennett' }))).toBeVisible();
  if (locale === 'EN_US') {
    const becker = await clientRow(page, 'Becker');
    await expect(becker.getByTestId('client-row-result')).toHaveAttribute('data-lock-status', 'LOCKED');
    await expect(becker.getByTestId('add-to-comparison')).toHaveCount(0);
  }
  const second = { first: 'Nora', last: `Vogt${locale === 'DE_DE' ? 'de' : 'en'}${Date.now().toString(36)}` };
  const fresh = await clientWithQuestionnaire(page.request, {
    product: 'BQ_RISK',
    firstName: second.first,
    lastName: second.last,
    locale,
  });
  await answerAndSubmit(page.request, fresh.instanceToken);
  await unlockOnDashboard(page, 'BQ_RISK', fresh.clientToken, fresh.instanceToken);
  const secondName = `${second.first} ${second.last}`;
  await addToComparison(page, T, second.last);
  await expect(page.getByText(fill(T['comparison.added']!, { name: secondName }))).toBeVisible();

  await page.goto('/BQ_RISK/comparison');
  const rows = page.getByTestId('comparison-client-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Olivia Bennett');
  await expect(rows.nth(0).getByTestId('comparison-similarity')).toHaveText(
    T['comparison.clients.reference']!,
  );
  const similarity = (await rows.nth(1).getByTestId('comparison-similarity').textContent())!;
  expect(similarity).toMatch(/^\d{1,3} /);
  await expect(page.getByTestId('comparison-driver-card')).toHaveCount(1);
  await expect(page.getByTestId('comparison-driver-card')).toContainText(secondName);
  await expect(page.getByTestId('comparison-profile-table')).toContainText(secondName);
  await screenshot(page, `comparison-page-${locale}`);

  // Swap: the second client first; Olivia now carries the (symmetric) similarity.
  await rows.nth(1).getByTestId('comparison-swap').click();
  await expect(rows.nth(0)).toContainText(secondName);
  await expect(rows.nth(0).getByTestId('comparison-similarity')).toHaveText(
    T['comparison.clients.reference']!,
  );
  await expect(rows.nth(1).getByTestId('comparison-similarity')).toHaveText(similarity);
  await expect(page.getByTestId('comparison-driver-card')).toContainText('Olivia Bennett');

  // Unselect Olivia from the chart: the table behind the chart follows.
  await page
    .getByRole('checkbox', { name: fill(T['comparison.clients.showClient']!, { name: 'Olivia Bennett' }) })
    .uncheck();
  await expect(page.getByTestId('comparison-profile-table')).not.toContainText('Olivia Bennett');
  // The list survives navigation within the tab.
  await page.goto('/product/BQ_RISK');
  await page.goto('/BQ_RISK/comparison');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(secondName);
  await screenshot(page, `comparison-swapped-${locale}`);
}

test('an admin weighs, assigns and compares (English)', async ({ page }) => {
  test.setTimeout(180_000);
  await openLoginAndSignIn(page, ADMIN);
  await useLanguage(page, 'EN_US');
  await journey(page, EN, 'EN_US');
});

test('an admin weighs, assigns and compares (German)', async ({ page }) => {
  test.setTimeout(180_000);
  await openLoginAndSignIn(page, ADMIN);
  await useLanguage(page, 'DE_DE');
  try {
    await journey(page, DE, 'DE_DE');
  } finally {
    await useLanguage(page, 'EN_US');
  }
});
