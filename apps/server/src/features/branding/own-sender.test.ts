// The test an account's own SMTP server passes before it is used, and what an unresponsive one can still delay
// (docs/decisions/0067, issue 36 points 5 and 9). The local servers are internal, so the operator allowed 127.0.0.1
// (EGRESS_ALLOW_HOSTS); the catcher speaks no TLS, the tarpit accepts connections and never says a word.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDER_ERRORS } from '@bq/contracts/branding';
import { accountBranding, mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { decodeWords, headerOf, smtpCatcher } from '../../test/smtp-catcher';
import { waitFor as waitForIt } from '../../test/wait-for';

const platformSmtp = smtpCatcher();
const FIRM_LOGIN = { user: 'kanzlei-mailer', pass: 'S3cret-SMTP-pass!' };
const firmSmtp = smtpCatcher(FIRM_LOGIN);
const TIMEOUT_SECONDS = 2;

/** A server that accepts every connection and never answers (the security review's tarpit). */
function tarpit() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    port: () => (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
const silent = tarpit();

/** waitFor with this file's patience (test/wait-for.ts). */
const waitFor = <T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 15_000) =>
  waitForIt(check, what, { timeoutMs, intervalMs: 50 });

let t: TestApp;
beforeAll(async () => {
  await Promise.all([platformSmtp.listen(), firmSmtp.listen(), silent.listen()]);
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${platformSmtp.port()}`,
    MAIL_FROM: '"Advice Platform" <no-reply@advice.example.com>',
    JOB_POLL_SECONDS: '0.5',
    REMINDER_CHECK_SECONDS: '86400',
    EGRESS_ALLOW_HOSTS: '127.0.0.1',
    SENDER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
  });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
  await Promise.all([platformSmtp.close(), firmSmtp.close(), silent.close()]);
});

async function firm(name = 'Kanzlei Weiß & Partner') {
  const acc = await createAccount(t.db, { name, products: ['BQ_RISK'], credits: 5 });
  const user = await createUser(t.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger' });
  const http = new TestClient(t.app);
  await http.login(user.email, user.password);
  return { http, account: acc.account, configId: acc.configs[0]!.id, email: user.email.toLowerCase() };
}
type Firm = Awaited<ReturnType<typeof firm>>;

const SENDER = { host: '127.0.0.1', user: FIRM_LOGIN.user, password: FIRM_LOGIN.pass, fromAddress: 'mandanten@kanzlei-weiss.example' };
const storedSender = async (f: Firm) => (await t.db.select().from(accountBranding).where(eq(accountBranding.accountId, f.account.id)))[0]?.smtpHost ?? null;

async function invitation(f: Firm) {
  const clientEmail = uniqueEmail('client');
  const client = (await f.http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: clientEmail, locale: 'DE_DE', productConfigurationId: f.configId })).json();
  const instance = (await f.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: f.configId, expiresInDays: 30, autoReminder: false })).json();
  expect((await f.http.request('POST', `/api/instance/${instance.token}/invite/email`)).statusCode).toBeLessThan(300);
  return clientEmail.toLowerCase();
}

describe('saving an own mail server', () => {
  it('tests the connection and mails the admin before it takes effect', async () => {
    const f = await firm();
    const res = await f.http.request('PUT', '/api/account/sender', { ...SENDER, port: firmSmtp.port(), allowPlaintext: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: true, host: '127.0.0.1', allowPlaintext: true });
    // The test mail reached the admin through the firm's server, signed in, from the address the clients will see.
    const test = firmSmtp.received.find((m) => m.to.includes(f.email));
    expect(test?.user).toBe(FIRM_LOGIN.user);
    expect(decodeWords(headerOf(test!.raw, 'From')!)).toContain('mandanten@kanzlei-weiss.example');
    expect(decodeWords(headerOf(test!.raw, 'Subject')!)).toBe('Test message from your own mail server');
  });

  it('refuses a server that never answers, within the timeout, and saves nothing', async () => {
    const f = await firm();
    const started = Date.now();
    const res = await f.http.request('PUT', '/api/account/sender', { ...SENDER, port: silent.port(), allowPlaintext: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe(SENDER_ERRORS.connectionFailed);
    expect(res.json().message).toMatch(/greeting never received|timeout/i);
    expect(Date.now() - started).toBeLessThan(4 * TIMEOUT_SECONDS * 1000);
    expect(await storedSender(f)).toBeNull();
  });

  it('holds no database connection while it waits on the server: another request answers meanwhile', async () => {
    const f = await firm();
    const other = await firm('Andere Kanzlei');
    const saving = f.http.request('PUT', '/api/account/sender', { ...SENDER, port: silent.port(), allowPlaintext: true });
    // Give the save time to reach the silent server, then read while it waits there (TIMEOUT_SECONDS each step).
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const read = await other.http.request('GET', '/api/account/sender');
    const waited = Date.now() - started;
    expect(read.statusCode).toBe(200);
    // A test inside the save's unit of work held PGlite's one connection until the timeout: the read waited seconds.
    expect(waited).toBeLessThan(TIMEOUT_SECONDS * 1000 - 300);
    expect((await saving).statusCode).toBe(400);
  });

  it('refuses a wrong password with the server’s reason, and saves nothing', async () => {
    const f = await firm();
    const res = await f.http.request('PUT', '/api/account/sender', { ...SENDER, password: 'wrong', port: firmSmtp.port(), allowPlaintext: true });
    expect(res.json()).toMatchObject({ errorKey: SENDER_ERRORS.connectionFailed });
    expect(res.json().message).toMatch(/Invalid user name or password/);
    expect(await storedSender(f)).toBeNull();
  });

  it('requires TLS: a server without STARTTLS is refused unless plain text is waived explicitly', async () => {
    const f = await firm();
    const refused = await f.http.request('PUT', '/api/account/sender', { ...SENDER, port: firmSmtp.port() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorKey).toBe(SENDER_ERRORS.tlsUnavailable);
    expect(await storedSender(f)).toBeNull();
    // The catcher never saw the password: the client stopped before AUTH.
    expect(firmSmtp.received.some((m) => m.to.includes(f.email))).toBe(false);

    const waived = await f.http.request('PUT', '/api/account/sender', { ...SENDER, port: firmSmtp.port(), allowPlaintext: true });
    expect(waived.statusCode).toBe(200);
    expect((await f.http.request('GET', '/api/account/sender')).json().allowPlaintext).toBe(true);
  });
});

describe('delivering through an own mail server', () => {
  it('checks the address again at every connect: a host that became internal fails the mail for good', async () => {
    const f = await firm('Umgezogen KG');
    expect((await f.http.request('PUT', '/api/account/sender', { ...SENDER, port: firmSmtp.port(), allowPlaintext: true })).statusCode).toBe(200);
    // After the save the host now names another loopback address, not one the operator allowed (as a DNS answer
    // changed after the test would).
    await t.db.update(accountBranding).set({ smtpHost: '127.0.0.2', updatedAt: new Date() }).where(eq(accountBranding.accountId, f.account.id));
    const clientEmail = await invitation(f);
    const failed = await waitFor(async () => {
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, clientEmail));
      return row?.status === 'FAILED' ? row : undefined;
    }, 'the refused invitation');
    expect(failed.lastError).toBe('127.0.0.2 is a loopback address');
    expect(firmSmtp.received.some((m) => m.to.includes(clientEmail))).toBe(false);
  });
});

describe('an own mail server that stops answering', () => {
  it("delays only its own account's mail: another account's password reset arrives within seconds", async () => {
    const slow = await firm('Langsam & Co');
    expect((await slow.http.request('PUT', '/api/account/sender', { ...SENDER, port: firmSmtp.port(), allowPlaintext: true })).statusCode).toBe(200);
    // The server goes silent after it passed its test (the settings stay; the tarpit takes its place).
    await t.db.update(accountBranding).set({ smtpPort: silent.port(), updatedAt: new Date() }).where(eq(accountBranding.accountId, slow.account.id));
    for (let i = 0; i < 6; i++) await invitation(slow);

    const other = await firm('Andere Kanzlei');
    const requested = Date.now();
    expect((await new TestClient(t.app).request('POST', '/api/user/password/reset', { email: other.email })).statusCode).toBe(202);
    await waitFor(() => platformSmtp.received.find((m) => m.to.includes(other.email)), 'the password reset mail', 30_000);
    // Before per-account lanes it waited for every queued attempt at the silent server (minutes in the review).
    expect(Date.now() - requested).toBeLessThan(15_000);

    // And another account's own server is not held up either: its invitation arrives as well.
    const fine = await firm('Schnell GmbH');
    expect((await fine.http.request('PUT', '/api/account/sender', { ...SENDER, port: firmSmtp.port(), allowPlaintext: true })).statusCode).toBe(200);
    const sentAt = Date.now();
    const clientEmail = await invitation(fine);
    await waitFor(() => firmSmtp.received.find((m) => m.to.includes(clientEmail)), "the other firm's invitation", 30_000);
    expect(Date.now() - sentAt).toBeLessThan(15_000);
  });
});
