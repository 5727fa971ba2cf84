// The steps the single sign-on journeys share (OpenID Connect in sso.spec.ts, SAML in saml.spec.ts): a browser on
// PUBLIC_URL, a new account's admin on Settings > Single sign-on, the operator's confirmation of a domain, and the
// e-mail address typed on the login page.
import type { Browser, Page } from '@playwright/test';
import { PUBLIC_BASE, api, expect, signIn, type Texts } from './support';

export type JourneyLanguage = 'EN_US' | 'DE_DE';
const PASSWORD = 'Journey-Pass-2026!';
const OPERATOR = { email: 'operator@demo.example', password: 'Demo-Operator-2026!' };

/** The provider sends the browser back to PUBLIC_URL: the cookies it sets must be that host's. */
export async function browserIn(browser: Browser, language: JourneyLanguage, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ locale: language === 'DE_DE' ? 'de-DE' : 'en-US', viewport, baseURL: PUBLIC_BASE });
  return { context, page: await context.newPage() };
}

/** The admin of a new account of its own, in the journey's language, on Settings > Single sign-on. */
export async function adminOnSsoSettings(browser: Browser, language: JourneyLanguage, T: Texts, email: string) {
  const admin = await browserIn(browser, language);
  await api.post(admin.page.request, '/api/signup', {
    email, password: PASSWORD, firstName: 'Ada', lastName: 'Admin', termsAccepted: true, locale: language,
  });
  await admin.page.goto('/login');
  await signIn(admin.page, { email, password: PASSWORD }, T);
  await expect(admin.page).toHaveURL(/\/product\//);
  await admin.page.goto('/settings/sso');
  await expect(admin.page.getByRole('heading', { name: T['page.settingsSso.title']! }).first()).toBeVisible();
  return admin;
}

/** A platform operator confirms the account's claim of the domain. */
export async function operatorConfirmsDomain(browser: Browser, language: JourneyLanguage, domain: string) {
  const operator = await browserIn(browser, language);
  await api.post(operator.page.request, '/api/login', OPERATOR);
  await api.post(operator.page.request, `/api/ops/sso/domains/${domain}/confirm`);
  await operator.context.close();
}

/** Types the address on the login page and leaves the field, which asks how that address signs in. */
export async function enterEmailOnLogin(page: Page, T: Texts, email: string) {
  await page.goto('/login');
  await page.getByLabel(T['login.email']!, { exact: true }).fill(email);
  await page.getByLabel(T['login.email']!, { exact: true }).blur();
}
