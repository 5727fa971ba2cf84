// The salutation an adviser chooses for a client (issue 22 point 16, docs/decisions/0033): stored, validated, and
// the greeting of every mail to the client in the client's language.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@bq/domain/locales';
import { mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adviser() {
  const acc = await createAccount(t.db, { name: 'Kanzlei Weiß', products: ['BQ_RISK'] });
  const { email, password } = await createUser(t.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger' });
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, config: acc.configs[0]!.id };
}

async function invitationText(http: TestClient, config: string, client: { salutation?: string; locale: Locale }) {
  const created = await http.request('POST', '/api/u', {
    firstName: 'Jürgen',
    lastName: 'Käßmann',
    email: uniqueEmail('client'),
    productConfigurationId: config,
    ...client,
  });
  expect(created.statusCode).toBe(201);
  const instance = await http.request('POST', '/api/instance', {
    clientToken: created.json().token,
    productConfigurationId: config,
    expiresInDays: 30,
    sendInvitationEmail: true,
  });
  expect(instance.statusCode).toBe(201);
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, created.json().email));
  return mail!.textBody;
}

describe('client salutation', () => {
  it('is stored on create and edit, neutral by default, and answered with the client', async () => {
    const { http, config } = await adviser();
    const plain = await http.request('POST', '/api/u', { firstName: 'Anna', lastName: 'Roth', email: uniqueEmail('c'), productConfigurationId: config });
    expect(plain.json().salutation).toBe('NEUTRAL');
    const ms = await http.request('POST', '/api/u', { firstName: 'Anna', lastName: 'Roth', email: uniqueEmail('c'), salutation: 'MS', productConfigurationId: config });
    expect(ms.statusCode).toBe(201);
    expect(ms.json().salutation).toBe('MS');
    const edited = await http.request('PATCH', '/api/admin/bq_user', { token: ms.json().token, productConfigurationId: config, salutation: 'MR' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().salutation).toBe('MR');
    const profile = (await http.request('GET', `/api/client/${ms.json().token}/product/${config}/profile`)).json();
    expect(profile.salutation).toBe('MR');
  });

  it('refuses a salutation that is not one of MS, MR, NEUTRAL with 400 and its own field key', async () => {
    const { http, config } = await adviser();
    for (const salutation of ['MRS', 'Frau', '', 3]) {
      const res = await http.request('POST', '/api/u', { firstName: 'A', lastName: 'B', email: uniqueEmail('c'), salutation, productConfigurationId: config });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
      expect(res.json().fields).toContainEqual({ path: 'body.salutation', errorKey: 'error.validation.salutation' });
    }
  });

  it('opens the German invitation with "Sehr geehrte Frau", "Sehr geehrter Herr" or the full name, and the English one with "Dear"', async () => {
    const { http, config } = await adviser();
    expect(await invitationText(http, config, { salutation: 'MS', locale: 'DE_DE' })).toMatch(/^Sehr geehrte Frau Käßmann,\n/);
    expect(await invitationText(http, config, { salutation: 'MR', locale: 'DE_DE' })).toMatch(/^Sehr geehrter Herr Käßmann,\n/);
    expect(await invitationText(http, config, { salutation: 'NEUTRAL', locale: 'DE_DE' })).toMatch(/^Guten Tag Jürgen Käßmann,\n/);
    expect(await invitationText(http, config, { salutation: 'MS', locale: 'EN_UK' })).toMatch(/^Dear Ms Käßmann,\n/);
    expect(await invitationText(http, config, { salutation: 'MR', locale: 'EN_US' })).toMatch(/^Dear Mr\. Käßmann,\n/);
    expect(await invitationText(http, config, { locale: 'EN_US' })).toMatch(/^Dear Jürgen Käßmann,\n/);
  });
});
