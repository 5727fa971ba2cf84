// Issue 37 point 5 (docs/decisions/0083): "emailed" only when it was. The adviser e-mails two invitations, in English
// and in German: one the mail server takes (the page and the client list say "sent", the mail has the adviser as
// Reply-To and a button), one it puts off with 451 (e2e/mail-catcher.mjs greylists "greylisted." addresses): the
// interaction page shows "not sent yet" with the server's answer, the client page and the list say so too, and the
// list warns that mail has not left. The account admin sets the firm's reply address for client mails without an
// active adviser (Settings > Branding), and a wrong address is named at the field.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, ADVISER, DE, EN, api, clientWithQuestionnaire, expect, openLoginAndSignIn, screenshot, test, useLanguage, waitForMail } from './support';

type Texts = Record<string, string>;
const DATA = 'apps/server/src/features/translations/data';
const EMAIL: Record<'EN_US' | 'DE_DE', Texts> = {
  EN_US: JSON.parse(readFileSync(`${DATA}/EN_US/EMAIL.json`, 'utf8')) as Texts,
  DE_DE: JSON.parse(readFileSync(`${DATA}/DE_DE/EMAIL.json`, 'utf8')) as Texts,
};

const fill = (text: string | undefined, values: Record<string, string | number>) =>
  (text ?? '').replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/** Clicks "Send invitation by email" on the interaction page and waits for the toast that says it is queued. */
async function emailInvitation(page: Page, T: Texts, clientToken: string, instanceToken: string, email: string) {
  await page.goto(`/BQ_RISK/client/${clientToken}/interaction/${instanceToken}`);
  await page.getByTestId('interaction-send-invite-email').click();
  await expect(page.getByText(fill(T['interactions.emailSend.success'], { email }))).toBeVisible();
}

for (const [language, T] of [['EN_US', EN], ['DE_DE', DE]] as const) {
  test(`the adviser sees where each invitation mail really is (${language})`, async ({ page }) => {
    await openLoginAndSignIn(page, ADVISER);
    await useLanguage(page, language);
    const lastName = `Zustellung${language === 'EN_US' ? 'En' : 'De'}${Date.now().toString(36)}`;

    // 1. Delivered: queued at the click, then "Sent on ..." once the mail server took it.
    const ok = await clientWithQuestionnaire(page.request, { product: 'BQ_RISK', firstName: 'Lena', lastName, locale: language });
    await emailInvitation(page, T, ok.clientToken, ok.instanceToken, ok.email);
    const sent = page.getByTestId('interaction-invitation-mail');
    await expect(sent).toHaveAttribute('data-state', 'SENT', { timeout: 20_000 });
    await expect(sent).toContainText(T['mailDelivery.kind.invitation']!);
    await expect(sent).toContainText(fill(T['mailDelivery.state.SENT'], { date: '' }).trim());
    await screenshot(page, `mail-state-sent-${language}`);
    const mail = await waitForMail(ok.email, (m) => m.text.includes(`/q/${ok.instanceToken}`));
    // Replies reach the adviser; the HTML has a real button with the raw address below it.
    expect(mail.replyTo).toBe(ADVISER.email);
    expect(mail.html).toContain(`>${EMAIL[language]['email.invite.button']}</a>`);
    expect(mail.html).toContain(EMAIL[language]['email.layout.buttonFallback']);

    // 2. Put off by the server: never "sent"; the reason is the server's own answer.
    const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
    const configId = user.products.find((p) => p.productType === 'BQ_RISK')!.id;
    const greylisted = `greylisted.${Date.now()}.${language.toLowerCase()}@example.com`;
    const client = await api.post<{ token: string }>(page.request, '/api/u', { firstName: 'Greta', lastName, email: greylisted, locale: language, productConfigurationId: configId });
    const instance = await api.post<{ token: string }>(page.request, '/api/instance', { clientToken: client.token, productConfigurationId: configId });
    const waiting = { clientToken: client.token, instanceToken: instance.token };
    await emailInvitation(page, T, waiting.clientToken, waiting.instanceToken, greylisted);
    const deferred = page.getByTestId('interaction-invitation-mail');
    await expect(deferred).toHaveAttribute('data-state', 'DEFERRED', { timeout: 20_000 });
    await expect(deferred).toContainText(T['mailDelivery.title.DEFERRED']!);
    await expect(deferred).toContainText('Greylisted, please try again later');
    await expect(deferred).toContainText(T['mailDelivery.checkSender']!);
    await screenshot(page, `mail-state-deferred-${language}`);

    // 3. The client page's questionnaire list says it too.
    await page.goto(`/BQ_RISK/client/${waiting.clientToken}`);
    const row = page.getByTestId(`client-interaction-invitation-mail-${waiting.instanceToken}`);
    await expect(row).toHaveAttribute('data-state', 'DEFERRED');
    await expect(row).toHaveText(T['mailDelivery.short.DEFERRED']!);
    await screenshot(page, `mail-state-client-page-${language}`);

    // 4. The client list: each row's latest invitation, and a notice that mail has not left.
    await page.goto(`/product/BQ_RISK?q=${encodeURIComponent(lastName)}`);
    const table = page.getByTestId('client-list');
    await expect(table.getByTestId(`client-row-${waiting.clientToken}`).getByTestId('client-row-invitation-mail')).toHaveText(T['mailDelivery.short.DEFERRED']!);
    await expect(table.getByTestId(`client-row-${ok.clientToken}`).getByTestId('client-row-invitation-mail')).toHaveAttribute('data-state', 'SENT');
    const notice = page.getByTestId('client-list-mail-problem');
    await expect(notice).toContainText(T['mailDelivery.notice.title']!);
    await expect(notice).toContainText('Greylisted');
    await screenshot(page, `mail-state-client-list-${language}`);
    // The demo adviser is shared by every journey on this server: back to English for the ones after this.
    if (language !== 'EN_US') await useLanguage(page, 'EN_US');
  });
}

for (const [language, T] of [['EN_US', EN], ['DE_DE', DE]] as const) {
  test(`the admin sets the firm's reply address for clients (${language})`, async ({ page }) => {
    await openLoginAndSignIn(page, ADMIN);
    await useLanguage(page, language);
    await page.goto('/settings/branding');
    const field = page.getByTestId('branding-reply-to');
    await expect(field).toHaveValue('');
    await field.fill('kanzlei at weiss');
    await page.getByTestId('branding-save').click();
    await expect(page.getByText(T['ERROR_VALIDATION_INVALID_EMAIL']!)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `branding-reply-to-invalid-${language}`);
    try {
      await field.fill('mandanten@weiss-partner.example');
      await page.getByTestId('branding-save').click();
      await expect(page.getByText(T['branding.settings.saved']!)).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('branding-reply-to')).toHaveValue('mandanten@weiss-partner.example');
      const saved = await api.get<{ replyTo: string | null }>(page.request, '/api/account/branding');
      expect(saved.replyTo).toBe('mandanten@weiss-partner.example');
    } finally {
      // The demo account as it was found: no reply address.
      const branding = await api.get<Record<string, unknown>>(page.request, '/api/account/branding');
      await api.put(page.request, '/api/account/branding', {
        firmName: branding.firmName, address: branding.address, footerLine: branding.footerLine,
        primaryColor: branding.primaryColor, accentColor: branding.accentColor, replyTo: null,
      });
      await useLanguage(page, 'EN_US');
    }
  });
}
