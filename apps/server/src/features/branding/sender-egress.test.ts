// An account's own SMTP server must be a public one (docs/decisions/0067, issue 36 point 5): a host that is or
// resolves to a loopback, private, link-local or metadata address is refused when the settings are saved, with
// error.sender.private_address and nothing saved. No EGRESS_ALLOW_HOSTS here: the platform as shipped.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDER_ERRORS } from '@bq/contracts/branding';
import { accountBranding } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function admin() {
  const { account } = await createAccount(t.db, { name: 'Kanzlei Weiß' });
  const { email, password } = await createUser(t.db, account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, accountId: account.id };
}

describe('PUT /api/account/sender', () => {
  it.each(['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.168.0.10', 'localhost', '::1', '::ffff:10.1.2.3'])(
    'refuses the internal mail server %s and saves nothing',
    async (host) => {
      const a = await admin();
      const res = await a.http.request('PUT', '/api/account/sender', { host, port: 587, user: 'mailer', password: 'secret', fromAddress: 'office@firm.example' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorKey).toBe(SENDER_ERRORS.privateAddress);
      expect((await a.http.request('GET', '/api/account/sender')).json()).toMatchObject({ configured: false, host: null });
      expect(await t.db.select().from(accountBranding).where(eq(accountBranding.accountId, a.accountId))).toEqual([]);
    },
  );

  it('says which address a name resolved to', async () => {
    const a = await admin();
    const res = await a.http.request('PUT', '/api/account/sender', { host: 'localhost', port: 25, user: null, fromAddress: 'office@firm.example', allowPlaintext: true });
    expect(res.json()).toMatchObject({ errorKey: SENDER_ERRORS.privateAddress });
    expect(res.json().message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });
});
