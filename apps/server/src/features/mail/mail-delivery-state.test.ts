// "Emailed" only when it was (issue 37 point 5, docs/decisions/0083): every answer that shows an invitation says where
// its mail really is. A real local SMTP server takes the platform's mail; the firm's own server is first a working
// one (its settings pass the save-time test) and then a port that refuses every connection, as in the UX review.
import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMailDelivery } from '@bq/contracts/mail';
import { accountBranding, mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { decodeWords, headerOf, partOf, smtpCatcher } from '../../test/smtp-catcher';
import { waitFor as waitForIt } from '../../test/wait-for';
import { replyToFor } from './reply-to';

const platformSmtp = smtpCatcher();
const firmSmtp = smtpCatcher();

/**
 * A local port nothing listens on, so every connection is refused (ECONNREFUSED). Port 9 (discard) is below the
 * ephemeral range (32768-60999): a port taken from the OS and closed again could be handed to another test file's
 * SMTP catcher running in parallel, which would then accept the mail (a CI run saw SENT where DEFERRED was expected).
 */
const REFUSING_PORT = 9;
async function assertNothingListens(port: number): Promise<void> {
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
  if (!refused) throw new Error(`something listens on 127.0.0.1:${port}; this test needs a port that refuses`);
}

/** waitFor with this file's patience (test/wait-for.ts). */
const waitFor = <T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 20_000) =>
  waitForIt(check, what, { timeoutMs, intervalMs: 100 });

let t: TestApp;
beforeAll(async () => {
  await Promise.all([platformSmtp.listen(), firmSmtp.listen()]);
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${platformSmtp.port()}`,
    MAIL_FROM: '"Advice Platform" <no-reply@advice.example.com>',
    JOB_POLL_SECONDS: '0.5',
    REMINDER_CHECK_SECONDS: '86400',
    EGRESS_ALLOW_HOSTS: '127.0.0.1',
    SENDER_TIMEOUT_SECONDS: '2',
  });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
  await Promise.all([platformSmtp.close(), firmSmtp.close()]);
});

async function adviser(name: string) {
  const acc = await createAccount(t.db, { name, products: ['BQ_RISK'], credits: 5 });
  const email = uniqueEmail('adviser');
  const user = await createUser(t.db, acc.account.id, { email, firstName: 'Maria', lastName: 'Berger' });
  const http = new TestClient(t.app);
  await http.login(user.email, user.password);
  return { http, account: acc.account, configId: acc.configs[0]!.id, email: user.email };
}
type Adviser = Awaited<ReturnType<typeof adviser>>;

/** A client and a questionnaire sent with "e-mail the invitation" ticked, as the send dialog does. */
async function sendQuestionnaire(a: Adviser, locale = 'EN_US') {
  const clientEmail = uniqueEmail('client').toLowerCase();
  const client = (await a.http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: clientEmail, locale, productConfigurationId: a.configId })).json();
  const res = await a.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: a.configId, autoReminder: false, sendInvitationEmail: true });
  expect(res.statusCode).toBe(201);
  return { clientEmail, clientToken: client.token as string, instance: res.json() as { token: string; invitationMail: TMailDelivery | null } };
}

/** The invitation's state in each answer that shows it: the instance, the client's page and the client list. */
async function shownStates(a: Adviser, clientToken: string, instanceToken: string) {
  const instance = (await a.http.request('GET', `/api/instance/${instanceToken}`)).json();
  const profile = (await a.http.request('GET', `/api/client/${clientToken}/product/${a.configId}/profile`)).json();
  const list = (await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}`)).json();
  const row = list.items.find((c: { token: string }) => c.token === clientToken);
  return [instance.invitationMail, profile.instances[0].invitationMail, row.lastInstance.invitationMail] as (TMailDelivery | null)[];
}

