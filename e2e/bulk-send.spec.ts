// Issue 26 point 2: from the client list, the adviser ticks a few clients (found by a search), sends them a
// questionnaire at once, watches the progress reach "done", sees the new questionnaires in the list and the
// invitations arrive; on a phone, "select all matching" and the same dialog. Once in English, once in German.
import { ADVISER, DE, EN, api, expect, openLoginAndSignIn, screenshot, test, useLanguage, waitForMail } from './support';

const PHONE = { width: 390, height: 844 };

// The demo adviser's language is read by every journey after this one: leave it in English, as it was found.
test.afterEach(async ({ page }) => {
  await useLanguage(page, 'EN_US');
});

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`bulk send (${language}): select clients, send, progress to done, invitations listed`, async ({ page }) => {
    await openLoginAndSignIn(page, ADVISER);
    await useLanguage(page, language);
    const lastName = `Bulkmann${language === 'DE_DE' ? 'Weiss' : 'Young'}${Date.now()}`;
    const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
    const config = user.products.find((p) => p.productType === 'BQ_RISK')!;
    const clients = [];
    for (const firstName of ['Ada', 'Ben', 'Cleo']) {
      const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`;
      const client = await api.post<{ token: string }>(page.request, '/api/u', { firstName, lastName, email, locale: language, productConfigurationId: config.id });
      clients.push({ ...client, email });
    }

    await page.goto(`/product/BQ_RISK?q=${lastName}`);
    await expect(page.getByTestId('client-list-table').getByTestId('client-row-link')).toHaveCount(3);
    for (const client of clients) await page.getByTestId('client-list-table').getByTestId(`bulk-select-${client.token}`).check();
    await expect(page.getByTestId('bulk-send-count')).toHaveText(T['bulkSend.selected']!.replace('{{count}}', '3'));
    await page.getByTestId('bulk-send-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(T['bulkSend.title_other']!.replace('{{countText}}', '3'));
    // Bad input first: an expiry out of range is refused before anything is sent.
    await page.getByTestId('bulk-send-expiry').fill('400');
    await page.getByTestId('bulk-send-submit').click();
    await expect(dialog.getByText(T['interactions.send.expiry.invalid']!)).toBeVisible();
    // Expiring after next month: the demo's reminder counts, which later journeys read, stay as they were.
    await page.getByTestId('bulk-send-expiry').fill('120');
    await screenshot(page, `bulk-send-dialog-${language}`);
    await page.getByTestId('bulk-send-submit').click();

    await expect(page.getByTestId('bulk-send-progress')).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
    await expect(page.getByTestId('bulk-send-created')).toHaveText('3');
    await expect(page.getByTestId('bulk-send-mailed')).toHaveText('3');
    await expect(page.getByTestId('bulk-send-status')).toHaveText(T['bulkSend.progress.status.DONE']!);
    await screenshot(page, `bulk-send-progress-${language}`);
    await page.getByTestId('bulk-send-close').click();

    // The list shows each client's new questionnaire, and the invitations reach the clients.
    for (const client of clients) {
      await expect(page.getByTestId(`client-row-${client.token}`).getByTestId('interaction-status')).toHaveAttribute('data-status', 'NEW');
    }
    await expect(page.getByTestId('bulk-send-bar')).toHaveCount(0);
    for (const client of clients) {
      const mail = await waitForMail(client.email);
      expect(mail.text).toContain('/q/');
    }
    await screenshot(page, `bulk-send-list-${language}`);

    // A second send to the same clients skips them, each named: each already has an open questionnaire.
    await page.getByTestId('bulk-select-page').check();
    await page.getByTestId('bulk-send-button').click();
    await page.getByTestId('bulk-send-submit').click();
    await expect(page.getByTestId('bulk-send-progress')).toHaveAttribute('data-status', 'DONE', { timeout: 30_000 });
    await expect(page.getByTestId('bulk-send-failed')).toHaveText('3');
    await expect(page.getByTestId('bulk-send-failure')).toHaveCount(3);
    for (const firstName of ['Ada', 'Ben', 'Cleo']) await expect(page.getByTestId('bulk-send-failures')).toContainText(`${lastName}, ${firstName}`);
    await expect(page.getByTestId('bulk-send-failures')).toContainText(T['bulkSend.skipped.alreadyOpen']!.split('{{date}}')[0]!);
    await page.getByTestId('bulk-send-close').click();

    // On a phone: cards with tick boxes, "select all matching", the same dialog.
    await page.setViewportSize(PHONE);
    await page.goto(`/product/BQ_RISK?q=${lastName}`);
    await expect(page.getByTestId('client-card-list').getByTestId('client-card-link')).toHaveCount(3);
    await page.getByTestId('client-card-list').getByTestId(`bulk-select-${clients[0]!.token}`).check();
    await screenshot(page, `bulk-send-phone-list-${language}`);
    await page.getByTestId('bulk-select-all-matching').click();
    await expect(page.getByTestId('bulk-send-count')).toHaveText(T['bulkSend.allMatchingSelected']!.replace('{{count}}', '3'));
    await page.getByTestId('bulk-send-button').click();
    await expect(page.getByTestId('bulk-send-submit')).toBeVisible();
    await screenshot(page, `bulk-send-phone-dialog-${language}`);
  });
}
