// Issue 14, story 6: buying credits. The demo buyer (an account without credits) opens a locked result, is told
// "payment required" (in English and German), follows "Buy credits" to the purchase choice, pays in the sandbox
// provider (marked "Sandbox - no real payment"), lands on checkout_success with the new balance and unlocks the
// result. Then, in German, from the balance in the header: the checkout_success page waits while the payment is
// pending and follows the webhook by itself.
import type { Page } from '@playwright/test';
import { DE, EN, expect, screenshot, signIn, test, useLanguage } from './support';

const BUYER = { email: 'buyer@demo.example', password: 'Demo-Buyer-2026!' };
const PRODUCT = 'BQ_ADVISORY_BANK';
type Texts = Record<string, string>;

const credits = (T: Texts, n: number) =>
  T === DE ? `${n.toLocaleString('de-DE')} ${n === 1 ? 'Credit' : 'Credits'}` : `${n.toLocaleString('en-US')} ${n === 1 ? 'credit' : 'credits'}`;

async function openLockedResult(page: Page) {
  await page.goto(`/product/${PRODUCT}`);
  await page.getByTestId('client-search').fill('Richter');
  const row = page.locator('tr[data-testid^="client-row-"]').filter({ hasText: 'Richter' });
  await expect(row).toHaveCount(1);
  // Opened by its address: the list keeps its search in the URL, and a late debounce must not pull us back.
  await page.goto((await row.getByTestId('client-row-result').getAttribute('href'))!);
  await expect(page).toHaveURL(new RegExp(`/${PRODUCT}/client/[A-Za-z0-9_-]{24}/dashboard/[A-Za-z0-9_-]{24}`));
  await expect(page.getByTestId('result-unlock-panel')).toBeVisible();
}

async function tryToUnlock(page: Page) {
  await page.getByTestId('result-unlock-button').click();
  await page.getByTestId('result-unlock-confirm').click();
}

test('out of credits: the locked result offers buying credits, buy in the sandbox, see the new balance, unlock the result', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, BUYER);
  await expect(page).toHaveURL(/\/product\//);
  await useLanguage(page, 'DE_DE');
  await openLockedResult(page);
  await expect(page.getByTestId('credit-balance')).toHaveText(credits(DE, 0));
  // With 0 credits there is no confirmation that could only fail: the panel goes straight to buying credits.
  const panel = page.getByTestId('result-unlock-panel');
  await expect(panel.getByTestId('result-unlock-button')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: DE['results.unlock.buy'] })).toBeVisible();
  await screenshot(page, 'billing-payment-required-DE_DE');

  await useLanguage(page, 'EN_US');
  await openLockedResult(page);
  const resultUrl = new URL(page.url()).pathname;
  await screenshot(page, 'billing-payment-required-EN_US');
  await panel.getByRole('link', { name: EN['results.unlock.buy'] }).click();

  // The purchase choice of the product: packages with prices in US dollars for an English (US) user.
  await expect(page).toHaveURL(new RegExp(`/${PRODUCT}/credits\\?returnTo=`));
  await expect(page.getByRole('heading', { level: 1, name: EN['page.buyCredits.title'] })).toBeVisible();
  await expect(page.getByTestId('buy-credits-sandbox-notice')).toContainText(EN['billing.sandbox.badge']!);
  await expect(page.getByTestId('package-10-price')).toHaveText('$54.00');
  await expect(page.getByTestId('package-50-price')).toHaveText('$219.00');
  await expect(page.getByTestId('package-enterprise')).toBeVisible();
  await screenshot(page, 'billing-purchase-choice-EN_US');
  await page.getByTestId('package-10-buy').click();

  // The sandbox provider's page, clearly marked, instead of Stripe's.
  await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('sandbox-badge')).toHaveText(EN['billing.sandbox.badge']!);
  await expect(page.getByTestId('sandbox-checkout-amount')).toHaveText('$54.00');
  await expect(page.getByTestId('sandbox-checkout-credits')).toHaveText(credits(EN, 10));
  await screenshot(page, 'billing-sandbox-checkout-EN_US');
  await page.getByTestId('sandbox-checkout-pay').click();

  await expect(page).toHaveURL(new RegExp(`/${PRODUCT}/checkout_success/[A-Za-z0-9_-]{24}$`));
  const success = page.getByTestId('checkout-success');
  await expect(success).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('checkout-success-balance')).toHaveText(EN['billing.success.balance']!.replace('{{balance}}', credits(EN, 10)));
  await expect(page.getByTestId('credit-balance')).toHaveText(credits(EN, 10));
  await screenshot(page, 'billing-checkout-success-EN_US');

  // Back to the result, which now unlocks with one of the new credits.
  await page.getByTestId('checkout-success-to-result').click();
  await expect(page).toHaveURL(new RegExp(`${resultUrl}$`));
  await tryToUnlock(page);
  await expect(page.getByTestId('result-dashboard')).toHaveAttribute('data-lock-status', 'UNLOCKED');
  await expect(page.getByTestId('credit-balance')).toHaveText(credits(EN, 9));
  await screenshot(page, 'billing-result-unlocked-EN_US');
});

