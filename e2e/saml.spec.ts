// Issue 24 point 5: single sign-on with SAML 2.0. An account admin chooses SAML under Settings > Single sign-on, copies
// what to register at the provider and enters the provider's entity id, SSO URL and signing certificate with the
// account's e-mail domain; a platform operator confirms the domain; a colleague of that domain signs in from the login
// page through the provider (a local one whose page auto-posts an assertion signed with its test key, on the same code
// path as Entra ID or Okta) and lands signed in as a new evaluator. A forged answer ends on the sign-in error page.
// In English and German.
import { startSamlIdp, type TestSamlIdp } from '../apps/server/src/test/saml-idp';
import { adminOnSsoSettings, browserIn, enterEmailOnLogin, operatorConfirmsDomain } from './sso-support';
import { DE, EN, PUBLIC_BASE, api, expect, screenshot, test } from './support';

let idp: TestSamlIdp;

test.beforeAll(async () => {
  idp = await startSamlIdp();
});
test.afterAll(async () => {
  await idp?.close();
});

for (const [language, T] of [
  ['EN_US', EN],
  ['DE_DE', DE],
] as const) {
  test(`an account sets up SAML single sign-on and a colleague signs in through the provider (${language})`, async ({ browser }) => {
    // Four browser contexts (admin, operator, colleague, a refused phone sign-in) on a shared machine.
    test.setTimeout(180_000);
    const stamp = `${language.toLowerCase().replace('_', '-')}-${Date.now()}`;
    const domain = `saml-${stamp}.example`;

    // The account admin (a new account of its own, in the journey's language) chooses SAML and enters the provider.
    const admin = await adminOnSsoSettings(browser, language, T, `saml.admin.${stamp}@example.com`);
    await admin.page.getByTestId('sso-protocol').getByText(T['sso.settings.protocolSaml']!, { exact: true }).click();
    const acsUrl = (await admin.page.getByTestId('saml-acs-url').textContent())!;
    expect(acsUrl).toMatch(new RegExp(`^${PUBLIC_BASE}/api/sso/saml/[0-9a-f-]{36}/acs$`));
    await expect(admin.page.getByTestId('saml-sp-entity-id')).toHaveText(/\/metadata$/);
    await admin.page.getByLabel(T['sso.settings.samlIdpEntityId']!, { exact: false }).fill(idp.entityId);
    await admin.page.getByLabel(T['sso.settings.samlSsoUrl']!, { exact: false }).fill(idp.ssoUrl);
    await admin.page.getByLabel(T['sso.settings.samlCertificate']!, { exact: false }).fill(idp.key.certificatePem);
    await admin.page.getByLabel(T['sso.settings.domains']!, { exact: true }).fill(domain);
    await admin.page.getByTestId('saml-settings-save').click();
    await expect(admin.page.getByTestId('sso-domain-status')).toContainText(T['sso.settings.domainWaiting']!);
    // The saved certificate's expiry is shown in place of the hint.
    await expect(admin.page.getByText(T['sso.settings.samlCertificateHint']!)).toHaveCount(0);
    await screenshot(admin.page, `saml-settings-${language}`);

    // The SP metadata the admin uploads to the provider.
    const metadata = await admin.page.request.get(acsUrl.replace(/\/acs$/, '/metadata'));
    expect(await metadata.text()).toContain(`Location="${acsUrl}"`);

    await operatorConfirmsDomain(browser, language, domain);
    await admin.page.reload();
    await expect(admin.page.getByTestId('sso-domain-status')).toContainText(T['sso.settings.domainConfirmed']!);
    // The saved protocol is shown first.
    await expect(admin.page.getByTestId('saml-settings')).toBeVisible();

    // The login page sends the colleague to the provider, whose page posts the signed assertion back.
    const colleague = await browserIn(browser, language);
    const email = `new.colleague@${domain}`;
    await enterEmailOnLogin(colleague.page, T, email);
    await expect(colleague.page.getByTestId('sso-continue')).toContainText(T['sso.login.hint']!);
    await expect(colleague.page.getByLabel(T['login.password']!, { exact: true })).toHaveCount(0);
    idp.next({ nameId: email, attributes: { firstName: 'Nora', lastName: 'Neu', locale: language === 'DE_DE' ? 'de-DE' : 'en-US' } });
    await colleague.page.getByRole('button', { name: T['sso.login.continue']!, exact: true }).click();
    await expect(colleague.page).not.toHaveURL(/\/login/);
    await expect(colleague.page.getByTestId('user-menu-button')).toBeVisible();
    const me = await api.get<{ email: string; firstName: string }>(colleague.page.request, '/api/user');
    expect(me).toMatchObject({ email, firstName: 'Nora' });
    expect(idp.lastRequest?.acsUrl).toBe(acsUrl);
    await screenshot(colleague.page, `saml-signed-in-${language}`);

    // An answer meant for another service provider ends on the sign-in error page, signed out.
    const other = await browserIn(browser, language, { width: 390, height: 844 });
    await enterEmailOnLogin(other.page, T, `another@${domain}`);
    idp.next({ nameId: `another@${domain}`, audience: 'https://someone-else.example/sp' });
    await other.page.getByRole('button', { name: T['sso.login.continue']!, exact: true }).click();
    await expect(other.page.getByTestId('sso-callback-error')).toHaveText(T['ERROR_SSO_WRONG_AUDIENCE']!);
    await expect(other.page).toHaveURL(/\/login\/sso$/);
    await screenshot(other.page, `saml-refused-phone-${language}`);
    expect((await other.page.request.get('/api/user')).status()).toBe(401);
    await other.context.close();
    await colleague.context.close();
    await admin.context.close();
  });
}
