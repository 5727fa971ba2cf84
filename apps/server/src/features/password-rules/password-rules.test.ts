// Decision 0032 through the HTTP API, on PGlite and PostgreSQL: every place that sets a password (pre-sign-up,
// sign-up, reset, change, demo password) refuses a common or breached password (and its trivial variants) and one
// that contains the person's e-mail local part or name, each with its own errorKey; nothing is stored or spent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients, interactionInstances, mailOutbox, passwordResetTokens, users } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { newPublicToken } from '../clients/client-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const freshClient = () => new TestClient(t.app, `10.32.0.${++ipCounter}`);
const GOOD = 'Blue-Kettle-Ferry-42';
/** Common or breached (on the shipped list), dressed up with case, digits, symbols and look-alikes. */
const COMMON = ['Password123!', 'P@ssw0rd2024!', 'Sunshine2026!!', 'Qwertyuiop123!', '1qaz2WSX3edc'];
const COMMON_KEY = 'error.password.common';
const PERSONAL_KEY = 'error.password.contains_personal_data';

describe('sign-up and pre-sign-up', () => {
  const form = (email: string, password: string) => ({ email, password, firstName: 'Marlene', lastName: 'Quast', termsAccepted: true });

  it.each(['/api/presignup/bqaself', '/api/presignup/selfassessment', '/api/signup', '/api/signup/selfassessment'])(
    '%s refuses common passwords and ones with the address or name, and creates nothing',
    async (path) => {
      const email = uniqueEmail('marlene.quast');
      for (const password of COMMON) {
        const res = await freshClient().request('POST', path, form(email, password));
        expect([res.statusCode, res.json().errorKey]).toEqual([400, COMMON_KEY]);
      }
      for (const password of ['Marlene-Secret-2026!', 'Secret-QUAST-2026!', `${email.split('@')[0]}-X1!`]) {
        const res = await freshClient().request('POST', path, form(email, password));
        expect([res.statusCode, res.json().errorKey]).toEqual([400, PERSONAL_KEY]);
      }
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect((await freshClient().request('POST', path, form(email, GOOD))).statusCode).toBeLessThan(300);
    },
  );
});

describe('password reset', () => {
  it('refuses a common password and the name, without spending the link', async () => {
    const { account } = await createAccount(t.db);
    const { email } = await createUser(t.db, account.id, { firstName: 'Ottilie', lastName: 'Brandt' });
    expect((await freshClient().request('POST', '/api/user/password/reset', { email })).statusCode).toBe(202);
    const mail = await vi.waitFor(async () => {
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      if (!row) throw new Error('no reset mail yet');
      return row;
    }, { timeout: 10_000, interval: 50 });
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail.textBody)![1]!);
    const set = (password: string) => freshClient().request('POST', '/api/user/password', { token, password });
    expect((await set('Password2024!')).json().errorKey).toBe(COMMON_KEY);
    expect((await set('ottilie-Pass-2026!')).json().errorKey).toBe(PERSONAL_KEY);
    expect((await set('Pass-BRANDT-2026!')).json().errorKey).toBe(PERSONAL_KEY);
    expect((await t.db.select().from(passwordResetTokens))).not.toContainEqual(expect.objectContaining({ usedAt: expect.any(Date) as Date }));
    expect((await set(GOOD)).statusCode).toBe(200);
  });
});

describe('password change', () => {
  it('refuses a common password, the address and the name', async () => {
    const { account } = await createAccount(t.db);
    const { user, email, password } = await createUser(t.db, account.id, { email: uniqueEmail('konstantin'), firstName: 'Konstantin', lastName: 'Ebner' });
    const http = freshClient();
    expect((await http.login(email, password)).statusCode).toBe(200);
    const change = (next: string) => http.request('PATCH', `/api/user/${user.id}/password`, { currentPassword: password, password: next });
    for (const next of COMMON) expect((await change(next)).json().errorKey).toBe(COMMON_KEY);
    for (const next of ['KONSTANTIN-2026-x!', 'Pass-ebner-2026!', `${email.split('@')[0]!.toUpperCase()}-x!`]) {
      expect((await change(next)).json().errorKey).toBe(PERSONAL_KEY);
    }
    expect((await change(GOOD)).statusCode).toBe(200);
  });
});

describe('demo password', () => {
  it("refuses a common password and the participant's name, and creates no user", async () => {
    const { account, configs } = await createAccount(t.db, { type: 'DEMO', products: ['BQ_RISK'] });
    const email = uniqueEmail('walburga');
    const [client] = await t.db
      .insert(clients)
      .values({ accountId: account.id, token: newPublicToken(), firstName: 'Walburga', lastName: 'Seidl', email, locale: 'DE_DE' })
      .returning();
    const [instance] = await t.db
      .insert(interactionInstances)
      .values({
        accountId: account.id, token: newPublicToken(), clientId: client!.id, productConfigurationId: configs[0]!.id, interactionId: 'risk',
        status: 'RESULTS_AVAILABLE', answers: { q1: 3 }, lockStatus: 'LOCKED',
      })
      .returning();
    const set = (password: string) => freshClient().request('POST', `/api/demo/password/${instance!.token}`, { password });
    expect((await set('Football2026!')).json().errorKey).toBe(COMMON_KEY);
    expect((await set('Walburga-Pass-2026!')).json().errorKey).toBe(PERSONAL_KEY);
    expect((await set('Pass-SEIDL-2026!')).json().errorKey).toBe(PERSONAL_KEY);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await set(GOOD)).statusCode).toBe(200);
  });
});
