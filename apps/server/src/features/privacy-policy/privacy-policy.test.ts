// The account's privacy policy through the HTTP API: public read by account id (per locale, with fallback),
// admin write (PRIVACY_POLICY_DATA), plain text only, and the participant's questionnaire carrying it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@bq/domain/permissions';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function admin(permissions?: Permission[]) {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
  const { email, password } = await createUser(t.db, acc.account.id, { ...(permissions ? { permissions } : {}) });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, account: acc.account, configId: acc.configs[0]!.id };
}

const publicGet = (url: string) => new TestClient(t.app, '192.0.2.20').request('GET', url);

describe('POST /api/account/privacy_policy', () => {
  it('saves plain text per locale, keeps locales left out, removes one sent empty', async () => {
    const { http, account } = await admin();
    const html = '<script>alert(1)</script>\r\nWe keep your answers for 5 years.   \r\n\r\n';
    const first = await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: html, DE_DE: 'Wir speichern Ihre Antworten 5 Jahre.' } });
    expect(first.statusCode).toBe(200);
    // Stored as the text it is (shown as text, never as HTML), line ends normalised, trailing blanks gone.
    expect(first.json().policies).toEqual([
      { locale: 'EN_US', text: '<script>alert(1)</script>\nWe keep your answers for 5 years.', updatedAt: expect.any(String) },
      { locale: 'DE_DE', text: 'Wir speichern Ihre Antworten 5 Jahre.', updatedAt: expect.any(String) },
    ]);
    const second = await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: '  ', EN_UK: 'UK text' } });
    expect(second.json().policies.map((p: { locale: string }) => p.locale)).toEqual(['EN_UK', 'DE_DE']);
    const read = await publicGet(`/api/account/${account.id}/privacy_policy`);
    expect(read.json()).toEqual({ accountId: account.id, policies: second.json().policies });
  });

  it.each([
    ['an unknown locale', { texts: { FR_FR: 'x' } }],
    ['a text over 20,000 characters', { texts: { EN_US: 'x'.repeat(20_001) } }],
    ['a text that is not a string', { texts: { EN_US: 5 } }],
    ['no texts', {}],
  ])('refuses %s with 400 error.validation', async (_name, body) => {
    const { http } = await admin();
    const res = await http.request('POST', '/api/account/privacy_policy', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
  });

  it('refuses users without PRIVACY_POLICY_DATA (403) and anonymous callers (401)', async () => {
    const { http } = await admin([{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }]);
    const res = await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.auth.forbidden');
    const anonymous = await new TestClient(t.app).request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("writes only the caller's own account", async () => {
    const mine = await admin();
    const other = await admin();
    await other.http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'Other policy' } });
    await mine.http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'My policy' } });
    expect((await publicGet(`/api/account/${other.account.id}/privacy_policy`)).json().policies[0].text).toBe('Other policy');
  });
});

describe('GET /api/account/{id}/privacy_policy', () => {
  it('answers without sign-in; with ?locale= only the text that reader sees (own, same language, then English)', async () => {
    const { http, account } = await admin();
    await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'US text', DE_DE: 'Deutscher Text' } });
    const texts = async (locale: string) =>
      (await publicGet(`/api/account/${account.id}/privacy_policy?locale=${locale}`)).json().policies.map((p: { text: string }) => p.text);
    expect(await texts('DE_DE')).toEqual(['Deutscher Text']);
    expect(await texts('EN_UK')).toEqual(['US text']);
    await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: '' } });
    expect(await texts('EN_UK')).toEqual(['Deutscher Text']);
  });

  it('answers an account without a policy with an empty list', async () => {
    const { account } = await admin();
    expect((await publicGet(`/api/account/${account.id}/privacy_policy`)).json()).toEqual({ accountId: account.id, policies: [] });
  });

  it('answers 404 for an unknown account and 400 for a malformed id or locale', async () => {
    const unknown = await publicGet('/api/account/00000000-0000-4000-8000-000000000000/privacy_policy');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorKey).toBe('error.not_found');
    const malformed = await publicGet('/api/account/nope/privacy_policy');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorKey).toBe('error.validation');
    const { account } = await admin();
    expect((await publicGet(`/api/account/${account.id}/privacy_policy?locale=fr`)).statusCode).toBe(400);
  });
});

describe("the participant's questionnaire", () => {
  it("carries the account's policy in the participant's language, falling back to English", async () => {
    const { http, configId } = await admin();
    await http.request('POST', '/api/account/privacy_policy', { texts: { EN_US: 'US policy', DE_DE: 'Deutsche Erklärung' } });
    const open = async (locale: string) => {
      const client = (await http.request('POST', '/api/u', { firstName: 'Jana', lastName: 'Roth', email: `jana${Math.random()}@example.com`, locale, productConfigurationId: configId })).json();
      const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
      return (await publicGet(`/api/q?token=${instance.token}`)).json();
    };
    expect((await open('DE_DE')).privacyPolicy).toMatchObject({ locale: 'DE_DE', text: 'Deutsche Erklärung' });
    expect((await open('EN_UK')).privacyPolicy).toMatchObject({ locale: 'EN_US', text: 'US policy' });
  });

  it('carries null when the account has no policy', async () => {
    const { http, configId } = await admin();
    const client = (await http.request('POST', '/api/u', { firstName: 'Jo', lastName: 'Doe', email: `jo${Math.random()}@example.com`, locale: 'EN_US', productConfigurationId: configId })).json();
    const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json();
    expect((await publicGet(`/api/q?token=${instance.token}`)).json().privacyPolicy).toBeNull();
  });
});
