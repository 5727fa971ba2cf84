// Issue 24 point 4: single sign-on per account. An account admin enters the account's OpenID Connect provider and
// e-mail domain under Settings > Single sign-on, a platform operator confirms the domain, and a colleague of that
// domain signs in from the login page through the provider (a local one that approves at once, on the same code path
// as Entra ID or Okta), landing signed in as a new evaluator of the account. In English and German.
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-provider';
import { adminOnSsoSettings, browserIn, enterEmailOnLogin, operatorConfirmsDomain } from './sso-support';
import { DE, EN, api, expect, screenshot, test } from './support';

let provider: TestOidcProvider;

test.beforeAll(async () => {
  provider = await startOidcProvider();
});
test.afterAll(async () => {
  await provider?.close();
});

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`an account sets up single sign-on and a colleague signs in through the provider (${language})`, async ({ browser }) => {
    const stamp = `${language.toLowerCase().replace("_", "-")}-${Date.now()}`;
    const domain = `sso-${stamp}.example`;
    const clientId = `bq-journey-${stamp}`;
    const clientSecret = `secret-${stamp}`;
    provider.clients.set(clientId, clientSecret);

    // The account admin (a new account of its own, in the journey's language) enters the provider and the domain.
    const admin = await adminOnSsoSettings(browser, language, T, `sso.admin.${stamp}@example.com`);
    await expect(admin.page.getByTestId('sso-redirect-uri')).toHaveText(/\/login\/sso$/);
    await admin.page.getByLabel(T['sso.settings.issuer']!, { exact: false }).fill(provider.url);
    await admin.page.getByLabel(T['sso.settings.clientId']!, { exact: false }).fill(clientId);
    await admin.page.getByLabel(T['sso.settings.clientSecret']!, { exact: true }).fill(clientSecret);
    await admin.page.getByLabel(T['sso.settings.domains']!, { exact: true }).fill(domain);
    await admin.page.getByTestId('sso-settings-save').click();
    await expect(admin.page.getByTestId('sso-domain-status')).toContainText(T['sso.settings.domainWaiting']!);
    await expect(admin.page.getByLabel(T['sso.settings.clientSecret']!, { exact: true })).toHaveValue('');
    await screenshot(admin.page, `sso-settings-${language}`);

    // Until a platform operator confirms the claim, the domain's users still see the password.
    const colleague = await browserIn(browser, language);
    const email = `new.colleague@${domain}`;
    await enterEmailOnLogin(colleague.page, T, email);
    await expect(colleague.page.getByLabel(T['login.password']!, { exact: true })).toBeVisible();
    await expect(colleague.page.getByTestId('sso-continue')).toHaveCount(0);

    await operatorConfirmsDomain(browser, language, domain);
    await admin.page.reload();
    await expect(admin.page.getByTestId('sso-domain-status')).toContainText(T['sso.settings.domainConfirmed']!);

    // Now the login page sends the colleague to the provider in place of the password.
    await enterEmailOnLogin(colleague.page, T, email);
    await expect(colleague.page.getByTestId('sso-continue')).toContainText(T['sso.login.hint']!);
    await expect(colleague.page.getByLabel(T['login.password']!, { exact: true })).toHaveCount(0);
    await screenshot(colleague.page, `sso-login-${language}`);
    provider.next({ claims: { given_name: 'Nora', family_name: 'Neu', locale: language === 'DE_DE' ? 'de-DE' : 'en-US' } });
    await colleague.page.getByRole('button', { name: T['sso.login.continue']!, exact: true }).click();

    // Provider -> /login/sso -> signed in as the new evaluator of the account.
    await expect(colleague.page).not.toHaveURL(/\/login/);
    await expect(colleague.page.getByTestId('user-menu-button')).toBeVisible();
    const me = await api.get<{ email: string; firstName: string }>(colleague.page.request, '/api/user');
    expect(me).toMatchObject({ email, firstName: 'Nora' });
    expect(provider.lastAuthorization?.get('code_challenge_method')).toBe('S256');
    await screenshot(colleague.page, `sso-signed-in-${language}`);

    // The same on a phone: the login page's single sign-on step.
    const phone = await browserIn(browser, language, { width: 390, height: 844 });
    await enterEmailOnLogin(phone.page, T, `another@${domain}`);
    await expect(phone.page.getByTestId('sso-continue')).toBeVisible();
    await screenshot(phone.page, `sso-login-phone-${language}`);
    await phone.context.close();
    await colleague.context.close();
    await admin.context.close();
  });
}