describe('the invitation mail as the adviser sees it', () => {
  it('is QUEUED when sent, SENT once the mail server took it, with Reply-To the adviser and a button', async () => {
    const a = await adviser('Berger Finanz');
    const { clientEmail, clientToken, instance } = await sendQuestionnaire(a);
    // Written in the same transaction as the questionnaire: nothing has left yet, and the answer says so.
    expect(instance.invitationMail).toMatchObject({ state: 'QUEUED', sentAt: null, reason: null });

    const received = await waitFor(async () => platformSmtp.received.find((m) => m.to.includes(clientEmail)), 'the invitation');
    const states = await waitFor(async () => {
      const shown = await shownStates(a, clientToken, instance.token);
      return shown.every((s) => s?.state === 'SENT') ? shown : undefined;
    }, 'SENT in every answer');
    for (const state of states) expect(state).toMatchObject({ state: 'SENT', reason: null, attempts: 1, sentAt: expect.any(String) });
    // Mail that left is no problem: the list has no notice to give.
    expect((await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}`)).json().mailProblems).toBeNull();

    // A reply reaches the adviser who sent it, not the platform's no-reply sender.
    expect(headerOf(received.raw, 'Reply-To')).toBe(a.email);
    expect(decodeWords(headerOf(received.raw, 'From')!)).toContain('no-reply@advice.example.com');
    // The HTML part has a real link styled as a button, and the raw address below it as text.
    const html = partOf(received.raw, 'text/html');
    const url = /href="([^"]+\/q\/[^"]+)"/.exec(html)?.[1];
    expect(url).toBeDefined();
    expect(html).toMatch(new RegExp(`<a href="${url!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" style="display:inline-block;[^"]*">Open your questionnaire</a>`));
    expect(html).toContain(`If the button does not work, copy this address into your browser:<br>`);
    expect(html.split(`>${url}</a>`).length).toBe(2);
    // The plain text keeps the address, and no longer asks the client not to reply.
    const text = partOf(received.raw, 'text/plain');
    expect(text).toContain(url);
    expect(text).not.toMatch(/do not reply/i);
  });

  it('in German, the button and its fallback are German', async () => {
    const a = await adviser('Weiß & Partner');
    const { clientEmail } = await sendQuestionnaire(a, 'DE_DE');
    const received = await waitFor(async () => platformSmtp.received.find((m) => m.to.includes(clientEmail)), 'the German invitation');
    const html = partOf(received.raw, 'text/html');
    expect(html).toMatch(/<a href="[^"]+" style="display:inline-block;[^"]*">Fragebogen öffnen<\/a>/);
    expect(html).toContain('Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:');
  });

  it('through an own mail server that refuses connections: DEFERRED with the reason, never SENT', async () => {
    const a = await adviser('Kanzlei Unerreichbar');
    const saved = await a.http.request('PUT', '/api/account/sender', {
      host: '127.0.0.1',
      port: firmSmtp.port(),
      user: null,
      fromAddress: 'mandanten@kanzlei.example',
      allowPlaintext: true,
    });
    expect(saved.statusCode).toBe(200);
    // The server goes away after it passed its test (the review's 127.0.0.1:4499).
    const port = REFUSING_PORT;
    await assertNothingListens(port);
    await t.db.update(accountBranding).set({ smtpPort: port }).where(eq(accountBranding.accountId, a.account.id));

    const { clientEmail, clientToken, instance } = await sendQuestionnaire(a);
    expect(instance.invitationMail?.state).toBe('QUEUED');

    // Polls the one answer (three requests a poll would compete with the worker for PGlite's one connection), then
    // reads all three: once an attempt failed the mail stays DEFERRED, also while a retry holds it.
    await waitFor(async () => {
      const mail = (await a.http.request('GET', `/api/instance/${instance.token}`)).json().invitationMail as TMailDelivery | null;
      return mail?.state === 'DEFERRED' || mail?.state === 'SENT' ? mail : undefined;
    }, 'the first attempt', 60_000);
    const states = await shownStates(a, clientToken, instance.token);
    for (const state of states) {
      expect(state).toMatchObject({ state: 'DEFERRED', sentAt: null });
      expect(state!.reason).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
      expect(state!.attempts).toBeGreaterThanOrEqual(1);
    }
    // Sent again while the server still refuses: the answer never says SENT. (After the wait, not before it: the
    // account's lane may hold a second mail behind the first one's retry, and the answers show the latest mail.)
    const again = await a.http.request('POST', `/api/instance/${instance.token}/invite/email`);
    expect(again.statusCode).toBe(200);
    expect(again.json().mail.state).not.toBe('SENT');
    // Nothing reached anyone, and the outbox agrees with what the adviser is shown.
    expect([...platformSmtp.received, ...firmSmtp.received].some((m) => m.to.includes(clientEmail))).toBe(false);
    const rows = await t.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.toAddress, clientEmail));
    expect(rows.every((r) => r.status !== 'SENT')).toBe(true);
  });

  it('a recipient the server refuses for good is FAILED with the server’s answer, without the address', async () => {
    const a = await adviser('Berger Finanz');
    const clientEmail = uniqueEmail('client').toLowerCase();
    platformSmtp.refuseAlways.add(clientEmail);
    const client = (await a.http.request('POST', '/api/u', { firstName: 'Nie', lastName: 'Da', email: clientEmail, productConfigurationId: a.configId })).json();
    const created = (await a.http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: a.configId, autoReminder: false, sendInvitationEmail: true })).json();
    const failed = await waitFor(async () => {
      const mail = (await a.http.request('GET', `/api/instance/${created.token}`)).json().invitationMail as TMailDelivery | null;
      return mail?.state === 'FAILED' ? mail : undefined;
    }, 'FAILED');
    expect(failed.reason).toMatch(/550/);
    expect(failed.reason).toContain('No such user here');
    expect(failed.reason).not.toContain(clientEmail);
    expect(failed.sentAt).toBeNull();

    // The client list tells it on every page, also where this client is not listed (a search for another one).
    const other = (await a.http.request('POST', '/api/u', { firstName: 'Anna', lastName: 'Zufrieden', email: uniqueEmail('anna'), productConfigurationId: a.configId })).json();
    const list = (await a.http.request('GET', `/api/participants?productConfigurationId=${a.configId}&q=Zufrieden`)).json();
    expect(list.items.map((c: { token: string }) => c.token)).toEqual([other.token]);
    expect(list.mailProblems).toMatchObject({ clients: 1, newestAt: expect.any(String) });
    expect(list.mailProblems.newestReason).toContain('No such user here');
    expect(list.mailProblems.newestReason).not.toContain(clientEmail);
  });
});

