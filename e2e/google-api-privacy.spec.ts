// Issue 14, stories 3 and 7: an admin creates an API credential (the secret shown once), uses it from the test as
// curl would (Authorization: Bearer, no cookie), revokes it and sees it refused; edits the account's privacy policy
// and sees it on a participant's questionnaire page; and people sign in with Google through a local OpenID Connect
// issuer (e2e/oidc-issuer.mjs, started by e2e/start-server.mjs). Each in English and in German.
import { ADMIN, ADVISER, DE, EN, PUBLIC_BASE, clientWithQuestionnaire, expect, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`API credential (${language}): create, see the secret once, call the API with it, revoke, refused`, async ({ page, request }) => {
    await openLoginAndSignIn(page, ADMIN);
    // Set either way: a journey before this one in its shard may have left the admin in another language.
    await useLanguage(page, language);
    await page.goto('/settings/api');
    await expect(page.getByRole('heading', { name: T['page.settingsApi.title'], level: 2 })).toBeVisible();

    // Bad input first: a description is required.
    await page.getByTestId('api-credential-create').click();
    await expect(page.getByText(T['ERROR_VALIDATION_REQUIRED']!)).toBeVisible();

    const description = `CRM sync ${language} ${Date.now()}`;
    await page.getByTestId('api-credential-description').fill(description);
    await page.getByTestId('api-credential-create').click();
    const secretField = page.getByTestId('api-credential-secret');
    await expect(secretField).toBeVisible();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^bqk_[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText(T['apiCredentials.secret.once']!)).toBeVisible();
    await screenshot(page, `api-credential-secret-${language}`);

    // Used from outside the browser, as curl would: only the Authorization header, no cookie, no X-Source.
    const bearer = { Authorization: `Bearer ${secret}` };
    const me = await request.get('/api/user', { headers: bearer });
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(ADMIN.email);
    expect(me.headers()['set-cookie']).toBeUndefined();
    const products = (await me.json()).products as { id: string }[];
    const clients = await request.get(`/api/participants?productConfigurationId=${products[0]!.id}`, { headers: bearer });
    expect(clients.status()).toBe(200);
    // Not for managing credentials (nor any UI sign-in).
    const manage = await request.get('/api/management/credentials', { headers: bearer });
    expect(manage.status()).toBe(403);
    expect((await manage.json()).errorKey).toBe('error.auth.session_required');

    // Once dismissed, the secret is gone for good; the list shows the credential, now used.
    await page.getByTestId('api-credential-secret-done').click();
    await expect(page.getByTestId('api-credential-secret-panel')).toHaveCount(0);
    await page.reload();
    const row = page.getByTestId('api-credential-row').filter({ hasText: description });
    await expect(row).toBeVisible();
    await expect(row).toContainText(ADMIN.email);
    await expect(row).not.toContainText(T['apiCredentials.table.neverUsed']!);
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, `api-credential-list-${language}`);

    await row.getByTestId('api-credential-revoke').click();
    await page.getByTestId('api-credential-revoke-confirm').click();
    await expect(page.getByText(T['apiCredentials.revoke.success']!)).toBeVisible();
    await expect(page.getByTestId('api-credential-row').filter({ hasText: description })).toHaveCount(0);

    const refused = await request.get('/api/user', { headers: bearer });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).errorKey).toBe('error.auth.api_credential_invalid');
    await screenshot(page, `api-credential-revoked-${language}`);
    if (language === 'DE_DE') await useLanguage(page, 'EN_US');
  });

  test(`privacy policy (${language}): edit per locale, preview, and the participant sees it before answering`, async ({ page, browser }) => {
    await openLoginAndSignIn(page, ADMIN);
    // Set either way: a journey before this one in its shard may have left the admin in another language.
    await useLanguage(page, language);
    await page.goto('/settings/privacy');
    await expect(page.getByRole('heading', { name: T['page.settingsPrivacy.title'], level: 2 })).toBeVisible();

    const stamp = Date.now();
    const english = `We keep your answers for five years (${stamp}).\n\nWrite to privacy@demo.example. <b>Not bold</b>`;
    const german = `Wir speichern Ihre Antworten fünf Jahre lang (${stamp}).\n\nSchreiben Sie an datenschutz@demo.example.`;
    await page.getByTestId('privacy-text-EN_US').fill(english);
    await expect(page.getByTestId('privacy-preview-text-EN_US')).toHaveText(english);
    await page.getByTestId('privacy-tab-DE_DE').click();
    await page.getByTestId('privacy-text-DE_DE').fill(german);
    await expect(page.getByTestId('privacy-preview-text-DE_DE')).toContainText('fünf Jahre');
    await screenshot(page, `privacy-policy-editor-${language}`);
    await page.getByTestId('privacy-save').click();
    await expect(page.getByText(T['privacyPolicy.saved']!)).toBeVisible();

    // The participant (no sign-in, another browser) opens the invitation: the policy in their language, as text.
    const { instanceToken } = await clientWithQuestionnaire(page.request, {
      product: 'BQ_RISK',
      firstName: 'Pia',
      lastName: language === 'DE_DE' ? 'Datenschutz' : 'Privacy',
      locale: language,
    });
    const participantContext = await browser.newContext();
    const participant = await participantContext.newPage();
    await participant.goto(`/q/${instanceToken}`);
    const shown = participant.getByTestId('questionnaire-privacy-text');
    await expect(shown).toBeVisible();
    if (language === 'DE_DE') {
      await expect(shown).toContainText(`fünf Jahre lang (${stamp})`);
    } else {
      await expect(shown).toContainText(`five years (${stamp})`);
      // Written as text, shown as text: the tag is visible, not interpreted.
      await expect(shown).toContainText('<b>Not bold</b>');
      await expect(shown.locator('b')).toHaveCount(0);
    }
    await expect(participant.getByTestId('questionnaire-privacy-policy')).toContainText(T['questionnaire.privacyPolicy.lead']!);
    await screenshot(participant, `privacy-policy-questionnaire-${language}`);
    await participantContext.close();
    if (language === 'DE_DE') await useLanguage(page, 'EN_US');
  });
}