test('in German, from the balance in the header: checkout_success waits for the payment, then shows the new balance', async ({ page, context }) => {
  await page.goto('/login');
  await signIn(page, BUYER);
  await expect(page).toHaveURL(/\/product\//);
  await useLanguage(page, 'DE_DE');
  await page.goto(`/product/${PRODUCT}`);
  // The user menu offers it too (on phones the balance lives there).
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByRole('menuitem', { name: DE['shell.menu.buyCredits'] })).toHaveAttribute('href', `/${PRODUCT}/credits`);
  await page.keyboard.press('Escape');
  await page.getByTestId('credit-balance-link').click();
  await expect(page).toHaveURL(new RegExp(`/${PRODUCT}/credits$`));
  await expect(page.getByRole('heading', { level: 1, name: DE['page.buyCredits.title'] })).toBeVisible();
  await expect(page.getByTestId('buy-credits-balance')).toContainText(credits(DE, 9));
  // Euro for a German user.
  await expect(page.getByTestId('package-50-price')).toHaveText('199,00 €');
  await screenshot(page, 'billing-purchase-choice-DE_DE');
  await page.getByTestId('package-50-buy').click();
  await expect(page).toHaveURL(/\/sandbox-checkout\/sbx_[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('sandbox-badge')).toHaveText(DE['billing.sandbox.badge']!);
  await expect(page.getByTestId('sandbox-checkout-amount')).toHaveText('199,00 €');
  await screenshot(page, 'billing-sandbox-checkout-DE_DE');

  // The confirmation page, opened before the provider has confirmed anything, waits ...
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  const session = (await (await page.request.get(`/api/payment/sandbox/${sessionId}`)).json()) as { successPath: string };
  const waiting = await context.newPage();
  await waiting.goto(session.successPath);
  await expect(waiting.getByTestId('checkout-success')).toHaveAttribute('data-status', 'PENDING');
  await expect(waiting.getByRole('heading', { name: DE['billing.success.pending.title'] })).toBeVisible();
  await screenshot(waiting, 'billing-checkout-pending-DE_DE');

  // ... and follows the webhook by itself once the buyer pays.
  await page.getByTestId('sandbox-checkout-pay').click();
  await expect(page.getByTestId('checkout-success')).toHaveAttribute('data-status', 'PAID');
  await expect(waiting.getByTestId('checkout-success')).toHaveAttribute('data-status', 'PAID', { timeout: 15_000 });
  await expect(waiting.getByTestId('checkout-success-balance')).toHaveText(DE['billing.success.balance']!.replace('{{balance}}', credits(DE, 59)));
  await expect(waiting.getByTestId('credit-balance')).toHaveText(credits(DE, 59));
  await screenshot(waiting, 'billing-checkout-success-DE_DE');
  await waiting.close();

  // Paying again from the same sandbox page is not possible: it says the checkout is paid.
  await page.goto(`/sandbox-checkout/${sessionId}`);
  await expect(page.getByTestId('sandbox-checkout-paid')).toBeVisible();
  await expect(page.getByTestId('sandbox-checkout-pay')).toHaveCount(0);

  await useLanguage(page, 'EN_US');
});
