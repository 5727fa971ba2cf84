// One firm name (issue 37 point 8): once an account set a brand's firm name, every page, draft and document a client
// sees names the firm by it, never by the account's name: the questionnaire, the invitation draft, the web report's
// content. Before, the report and the draft said the account's name while the PDFs and mails said the brand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { answerCalculateUnlock } from '../../test/finished-result';

let t: TestApp;
beforeAll(async () => {
  // The report's content is a cached answer: a new firm name must reach it (the branding notifies, migration 0062).
  t = await createTestApp({ RESPONSE_CACHE_SECONDS: '30' });
});
afterAll(() => t.close());

const BRAND = 'Kanzlei Weiß & Partner';

async function sentResult(branded: boolean) {
  const acc = await createAccount(t.db, { name: 'Muster Holding AG', products: ['BQ_RISK'], credits: 5 });
  const { email, password } = await createUser(t.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger' });
  const http = new TestClient(t.app);
  await http.login(email, password);
  if (branded) expect((await http.request('PUT', '/api/account/branding', { firmName: BRAND, address: null, footerLine: null, primaryColor: null, accentColor: null })).statusCode).toBe(200);
  const configId = acc.configs[0]!.id;
  const client = (await http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: uniqueEmail('client'), locale: 'DE_DE', productConfigurationId: configId })).json();
  const token = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json().token as string;
  return { http, token };
}

describe('the firm name a client reads', () => {
  it('is the brand everywhere once set: questionnaire, invitation draft, web report', async () => {
    const { http, token } = await sentResult(true);
    const invite = (await http.request('GET', `/api/instance/${token}/invite`)).json();
    expect(`${invite.email.subject}\n${invite.email.body}`).toContain(BRAND);
    expect(`${invite.email.subject}\n${invite.email.body}`).not.toContain('Muster Holding AG');
    expect((await new TestClient(t.app).request('GET', `/api/q?token=${token}`)).json().accountName).toBe(BRAND);
    await answerCalculateUnlock(t, http, token, 'BQ_RISK', 2);
    const report = await new TestClient(t.app).request('GET', `/api/report/content/bqa/${token}`);
    expect(report.statusCode).toBe(200);
    expect(report.json().accountName).toBe(BRAND);
    expect(report.body).not.toContain('Muster Holding AG');
  }, 60_000);

  it('reaches a cached report at once when the firm name changes', async () => {
    const { http, token } = await sentResult(true);
    await answerCalculateUnlock(t, http, token, 'BQ_RISK', 2);
    const visitor = new TestClient(t.app);
    const url = `/api/report/content/bqa/${token}`;
    expect((await visitor.request('GET', url)).json().accountName).toBe(BRAND);
    // Other test files share the PostgreSQL database: a write of theirs to shared rows ('global') may empty the cache
    // between two reads, so the test waits until a read is answered from it.
    await expect.poll(async () => (await visitor.request('GET', url)).headers['x-response-cache'], { timeout: 5000, interval: 20 }).toBe('hit');
    await http.request('PUT', '/api/account/branding', { firmName: 'Weiß Vermögen GmbH', address: null, footerLine: null, primaryColor: null, accentColor: null });
    // PGlite delivers the notification before the write returns; PostgreSQL a moment after its commit.
    for (let tries = 0; tries < 50 && (await visitor.request('GET', url)).json().accountName !== 'Weiß Vermögen GmbH'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await visitor.request('GET', url)).json().accountName).toBe('Weiß Vermögen GmbH');
  }, 60_000);

  it("is the account's name while no brand is set", async () => {
    const { http, token } = await sentResult(false);
    expect((await http.request('GET', `/api/instance/${token}/invite`)).json().email.body).toContain('Muster Holding AG');
    await answerCalculateUnlock(t, http, token, 'BQ_RISK', 2);
    expect((await new TestClient(t.app).request('GET', `/api/report/content/bqa/${token}`)).json().accountName).toBe('Muster Holding AG');
  }, 60_000);
});
