// Issue 23 point 8 (docs/decisions/0043): an adviser hands a client their personal data (a ZIP with the JSON and the
// report PDF) and erases the client: the dialog says per result what is kept and why, asks for the security code,
// and afterwards the client page shows only the pseudonym and the old questionnaire link opens nothing. English and
// German, phone and desktop screenshots in e2e/artifacts/, axe on every page.
import { execFileSync } from 'node:child_process';
import { ADVISER, DE, EN, answerAndSubmit, clientWithQuestionnaire, expect, openLoginAndSignIn, screenshot, test, unlockOnDashboard, useLanguage } from './support';

// The demo adviser's language is read by every journey after this one: leave it in English, as it was found.
test.afterEach(async ({ page }) => {
  await useLanguage(page, 'EN_US');
});

for (const locale of ['EN_US', 'DE_DE'] as const) {
  test(`an adviser downloads a client's personal data and erases the client (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    const texts = locale === 'DE_DE' ? DE : EN;
    const lang = locale === 'DE_DE' ? 'de' : 'en';
    await openLoginAndSignIn(page, ADVISER);
    await useLanguage(page, locale);
    const lastName = `Ostermann${Date.now() % 100000}`;
    const { clientToken, instanceToken } = await clientWithQuestionnaire(page.request, { product: 'BQ_RISK', firstName: 'Hedda', lastName, locale });
    await answerAndSubmit(page.request, instanceToken);
    await unlockOnDashboard(page, 'BQ_RISK', clientToken, instanceToken);

    await page.goto(`/BQ_RISK/client/${clientToken}`);
    const section = page.getByTestId('client-data-rights');
    await expect(section).toContainText(texts['dataRights.title']!);

    // The copy: a ZIP with the JSON and the report, whose text names the client.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('personal-data-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.zip$/);
    const listing = execFileSync('unzip', ['-l', await download.path()], { encoding: 'utf8' });
    expect(listing).toContain('personal-data.json');
    expect(listing).toMatch(/reports\/.+\.pdf/);
    expect(execFileSync('unzip', ['-p', await download.path(), 'personal-data.json'], { encoding: 'utf8' })).toContain(lastName);
    await expect(page.getByTestId('personal-data-saved')).toBeVisible();
    await screenshot(page, `data-rights-client-page-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `data-rights-client-page-phone-${lang}`);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Erasure: what is kept and why, then the code.
    await page.getByTestId('client-erase-button').click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByTestId('client-erase-results')).toContainText(texts['dataRights.erase.kept']!);
    await expect(modal).toContainText('MiFID II');
    const code = (await modal.getByTestId('client-erase-code').textContent())!.trim();
    await expect(modal.getByTestId('client-erase-confirm')).toBeDisabled();
    await modal.getByTestId('client-erase-code-input').fill(code === '1234' ? '4321' : '1234');
    await modal.getByTestId('client-erase-code-input').press('Enter');
    await expect(modal).toContainText(texts['ERROR_SECURITY_CODE_MISMATCH']!);
    await modal.getByTestId('client-erase-code-input').fill(code);
    await screenshot(page, `data-rights-erase-dialog-${lang}`);
    await modal.getByTestId('client-erase-confirm').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('client-name')).toHaveText('Erased, Client');
    await expect(page.getByTestId('client-view')).not.toContainText(lastName);
    await expect(page.getByTestId('client-erased-badge')).toHaveText(texts['dataRights.erasedBadge']!);
    await expect(page.getByTestId('client-edit-button')).toHaveCount(0);

    // The questionnaire link the client had opens nothing any more.
    const old = await page.request.get(`/api/q?token=${instanceToken}`, { headers: { 'x-source': 'web' } });
    expect([404, 410]).toContain(old.status());

    // Nothing that makes no sense for a pseudonym is offered any more, and the header says why (decision 0077).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('client-erased-actions')).toHaveText(texts['dataRights.erasedActions']!);
    for (const testId of ['client-erase-button', 'client-activate-button', 'add-to-comparison', 'personal-data-download']) {
      await expect(page.getByTestId(testId)).toHaveCount(0);
    }
    await screenshot(page, `data-rights-erased-phone-${lang}`);
  });
}