// Google sends the browser back to PUBLIC_URL: the sign-in attempt's cookie must be that host's.
test.describe('Sign in with Google', () => {
  test.use({ baseURL: PUBLIC_BASE });

  test('Sign in with Google (EN_US): a first sign-in creates a self-service account with the requested product', async ({ page }) => {
    await page.goto('/login?productType=BQ_RISK');
    await screenshot(page, 'google-login-button-EN_US');
    await page.getByRole('button', { name: EN['login.google.button'] }).click();
    // The (local) issuer's account chooser.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/authorize\?/);
    const email = `greta.google.${Date.now()}@example.com`;
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Name').fill('Greta Google');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/product\/BQ_RISK$/);
    // The code never stays in the address bar.
    expect(page.url()).not.toContain('code=');
    const me = await (await page.request.get('/api/user', { headers: { accept: 'application/json' } })).json();
    expect(me).toMatchObject({ email, firstName: 'Greta', lastName: 'Google', accountType: 'SELF_SERVICE' });
    await screenshot(page, 'google-signed-in-EN_US');
  });

  test('Sign in with Google (DE_DE): links the existing adviser by e-mail; a forged answer is refused', async ({ page }) => {
    await page.goto('/login?locale=DE_DE');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    // An answer that no sign-in in this browser started is refused.
    await page.goto('/login/google?locale=DE_DE&code=forged-code&state=not-ours');
    await expect(page.getByTestId('google-callback-error')).toContainText(DE['ERROR_GOOGLE_ATTEMPT_MISSING']!);
    await screenshot(page, 'google-callback-refused-DE_DE');

    await page.goto('/login?locale=DE_DE');
    await page.getByRole('button', { name: DE['login.google.button'] }).click();
    await page.getByLabel('E-mail address').fill(ADVISER.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/product\//);
    const me = await (await page.request.get('/api/user', { headers: { accept: 'application/json' } })).json();
    expect(me.email).toBe(ADVISER.email);
    await screenshot(page, 'google-linked-DE_DE');
  });
});
