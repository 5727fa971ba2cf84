// The CRM settings (issue 38 point 4, docs/decisions/0094) as an admin finds them on a server whose operator has not
// registered the CRMs' OAuth clients, as the journeys' server: both CRMs listed with why they cannot be connected here,
// a failed connection's reason as the callback's redirect brings it, and the page on a phone. Connecting, writing and
// importing are proven against the local stand-ins of features/crm (API tests on PGlite and PostgreSQL). English and
// German; axe runs on every page (support.ts).
import { ADMIN, DE, EN, expect, expectFitsWidth, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

for (const [language, T] of [['EN_US', EN], ['DE_DE', DE]] as const) {
  test(`the admin finds both CRMs, why they cannot be connected here, and a failed connection's reason (${language})`, async ({ page }) => {
    await openLoginAndSignIn(page, ADMIN);
    await useLanguage(page, language);
    await page.goto('/settings/crm');
    await expect(page.getByRole('heading', { name: T['page.settingsCrm.title'] }).first()).toBeVisible();
    for (const provider of ['SALESFORCE', 'HUBSPOT'] as const) {
      const card = page.getByTestId(`crm-card-${provider}`);
      await expect(card.getByRole('heading', { name: T[`crm.provider.${provider}`] })).toBeVisible();
      await expect(card.getByText(T['crm.unavailable']!)).toBeVisible();
      // Nothing to press that could only fail.
      await expect(card.getByRole('button')).toHaveCount(0);
    }
    await page.goto('/settings/crm?error=error.crm.state_invalid');
    await expect(page.getByTestId('crm-connect-error')).toContainText(T['ERROR_CRM_STATE_INVALID']!);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectFitsWidth(page, 375);
    await screenshot(page, `crm-settings-phone-${language}`);
    // The journeys after this one in its shard meet the admin as the demo has them: in English.
    if (language !== 'EN_US') await useLanguage(page, 'EN_US');
  });
}
