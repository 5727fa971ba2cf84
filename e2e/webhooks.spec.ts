// Issue 38 point 3 (docs/decisions/0090): the admin connects a receiver in Settings > Webhooks. An address on an
// internal network is refused at the URL field; a good one shows its signing key once; "Send a test" reaches a local
// receiver (an allowed host, as an operator would name one), which checks the signature with the standardwebhooks
// package, and the deliveries list says "Delivered". A client the adviser adds then reaches the receiver as
// client.created, with ids only. English and German; axe runs on every page (support.ts).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ADMIN, DE, EN, api, expect, openLoginAndSignIn, screenshot, test, useLanguage } from './support';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let receiver: Server;
const received: Received[] = [];
test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const headersOf = (r: Received) => ({ 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) });

for (const [language, T] of [['EN_US', EN], ['DE_DE', DE]] as const) {
  test(`the admin connects a signed webhook and a test and a new client reach the receiver (${language})`, async ({ page }) => {
    await openLoginAndSignIn(page, ADMIN);
    await useLanguage(page, language);
    await page.goto('/settings/webhooks');
    await expect(page.getByRole('heading', { name: T['page.settingsWebhooks.title'] }).first()).toBeVisible();

    const url = page.getByTestId('webhook-url');
    await url.fill('https://10.0.0.5/hooks');
    await page.getByTestId('webhook-create').click();
    await expect(page.getByText(T['ERROR_WEBHOOK_PRIVATE_ADDRESS']!)).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, `webhook-private-address-${language}`);

    const path = `/hooks/${language}-${Date.now().toString(36)}`;
    await url.fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`);
    await page.getByTestId('webhook-description').fill('CRM');
    await page.getByLabel(new RegExp(T['webhooks.event.client.created']!)).check();
    await page.getByTestId('webhook-create').click();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await screenshot(page, `webhook-key-once-${language}`);
    await page.getByTestId('webhook-secret-done').click();
    await expect(page.getByTestId('webhook-secret-panel')).toHaveCount(0);

    const card = page.getByTestId('webhook-card').filter({ hasText: path });
    try {
      await card.getByTestId('webhook-test').click();
      await expect(card.getByTestId('webhook-delivery').first()).toContainText(T['webhooks.delivery.status.DELIVERED']!, { timeout: 20_000 });
      const test = received.find((r) => r.path === path && JSON.parse(r.body).type === 'webhook.test');
      expect(new Webhook(secret).verify(test!.body, headersOf(test!))).toMatchObject({ type: 'webhook.test' });
      await screenshot(page, `webhook-delivered-${language}`);

      // A client added now reaches the receiver as client.created: ids, no name.
      const user = await api.get<{ products: { id: string; productType: string }[] }>(page.request, '/api/user');
      const productConfigurationId = user.products.find((p) => p.productType === 'BQ_RISK')!.id;
      const lastName = `Hook${language}${Date.now().toString(36)}`;
      const client = await api.post<{ token: string }>(page.request, '/api/u', { firstName: 'Ida', lastName, email: `${lastName.toLowerCase()}@example.com`, productConfigurationId });
      await expect.poll(() => received.some((r) => r.path === path && r.body.includes(client.token)), { timeout: 20_000 }).toBe(true);
      const created = received.find((r) => r.path === path && r.body.includes(client.token))!;
      expect(new Webhook(secret).verify(created.body, headersOf(created))).toMatchObject({ type: 'client.created', data: { client: { token: client.token } } });
      expect(created.body).not.toContain(lastName);
    } finally {
      await card.getByRole('button', { name: T['webhooks.card.delete'] }).click();
      await card.getByTestId('webhook-delete-confirm').click();
      await expect(card).toHaveCount(0);
      await useLanguage(page, 'EN_US');
    }
  });
}