describe("the firm's reply address", () => {
  const branding = { firmName: 'Berger Finanz', address: null, footerLine: null, primaryColor: null, accentColor: null };

  it('is checked and kept by the branding settings, and left unchanged when a save does not name it', async () => {
    const a = await adviser('Berger Finanz');
    const bad = await a.http.request('PUT', '/api/account/branding', { ...branding, replyTo: 'kanzlei at berger' });
    expect([bad.statusCode, bad.json().errorKey]).toEqual([400, 'error.validation']);
    const saved = await a.http.request('PUT', '/api/account/branding', { ...branding, replyTo: ' Kanzlei@Berger-Finanz.example ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().replyTo).toBe('Kanzlei@Berger-Finanz.example');
    const untouched = await a.http.request('PUT', '/api/account/branding', branding);
    expect(untouched.json().replyTo).toBe('Kanzlei@Berger-Finanz.example');
    const cleared = await a.http.request('PUT', '/api/account/branding', { ...branding, replyTo: null });
    expect(cleared.json().replyTo).toBeNull();
  });

  it('takes the replies to a mail whose adviser left; the adviser keeps them while active', async () => {
    const a = await adviser('Berger Finanz');
    const firm = 'kanzlei@berger-finanz.example';
    expect((await a.http.request('PUT', '/api/account/branding', { ...branding, replyTo: firm })).statusCode).toBe(200);
    const { clientEmail } = await sendQuestionnaire(a);
    const invitation = await waitFor(async () => platformSmtp.received.find((m) => m.to.includes(clientEmail)), 'the invitation');
    expect(headerOf(invitation.raw, 'Reply-To')).toBe(a.email);

    // The adviser leaves; the reminder the platform sends on its own names no sender, so the firm gets the reply.
    const [row] = await t.db.select({ id: mailOutbox.instanceId, accountId: mailOutbox.accountId }).from(mailOutbox).where(eq(mailOutbox.toAddress, clientEmail));
    await t.db.execute(sql`update users set active = false where lower(email) = lower(${a.email})`);
    const reminder = await t.db.transaction((tx) => replyToFor(tx, { kind: 'REMINDER', accountId: row!.accountId, instanceId: row!.id! }));
    expect(reminder).toBe(firm);
    // Without a firm address the reply goes where the From points, as before.
    await t.db.update(accountBranding).set({ replyTo: null }).where(eq(accountBranding.accountId, a.account.id));
    expect(await t.db.transaction((tx) => replyToFor(tx, { kind: 'REMINDER', accountId: row!.accountId, instanceId: row!.id! }))).toBeNull();
    // Mails about the account itself are not the client's and carry none.
    expect(await t.db.transaction((tx) => replyToFor(tx, { kind: 'AUDIT_CHECKPOINT', accountId: a.account.id }))).toBeNull();
  });
});
