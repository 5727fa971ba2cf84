// Issue 37 point 7 (decision 0084): no silent duplicates. The adviser sends a questionnaire to a client twice from the
// client page: the second time the dialog names the open one with its date and asks (cancel sends nothing; confirm
// sends a second), also on a phone. A bulk send to four clients skips the one with an open questionnaire, the one
// who just answered and the inactive one, and names each with the reason. Adding a client with an open questionnaire
// to a repeated-measurement campaign asks the same way. Once in English, once in German.
import type { Page } from '@playwright/test';
import { ADMIN, ADVISER, DE, EN, answerAndSubmit, api, expect, openLoginAndSignIn, screenshot, test, useLanguage, type Texts } from './support';

const PHONE = { width: 390, height: 844 };
// Expiring after next month: the demo's reminder and expiry counts, which later journeys read, stay as they were.
const EXPIRY_DAYS = '120';

// The demo adviser's language is read by every journey after this one: leave it in English, as it was found.
test.afterEach(async ({ page }) => {
  await useLanguage(page, 'EN_US');
});

const fill = (text: string | undefined, values: Record<string, string>) => (text ?? '').replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/** Today as the adviser's language writes a date (the open questionnaire was sent today). */
const today = (language: 'EN_US' | 'DE_DE') =>
  new Intl.DateTimeFormat(language === 'DE_DE' ? 'de-DE' : 'en-US', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

async function openSendDialog(page: Page, T: Texts, name: string) {
  const button = page.getByTestId('send-interaction-button');
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole('dialog', { name: fill(T['interactions.send.title'], { name }) });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('send-interaction-expiry').fill(EXPIRY_DAYS);
  return dialog;
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`no silent duplicates (${language}): a second send asks first, a bulk send names whom it skipped and why`, async ({ page }) => {
    await openLoginAndSignIn(page, ADVISER);
    await useLanguage(page, language);
    const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
    const config = user.products.find((p) => p.productType === 'BQ_RISK')!;
    const stamp = `${Date.now()}`;

    // Single send, twice, to one client.
    const lastName = `Wagner${language === 'DE_DE' ? 'De' : 'En'}${stamp}`;
    const client = await api.post<{ token: string }>(page.request, '/api/u', { firstName: 'Thomas', lastName, email: `thomas.${lastName.toLowerCase()}@example.com`, locale: language, productConfigurationId: config.id });
    const name = `${lastName}, Thomas`;
    const clientPath = `/BQ_RISK/client/${client.token}`;
    await page.goto(clientPath);
    let dialog = await openSendDialog(page, T, name);
    await dialog.getByTestId('send-interaction-submit').click();
    await expect(page.getByTestId('interaction-actions')).toBeVisible();
    const first = new URL(page.url()).pathname.split('/').pop()!;

    await page.goto(clientPath);
    dialog = await openSendDialog(page, T, name);
    await dialog.getByTestId('send-interaction-submit').click();
    const warning = dialog.getByTestId('send-interaction-second-open');
    await expect(warning).toContainText(fill(T['interactions.send.secondOpen.title'], { name }));
    await expect(dialog.getByTestId('send-interaction-second-open-dates')).toContainText(fill(T['interactions.send.secondOpen.sentNew'], { date: today(language) }));
    await expect(dialog.getByTestId('send-interaction-second-open-view')).toHaveAttribute('href', `${clientPath}/interaction/${first}`);
    await expect(dialog.getByTestId('send-interaction-submit')).toHaveText(T['interactions.send.secondOpen.confirm']!);
    await expect(page).toHaveURL(new RegExp(`${clientPath}$`));
    await screenshot(page, `second-open-warning-${language}`);
    // Cancel: nothing sent, the client still has one questionnaire.
    await dialog.getByTestId('send-interaction-cancel').click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-testid^="client-interaction-row-"]')).toHaveCount(1);

    // On a phone: the warning and the confirming button are on screen; confirming sends the second one.
    await page.setViewportSize(PHONE);
    await page.reload();
    dialog = await openSendDialog(page, T, name);
    await dialog.getByTestId('send-interaction-submit').click();
    await expect(dialog.getByTestId('send-interaction-second-open')).toBeVisible();
    await expect(dialog.getByTestId('send-interaction-submit')).toBeInViewport();
    await expect(dialog.getByTestId('send-interaction-second-open-view')).toBeInViewport();
    await screenshot(page, `second-open-warning-phone-${language}`);
    await dialog.getByTestId('send-interaction-submit').click();
    await expect(page.getByTestId('interaction-actions')).toBeVisible();
    expect(new URL(page.url()).pathname.split('/').pop()).not.toBe(first);
    await page.goto(clientPath);
    await expect(page.locator('[data-testid^="client-interaction-row-"]')).toHaveCount(2);
    await page.setViewportSize({ width: 1366, height: 768 });

    // Bulk send to four: Ada has an open questionnaire, Ben has just answered, Cleo is new, Dora is inactive.
    const bulkName = `Bulkdup${language === 'DE_DE' ? 'De' : 'En'}${stamp}`;
    const made: Record<string, string> = {};
    for (const firstName of ['Ada', 'Ben', 'Cleo', 'Dora']) {
      const created = await api.post<{ token: string }>(page.request, '/api/u', { firstName, lastName: bulkName, email: `${firstName.toLowerCase()}.${bulkName.toLowerCase()}@example.com`, locale: language, productConfigurationId: config.id });
      made[firstName] = created.token;
    }
    await api.post(page.request, '/api/instance', { clientToken: made.Ada, productConfigurationId: config.id, expiresInDays: 120 });
    const answered = await api.post<{ token: string }>(page.request, '/api/instance', { clientToken: made.Ben, productConfigurationId: config.id, expiresInDays: 120 });
    await answerAndSubmit(page.request, answered.token);
    await api.post(page.request, `/api/admin/bq_user/${made.Dora}/deactivate`, { productType: 'BQ_RISK' });

    await page.goto(`/product/BQ_RISK?q=${bulkName}&status=ALL`);
    await expect(page.getByTestId('client-list-table').getByTestId('client-row-link')).toHaveCount(4);
    await page.getByTestId('bulk-select-page').check();
    await page.getByTestId('bulk-send-button').click();
    const bulk = page.getByRole('dialog');
    await expect(bulk).toContainText(fill(T['bulkSend.title_other'], { countText: '4' }));
    await expect(page.getByTestId('bulk-send-skip-months')).toHaveValue('3');
    await page.getByTestId('bulk-send-expiry').fill(EXPIRY_DAYS);
    await screenshot(page, `bulk-send-skip-field-${language}`);
    await page.getByTestId('bulk-send-submit').click();
    await expect(page.getByTestId('bulk-send-progress')).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
    await expect(page.getByTestId('bulk-send-created')).toHaveText('1');
    await expect(page.getByTestId('bulk-send-failed')).toHaveText('3');
    const items = page.getByTestId('bulk-send-failure');
    await expect(items).toHaveCount(3);
    const date = today(language);
    await expect(items.filter({ hasText: `${bulkName}, Ada` })).toContainText(fill(T['bulkSend.skipped.alreadyOpen'], { date }));
    await expect(items.filter({ hasText: `${bulkName}, Ben` })).toContainText(fill(T['bulkSend.skipped.recentResult_other'], { date, count: '3' }));
    await expect(items.filter({ hasText: `${bulkName}, Dora` })).toContainText(T['bulkSend.skipped.inactive']!);
    await expect(page.getByTestId('bulk-send-failures')).not.toContainText(`${bulkName}, Cleo`);
    await screenshot(page, `bulk-send-skipped-${language}`);
    await page.getByTestId('bulk-send-close').click();
  });
}

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`no silent duplicates in a campaign (${language}): adding a client with an open questionnaire asks first`, async ({ page }) => {
    await openLoginAndSignIn(page, ADMIN);
    await useLanguage(page, language);
    const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
    const config = user.products.find((p) => p.productType === 'BQ_SELECTION')!;
    const lastName = `Kampagne${language === 'DE_DE' ? 'De' : 'En'}${Date.now()}`;
    const client = await api.post<{ token: string }>(page.request, '/api/u', { firstName: 'Jana', lastName, email: `jana.${lastName.toLowerCase()}@example.com`, locale: language, productConfigurationId: config.id });
    const open = await api.post<{ token: string }>(page.request, '/api/instance', { clientToken: client.token, productConfigurationId: config.id, expiresInDays: 120 });
    const campaign = await api.post<{ id: string }>(page.request, '/api/admin/repeated_measurement', { productConfigurationId: config.id, name: `Review ${lastName}` });
    const name = `${lastName}, Jana`;

    await page.goto(`/BQ_SELECTION/teams/campaign/${campaign.id}`);
    await page.getByTestId('participant-pick').fill(lastName);
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByTestId('participant-add').click();
    const warning = page.getByTestId('send-interaction-second-open');
    await expect(warning).toContainText(fill(T['interactions.send.secondOpen.title'], { name }));
    await expect(page.getByTestId('send-interaction-second-open-dates')).toContainText(fill(T['interactions.send.secondOpen.sentNew'], { date: today(language) }));
    await expect(warning).toContainText(T['repeatedMeasurement.secondOpenExplain']!);
    await expect(page.getByTestId('send-interaction-second-open-view')).toHaveAttribute('href', `/BQ_SELECTION/client/${client.token}/interaction/${open.token}`);
    await expect(page.getByTestId('participant-add')).toHaveText(T['repeatedMeasurement.addSecondOpen']!);
    await screenshot(page, `campaign-second-open-${language}`);
    // Nothing was added while it asked; confirming adds the first measurement.
    await expect(page.getByTestId('participant-list').getByRole('button', { name: new RegExp(lastName) })).toHaveCount(0);
    await page.getByTestId('participant-add').click();
    await expect(page.getByText(fill(T['repeatedMeasurement.participantAdded'], { measurement: '1' }))).toBeVisible();
    await expect(page.getByTestId('participant-list').getByRole('button', { name: new RegExp(lastName) })).toBeVisible();
    await expect(warning).toBeHidden();
  });
}
