// Links in answers and mails use PUBLIC_URL, never the host name a request arrived with and never localhost:
// here the server is reached as "internal-node-7:3000" (and a forged X-Forwarded-Host) while PUBLIC_URL says
// https://advice.example.com. Production refuses to start without PUBLIC_URL (config.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateRespondents } from '@bq/scoring/simulate';
import { interactionInstances, mailOutbox } from './db/schema';
import { TestClient, createTestApp, type TestApp } from './test/test-app';
import { createAccount, createUser } from './test/factories';
import { calculateInstance } from './features/calculation/calculate-instance';
import { definitionForProduct } from './features/interactions/definitions';

const PUBLIC_URL = 'https://advice.example.com';
const BEHIND_PROXY = { host: 'internal-node-7:3000', 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'http' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

/** Every absolute http(s) URL in a text. */
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);

describe('PUBLIC_URL', () => {
  it('is the only origin in invitation, certificate and verification answers and in the mails', async () => {
    const { account, configs } = await createAccount(t.db, { products: ['BQ_SELECTION'], credits: 5 });
    const { email, password } = await createUser(t.db, account.id);
    const http = new TestClient(t.app);
    await http.login(email, password);
    const productConfigurationId = configs[0]!.id;
    const req = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => http.request(method, url, body, BEHIND_PROXY);

    const client = (
      await req('POST', '/api/u', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', locale: 'EN_US', productConfigurationId })
    ).json();
    const instance = (await req('POST', '/api/instance', { clientToken: client.token, productConfigurationId })).json();

    const invite = (await req('GET', `/api/instance/${instance.token}/invite`)).json();
    expect(invite.inviteUrl).toBe(`${PUBLIC_URL}/q/${instance.token}`);
    expect(decodeURIComponent(invite.mailtoUrl)).toContain(`${PUBLIC_URL}/q/${instance.token}`);
    expect((await req('POST', `/api/instance/${instance.token}/invite/email`)).statusCode).toBe(200);

    const answers = simulateRespondents(definitionForProduct('BQ_SELECTION'), { count: 1, seed: 5, consistency: 0.8 })[0]!.answers;
    expect((await req('PUT', `/api/q/${instance.token}/answers`, { answers })).statusCode).toBe(200);
    expect((await req('POST', `/api/q/${instance.token}/submit`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
    await calculateInstance(t.db, row!.id);
    expect((await req('POST', '/api/credit/unlock', { interactionToken: instance.token })).statusCode).toBe(200);

    const certificate = (await req('GET', `/api/report/content/bqp/certificate/${instance.token}`)).json();
    expect(certificate.verificationUrl).toMatch(new RegExp(`^${PUBLIC_URL}/verify/certificate/[A-Za-z0-9_-]{43}$`));
    const link = (await req('GET', `/api/certificate/verificationLink/${instance.token}`)).json();
    expect(link.verificationUrl).toBe(certificate.verificationUrl);
    expect((await req('POST', `/api/instance/${instance.token}/report/email`)).statusCode).toBe(200);
    expect((await req('GET', '/api/email/verification/resend')).statusCode).toBe(200);

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, account.id));
    expect(mails.map((m) => m.kind).sort()).toEqual(['EMAIL_VERIFICATION', 'INVITATION', 'REPORT']);
    for (const mail of mails) {
      const urls = [...urlsIn(mail.textBody), ...urlsIn(mail.htmlBody)];
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      expect(mail.messageId).toMatch(/@advice\.example\.com>$/);
    }
    const everything = JSON.stringify([invite, certificate, link, mails]);
    expect(everything).not.toMatch(/localhost|internal-node-7|evil\.example\.net/);
  });
});
