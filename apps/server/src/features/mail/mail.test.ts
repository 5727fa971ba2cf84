// Mail end to end against a real SMTP server in this process: the invitation by e-mail, the outbox (same
// transaction as its cause, one message per mail however often delivery runs, retries), .eml files and the
// developer mailbox, automatic reminders and e-mail verification.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import type { Locale } from '@bq/domain/locales';
import type { Permission } from '@bq/domain/permissions';
import type { AccountType } from '@bq/domain/product-types';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { auditEvents, emailVerifications, interactionInstances, mailOutbox, productConfigurations, users } from '../../db/schema';
import { QUEUES } from '../../jobs/queue';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { decodeWords, headerOf, partOf, smtpCatcher } from '../../test/smtp-catcher';
import { getInteractionDefinition } from '../interactions/definitions';
import { deliverMail, recoverAbandonedMails } from './deliver-mail';
import { queueMail } from './outbox';
import { sweepReminders } from './reminder-sweep';
import { createMailTransport, emlFileName } from './transport';
import { waitFor as waitForIt } from '../../test/wait-for';

// ---- the SMTP server: collects every message; can refuse a recipient once (451) or for good (550) ----

const smtp = smtpCatcher();
const { received, refuseOnce, refuseAlways } = smtp;

const messagesTo = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()));

/** waitFor with this file's patience (test/wait-for.ts). */
const waitFor = <T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 15_000) =>
  waitForIt(check, what, { timeoutMs, intervalMs: 100 });
const waitForMessageTo = (address: string) => waitFor(() => messagesTo(address)[0], `a message to ${address}`);

// ---- the app under test ----

const PUBLIC_URL = 'https://advice.example.com';
const DAY = 86_400_000;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  await smtp.listen();
  const port = smtp.port();
  dataDir = mkdtempSync(join(tmpdir(), 'bq-mail-'));
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: '"Advice Platform" <no-reply@advice.example.com>',
    PUBLIC_URL,
    DATA_DIR: dataDir,
    JOB_POLL_SECONDS: '0.5',
    // The sweep is called directly with chosen times; the worker's own timer stays out of the way.
    REMINDER_CHECK_SECONDS: '86400',
  });
  // Retries within seconds instead of the production backoff of half a minute and more.
  await t.queue.boss.updateQueue(QUEUES.mailDeliver, { name: QUEUES.mailDeliver, retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 600 });
  await t.startWorker();
});

afterAll(async () => {
  await t.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function adviserWithClient(
  opts: {
    locale?: Locale;
    email?: string;
    accountName?: string;
    accountType?: AccountType;
    permissions?: Permission[];
    app?: TestApp;
    autoReminder?: boolean;
    expiresInDays?: number;
  } = {},
) {
  const app = opts.app ?? t;
  const acc = await createAccount(app.db, { name: opts.accountName ?? 'Kanzlei Weiß', type: opts.accountType, products: ['BQ_RISK'] });
  const { email, password, user } = await createUser(app.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger', permissions: opts.permissions });
  const http = new TestClient(app.app);
  await http.login(email, password);
  const config = acc.configs[0]!.id;
  const clientEmail = opts.email ?? uniqueEmail('client');
  const client = (
    await http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: clientEmail, locale: opts.locale ?? 'DE_DE', productConfigurationId: config })
  ).json();
  const instance = (
    await http.request('POST', '/api/instance', {
      clientToken: client.token,
      productConfigurationId: config,
      expiresInDays: opts.expiresInDays ?? 30,
      // Off unless a test is about reminders, so the reminder sweeps at future times leave the other tests' mails alone.
      autoReminder: opts.autoReminder ?? false,
    })
  ).json();
  const [row] = await app.db.select().from(interactionInstances).where(eq(interactionInstances.token, instance.token));
  return { http, client, clientEmail: clientEmail.toLowerCase(), instance, instanceId: row!.id, account: acc.account, user };
}

const mailsOf = (db: Db, instanceId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.instanceId, instanceId)).orderBy(mailOutbox.createdAt);

async function jobCount(mailId: string): Promise<number> {
  const result = (await t.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.mailDeliver} and data->>'mailId' = ${mailId}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]!.n);
}

describe('POST /api/instance/{token}/invite/email', () => {
  it("delivers the invitation to the client's address in the client's language, with the working personal link", async () => {
    const { http, clientEmail, instance, instanceId } = await adviserWithClient({ locale: 'DE_DE' });
    const res = await http.request('POST', `/api/instance/${instance.token}/invite/email`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sentTo).toBe(clientEmail);
    expect(Date.parse(body.invitedAt)).toBeGreaterThan(Date.now() - 60_000);

    const message = await waitForMessageTo(clientEmail);
    const subject = decodeWords(headerOf(message.raw, 'Subject')!);
    expect(subject).toMatch(/^Kanzlei Weiß: Ihr Fragebogen „.+“$/);
    const text = partOf(message.raw, 'text/plain');
    // Formal German: "Sie" and the full name (docs/decisions/0015).
    expect(text).toMatch(/^Guten Tag Jürgen Groß,/);
    expect(text).toContain('Maria Berger von Kanzlei Weiß');
    const link = `${PUBLIC_URL}/q/${instance.token}`;
    expect(text).toContain(link);
    expect(text).not.toContain('{{');
    const html = partOf(message.raw, 'text/html');
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain('<h1 style="margin:0;font-size:20px;font-weight:bold;color:#1a1b1e">Kanzlei Weiß</h1>');
    expect(headerOf(message.raw, 'From')).toBe('Advice Platform <no-reply@advice.example.com>');
    expect(headerOf(message.raw, 'Message-ID')).toMatch(/^<[0-9a-f-]{36}@advice\.example\.com>$/);

    // The mailto: link of GET .../invite and the real mail say the same.
    const invite = (await http.request('GET', `/api/instance/${instance.token}/invite`)).json();
    expect(subject).toBe(invite.email.subject);
    expect(text.startsWith(invite.email.body)).toBe(true);

    // The link in the mail opens the questionnaire.
    const token = new URL(/https:\/\/advice\.example\.com\/q\/\S+/.exec(text)![0]).pathname.split('/').pop()!;
    const q = await new TestClient(t.app, '192.0.2.30').request('GET', `/api/q?token=${token}`);
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ locale: 'DE_DE', participantFirstName: 'Jürgen', participantLastName: 'Groß' });

    const view = (await http.request('GET', `/api/instance/${instance.token}`)).json();
    expect(view).toMatchObject({ invitedAt: body.invitedAt, remindersSent: 0, lastReminderAt: null });
    const [mail] = await mailsOf(t.db, instanceId);
    await waitFor(async () => (await mailsOf(t.db, instanceId))[0]?.status === 'SENT', 'status SENT');
    expect(mail).toMatchObject({ kind: 'INVITATION', toAddress: clientEmail, locale: 'DE_DE' });

    // The trail: the adviser's request, and the product's own delivery of the mail (actor SYSTEM), both about this
    // result; the chain still verifies with the worker's event in it.
    const events = await t.db
      .select({ action: auditEvents.action, actorKind: auditEvents.actorKind, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.resultToken, instance.token));
    expect(events).toContainEqual({ action: 'mail.sent', actorKind: 'SYSTEM', details: { kind: 'INVITATION' } });
    expect((await http.request('GET', '/api/audit/verify')).json()).toMatchObject({ ok: true });
  });

  it('writes English for an English client', async () => {
    const { http, clientEmail, instance } = await adviserWithClient({ locale: 'EN_UK', accountName: 'Wealth & Co <Ltd>' });
    expect((await http.request('POST', `/api/instance/${instance.token}/invite/email`)).statusCode).toBe(200);
    const message = await waitForMessageTo(clientEmail);
    expect(decodeWords(headerOf(message.raw, 'Subject')!)).toMatch(/^Wealth & Co <Ltd>: your questionnaire ".+"$/);
    // Neutral salutation: the full name (issue 22).
    expect(partOf(message.raw, 'text/plain')).toMatch(/^Dear Jürgen Groß,[\s\S]*Kind regards from Maria Berger/);
    // The account name is text in the HTML, never markup.
    const html = partOf(message.raw, 'text/html');
    expect(html).toContain('Wealth &amp; Co &lt;Ltd&gt;');
    expect(html).not.toContain('<Ltd>');
  });

  it('sends once for a double click, and again for a deliberate resend later', async () => {
    const { http, instance, instanceId } = await adviserWithClient();
    const [a, b] = await Promise.all([
      http.request('POST', `/api/instance/${instance.token}/invite/email`),
      http.request('POST', `/api/instance/${instance.token}/invite/email`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().invitedAt).toBe(b.json().invitedAt);
    expect(await mailsOf(t.db, instanceId)).toHaveLength(1);

    await t.db.update(interactionInstances).set({ invitedAt: new Date(Date.now() - 60_000) }).where(eq(interactionInstances.id, instanceId));
    const again = await http.request('POST', `/api/instance/${instance.token}/invite/email`);
    expect(again.statusCode).toBe(200);
    expect(await mailsOf(t.db, instanceId)).toHaveLength(2);
  });

  it('refuses a submitted, closed or expired questionnaire (409), another account (404) and a visitor (401)', async () => {
    const { http, instance, instanceId } = await adviserWithClient();
    for (const change of [{ status: 'FILLED' as const }, { status: 'CLOSED' as const }, { expiresAt: new Date(Date.now() - 1000) }]) {
      await t.db.update(interactionInstances).set({ status: 'NEW', expiresAt: new Date(Date.now() + DAY), ...change }).where(eq(interactionInstances.id, instanceId));
      const res = await http.request('POST', `/api/instance/${instance.token}/invite/email`);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().errorKey).toBe('error.invitation.not_open');
    }
    expect(await mailsOf(t.db, instanceId)).toHaveLength(0);
    const other = await adviserWithClient();
    expect((await other.http.request('POST', `/api/instance/${instance.token}/invite/email`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).request('POST', `/api/instance/${instance.token}/invite/email`)).statusCode).toBe(401);
  });
});

describe('POST /api/instance with sendInvitationEmail', () => {
  async function adviserAndClient(locale: Locale = 'DE_DE') {
    const acc = await createAccount(t.db, { name: 'Kanzlei Weiß', products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id, { firstName: 'Maria', lastName: 'Berger' });
    const http = new TestClient(t.app);
    await http.login(email, password);
    const config = acc.configs[0]!.id;
    const clientEmail = uniqueEmail('first-click');
    const client = (
      await http.request('POST', '/api/u', { firstName: 'Jürgen', lastName: 'Groß', email: clientEmail, locale, productConfigurationId: config })
    ).json();
    const send = (body: Record<string, unknown>) =>
      http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: config, autoReminder: false, ...body });
    return { http, send, config, clientEmail: clientEmail.toLowerCase(), accountId: acc.account.id };
  }
  const instanceIdOf = async (token: string) =>
    (await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token)))[0]!.id;

  it('queues exactly one invitation with the new questionnaire, delivered on the first click; a click on "send" right after adds none', async () => {
    const { http, send, clientEmail } = await adviserAndClient();
    const res = await send({ sendInvitationEmail: true });
    expect(res.statusCode).toBe(201);
    const instance = res.json();
    expect(Date.parse(instance.invitedAt)).toBeGreaterThan(Date.now() - 60_000);
    const instanceId = await instanceIdOf(instance.token);
    const mails = await mailsOf(t.db, instanceId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'INVITATION', toAddress: clientEmail, locale: 'DE_DE' });
    expect(await jobCount(mails[0]!.id)).toBe(1);

    const message = await waitForMessageTo(clientEmail);
    expect(partOf(message.raw, 'text/plain')).toContain(`${PUBLIC_URL}/q/${instance.token}`);
    // The actions page's "send by e-mail" right after is the same invitation (double-click rule), not a second one.
    expect((await http.request('POST', `/api/instance/${instance.token}/invite/email`)).json().invitedAt).toBe(instance.invitedAt);
    expect(await mailsOf(t.db, instanceId)).toHaveLength(1);
  });

  it('sends nothing without the option (the default), as before', async () => {
    const { send } = await adviserAndClient();
    const instance = (await send({})).json();
    expect(instance.invitedAt).toBeNull();
    expect(await mailsOf(t.db, await instanceIdOf(instance.token))).toHaveLength(0);
  });

  it('writes neither instance nor mail when the questionnaire is refused (limit reached)', async () => {
    const { send, accountId } = await adviserAndClient();
    await t.db.update(productConfigurations).set({ maxInstances: 0 }).where(eq(productConfigurations.accountId, accountId));
    const res = await send({ sendInvitationEmail: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorKey).toBe('error.interaction.limit_reached');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, accountId))).toHaveLength(0);
  });

  it('refuses a sendInvitationEmail that is not a boolean (400)', async () => {
    const { send } = await adviserAndClient();
    const res = await send({ sendInvitationEmail: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorKey).toBe('error.validation');
  });
});

describe('the outbox and its delivery', () => {
  const request = (to: string, dedupeKey: string) => ({
    accountId: null,
    kind: 'EMAIL_VERIFICATION' as const,
    dedupeKey,
    to,
    locale: 'DE_DE' as const,
    template: 'verification' as const,
    params: { firstName: 'Jörg', lastName: 'Brandt', link: `${PUBLIC_URL}/verify/abc`, hours: '48' },
  });

  it('writes the mail and its job in the same transaction: a rollback leaves neither', async () => {
    const key = `test:${Math.random()}`;
    let mailId: string | null = null;
    await expect(
      t.db.transaction(async (tx) => {
        mailId = (await queueMail(tx, t.queue, request(uniqueEmail('rollback'), key), t.config)).mailId;
        expect(mailId).toBeTruthy();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key))).toEqual([]);
    expect(await jobCount(mailId!)).toBe(0);

    const to = uniqueEmail('commit');
    const first = await t.db.transaction((tx) => queueMail(tx, t.queue, request(to, key), t.config));
    expect(first.queued).toBe(true);
    expect(await jobCount(first.mailId!)).toBe(1);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));
    expect(row).toMatchObject({ id: first.mailId, messageId: `<${first.mailId}@advice.example.com>`, subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' });
    // The same cause again: nothing new, the first mail's id.
    const second = await t.db.transaction((tx) => queueMail(tx, t.queue, request(to, key), t.config));
    expect(second).toEqual({ queued: false, mailId: first.mailId });
    await waitForMessageTo(to);
  });

  it('sends one message when the delivery runs twice, also at the same time', async () => {
    const to = uniqueEmail('twice');
    const { mailId } = await t.db.transaction((tx) => queueMail(tx, t.queue, request(to, `test:${Math.random()}`), t.config));
    const transport = createMailTransport(t.config);
    const outcomes = await Promise.all([
      deliverMail(t.db, transport, mailId!, { finalAttempt: false }),
      deliverMail(t.db, transport, mailId!, { finalAttempt: false }),
    ]);
    outcomes.push(await deliverMail(t.db, transport, mailId!, { finalAttempt: false }));
    transport.close();
    // Whoever came first (this test or the worker's job) sent it; everyone else found it claimed or sent.
    expect(outcomes.filter((o) => o === 'sent').length).toBeLessThanOrEqual(1);
    await waitFor(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId!)))[0]?.status === 'SENT', 'SENT');
    await new Promise((r) => setTimeout(r, 1500)); // room for a wrong second send to arrive
    expect(messagesTo(to)).toHaveLength(1);
  });

  it('after a crash between hand-over and SENT, sends the same message (same Message-ID) again once the lease ran out', async () => {
    const to = uniqueEmail('crash');
    const { mailId } = await t.db.transaction((tx) => queueMail(tx, t.queue, request(to, `test:${Math.random()}`), t.config));
    await waitForMessageTo(to);
    await waitFor(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId!)))[0]?.status === 'SENT', 'SENT');
    const transport = createMailTransport(t.config);
    // A fresh claim (a live delivery elsewhere) is left alone ...
    await t.db.update(mailOutbox).set({ status: 'SENDING', sentAt: new Date() }).where(eq(mailOutbox.id, mailId!));
    expect(await deliverMail(t.db, transport, mailId!, { finalAttempt: false })).toBe('busy');
    // ... one whose worker died long ago is taken over.
    await t.db.update(mailOutbox).set({ status: 'SENDING', sentAt: new Date(Date.now() - 10 * 60_000) }).where(eq(mailOutbox.id, mailId!));
    expect(await deliverMail(t.db, transport, mailId!, { finalAttempt: false })).toBe('sent');
    transport.close();
    const copies = messagesTo(to);
    expect(copies).toHaveLength(2);
    expect(headerOf(copies[1]!.raw, 'Message-ID')).toBe(headerOf(copies[0]!.raw, 'Message-ID'));
  });

  it('the recovery sweep resends a mail its dead worker left SENDING once the lease ran out, and leaves a live send alone', async () => {
    const to = uniqueEmail('abandoned');
    const { mailId } = await t.db.transaction((tx) => queueMail(tx, t.queue, request(to, `test:${Math.random()}`), t.config));
    await waitForMessageTo(to);
    await waitFor(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId!)))[0]?.status === 'SENT', 'SENT');
    // Claimed 20 s ago: inside a 30 s lease the claim belongs to a live worker, nothing is resent.
    await t.db.update(mailOutbox).set({ status: 'SENDING', sentAt: new Date(Date.now() - 20_000) }).where(eq(mailOutbox.id, mailId!));
    expect(await recoverAbandonedMails(t.db, t.queue, 30)).toBe(0);
    // With a 10 s lease (MAIL_SEND_LEASE_SECONDS) it was abandoned: a new job delivers it again, same Message-ID.
    expect(await recoverAbandonedMails(t.db, t.queue, 10)).toBe(1);
    await waitFor(() => messagesTo(to).length === 2 || undefined, 'the second copy');
    await waitFor(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId!)))[0]?.status === 'SENT', 'SENT again');
    const copies = messagesTo(to);
    expect(headerOf(copies[1]!.raw, 'Message-ID')).toBe(headerOf(copies[0]!.raw, 'Message-ID'));
  });

  it('retries a mail the server refused for the moment (451) and delivers it once', async () => {
    const flaky = uniqueEmail('flaky');
    refuseOnce.add(flaky.toLowerCase());
    const { http, instance, instanceId } = await adviserWithClient({ email: flaky });
    expect((await http.request('POST', `/api/instance/${instance.token}/invite/email`)).statusCode).toBe(200);
    await waitForMessageTo(flaky);
    const [mail] = await waitFor(async () => {
      const rows = await mailsOf(t.db, instanceId);
      return rows[0]?.status === 'SENT' ? rows : undefined;
    }, 'SENT');
    expect(mail).toMatchObject({ attempts: 2, lastError: null });
    expect(refuseOnce.has(flaky.toLowerCase())).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(messagesTo(flaky)).toHaveLength(1);
  });

  it('gives up at once on a recipient the server refuses for good (550)', async () => {
    const unknown = uniqueEmail('unknown');
    refuseAlways.add(unknown.toLowerCase());
    const { http, instance, instanceId } = await adviserWithClient({ email: unknown });
    await http.request('POST', `/api/instance/${instance.token}/invite/email`);
    const [mail] = await waitFor(async () => {
      const rows = await mailsOf(t.db, instanceId);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    }, 'FAILED');
    expect(mail!.attempts).toBe(1);
    expect(mail!.lastError).toMatch(/550|No such user/);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await mailsOf(t.db, instanceId))[0]!.attempts).toBe(1);
  });

  it('renders every template in every language with the parameters its callers pass', async () => {
    const params = {
      invite: { greeting: 'G', firstName: 'A', lastName: 'L', senderName: 'B', accountName: 'C', interactionName: 'D', minutes: '10', link: `${PUBLIC_URL}/q/x`, expiresAt: '01.02.2027' },
      reminder: { greeting: 'G', firstName: 'A', lastName: 'L', senderName: 'B', accountName: 'C', interactionName: 'D', minutes: '10', link: `${PUBLIC_URL}/q/x`, expiresAt: '01.02.2027', validity: 'V.' },
      report: { greeting: 'G', firstName: 'A', lastName: 'L', accountName: 'C', adviserName: 'B', interactionName: 'D', link: `${PUBLIC_URL}/report/x/download`, expiresAt: '01.02.2027' },
      verification: { firstName: 'A', lastName: 'L', link: `${PUBLIC_URL}/verify/x`, hours: '48' },
    };
    await expect(
      t.db.transaction(async (tx) => {
        for (const locale of ['EN_US', 'EN_UK', 'DE_DE'] as const) {
          for (const [template, values] of Object.entries(params)) {
            await queueMail(tx, t.queue, { ...request('x@example.com', `render:${locale}:${template}`), locale, template: template as 'invite', params: values }, t.config);
          }
        }
        const rows = await tx.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'render:%'));
        expect(rows).toHaveLength(12);
        for (const row of rows) {
          expect(row.subject + row.textBody + row.htmlBody, row.dedupeKey).not.toMatch(/\{\{|\}\}/);
          expect(row.htmlBody, row.dedupeKey).toMatch(/<a href="https:\/\/advice\.example\.com\//);
        }
        throw new Error('only rendering');
      }),
    ).rejects.toThrow('only rendering');
  });
});

describe('.eml files and the developer mailbox', () => {
  let files: TestApp;
  let filesDir: string;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'bq-eml-'));
    files = await createTestApp({ DATA_DIR: filesDir, PUBLIC_URL, JOB_POLL_SECONDS: '0.5', REMINDER_CHECK_SECONDS: '86400' });
    await files.startWorker();
  });
  afterAll(async () => {
    await files.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('writes each mail as a real RFC 5322 message to DATA_DIR/mail when no SMTP_URL is set', async () => {
    const { http, instance, instanceId, clientEmail } = await adviserWithClient({ app: files, locale: 'DE_DE', accountName: 'Büro Müller' });
    await http.request('POST', `/api/instance/${instance.token}/invite/email`);
    const [mail] = await waitFor(async () => {
      const rows = await mailsOf(files.db, instanceId);
      return rows[0]?.status === 'SENT' ? rows : undefined;
    }, 'SENT');
    const file = join(filesDir, 'mail', emlFileName(mail!));
    expect(existsSync(file)).toBe(true);
    expect(emlFileName(mail!)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z_[0-9a-f-]{36}\.eml$/);
    const raw = readFileSync(file, 'utf8');
    expect(raw).toContain('\r\n');
    // The umlauts travel as an RFC 2047 encoded word, and decode to the subject.
    expect(headerOf(raw, 'Subject')).toMatch(/=\?UTF-8\?[BQ]\?/i);
    expect(decodeWords(headerOf(raw, 'Subject')!)).toBe(mail!.subject);
    expect(mail!.subject).toMatch(/^Büro Müller: Ihr Fragebogen „/);
    expect(headerOf(raw, 'To')).toBe(clientEmail);
    expect(headerOf(raw, 'Message-ID')).toBe(mail!.messageId);
    expect(partOf(raw, 'text/plain')).toBe(mail!.textBody.trim());

    // Delivering the same mail again rewrites the same file: still one file for it.
    const transport = createMailTransport(files.config);
    expect(transport.kind).toBe('files');
    await transport.send(mail!);
    expect(readdirSync(join(filesDir, 'mail')).filter((f) => f.includes(mail!.id))).toEqual([emlFileName(mail!)]);
  });

  it('is off unless DEV_MAILBOX is on, and then only for an admin of the demo account, who sees that account\'s mails', async () => {
    const demo = await adviserWithClient({ app: files, locale: 'DE_DE', accountType: 'DEMO', accountName: 'Demo Advisory' });
    await demo.http.request('POST', `/api/instance/${demo.instance.token}/invite/email`);
    const [mail] = await waitFor(async () => {
      const rows = await mailsOf(files.db, demo.instanceId);
      return rows[0]?.status === 'SENT' ? rows : undefined;
    }, 'SENT');
    const other = await adviserWithClient({ app: files, locale: 'EN_US', accountName: 'Other Advisory' });
    await other.http.request('POST', `/api/instance/${other.instance.token}/invite/email`);
    const [otherMail] = await waitFor(async () => {
      const rows = await mailsOf(files.db, other.instanceId);
      return rows.length > 0 ? rows : undefined;
    }, 'queued');

    const enabled = { ...files.config, embedded: true, demoData: true, DEV_MAILBOX: true };
    const on = await buildApp({ db: files.db, config: enabled, queue: files.queue, logger: false });
    const off = await buildApp({ db: files.db, config: { ...enabled, DEV_MAILBOX: false }, queue: files.queue, logger: false });
    const production = await buildApp({ db: files.db, config: { ...enabled, NODE_ENV: 'production' }, queue: files.queue, logger: false });
    const onPostgres = await buildApp({ db: files.db, config: { ...enabled, embedded: false }, queue: files.queue, logger: false });
    try {
      const as = (app: typeof on, who: TestClient | null, url: string) =>
        app.inject({ method: 'GET', url, headers: who?.cookie ? { cookie: who.cookie } : {} });
      const demoAdviser = await createUser(files.db, demo.account.id, { permissions: [{ realm: 'BQ_RISK', entity: 'ALL', action: 'ALL' }] });
      const demoAdviserHttp = new TestClient(on);
      await demoAdviserHttp.login(demoAdviser.email, demoAdviser.password);

      // Not signed in: 401. An admin of another account, or the demo account's adviser: 403.
      for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${mail!.id}`]) {
        const anonymous = await as(on, null, url);
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json().errorKey).toBe('error.auth.unauthorized');
        expect((await as(on, other.http, url)).statusCode, url).toBe(403);
        expect((await as(on, demoAdviserHttp, url)).statusCode, url).toBe(403);
      }

      const list = await as(on, demo.http, '/api/dev/mailbox');
      expect(list.statusCode).toBe(200);
      const mails = list.json().mails as { id: string; createdAt: string }[];
      expect(mails[0]).toMatchObject({ id: mail!.id, kind: 'INVITATION', status: 'SENT', locale: 'DE_DE', subject: mail!.subject });
      // Only the demo account's mails: another account's invitation is not there, nor can it be opened.
      expect(mails.map((m) => m.id)).not.toContain(otherMail!.id);
      expect((await as(on, demo.http, `/api/dev/mailbox/${otherMail!.id}`)).statusCode).toBe(404);

      const one = await as(on, demo.http, `/api/dev/mailbox/${mail!.id}`);
      expect(one.statusCode).toBe(200);
      const detail = one.json();
      expect(detail).toMatchObject({ text: mail!.textBody, html: mail!.htmlBody, messageId: mail!.messageId });
      expect(detail.file).toBe(join(filesDir, 'mail', emlFileName(mail!)));
      expect(detail.headers).toContainEqual({ name: 'Subject', value: mail!.subject });
      expect(detail.html).toContain(`${PUBLIC_URL}/q/${demo.instance.token}`);
      expect((await as(on, demo.http, '/api/dev/mailbox/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

      // Not asked for, in production, or on PostgreSQL: the mailbox does not exist, for the demo admin neither.
      for (const app of [off, production, onPostgres, files.app]) {
        for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${mail!.id}`]) {
          const res = await as(app, demo.http, url);
          expect(res.statusCode, url).toBe(404);
          expect(res.json().errorKey).toBe('error.not_found');
        }
      }
    } finally {
      await Promise.all([on.close(), off.close(), production.close(), onPostgres.close()]);
    }
  });
});

describe('automatic reminders', () => {
  async function reminderRows(instanceId: string) {
    return (await mailsOf(t.db, instanceId)).filter((m) => m.kind === 'REMINDER');
  }
  async function instanceRow(instanceId: string) {
    return (await t.db.select().from(interactionInstances).where(eq(interactionInstances.id, instanceId)))[0]!;
  }

  it('sends reminder 1, 2 and 3 on schedule, then the last-chance one, and nothing after the expiry', async () => {
    const { instanceId, clientEmail, instance } = await adviserWithClient({ locale: 'DE_DE', expiresInDays: 30, autoReminder: true });
    const created = (await instanceRow(instanceId)).createdAt.getTime();
    const at = (days: number) => new Date(created + days * DAY);
    const expected: [number, number][] = [
      [2.9, 0],
      [3.1, 1],
      [3.2, 1],
      [9, 1],
      [10.1, 2],
      [17.1, 3],
      [20, 3],
      [28.1, 4],
      [29.5, 4],
      [31, 4],
    ];
    for (const [days, count] of expected) {
      await sweepReminders(t.db, t.queue, t.config, at(days));
      expect((await reminderRows(instanceId)).length, `day ${days}`).toBe(count);
    }
    const rows = await reminderRows(instanceId);
    expect(rows.map((r) => r.dedupeKey)).toEqual([1, 2, 3, 4].map((n) => `reminder:${instanceId}:${n}`));
    expect(await instanceRow(instanceId)).toMatchObject({ remindersSent: 4, lastReminderAt: at(28.1) });

    // In the client's language, with the link and how long it stays valid.
    const first = rows[0]!;
    expect(first.subject).toMatch(/^Erinnerung von Kanzlei Weiß: Ihr Fragebogen „/);
    expect(first.textBody).toContain(`${PUBLIC_URL}/q/${instance.token}`);
    expect(first.textBody).toContain('Der Link ist noch 26 Tage gültig, bis zum');
    expect(rows[3]!.textBody).toContain('Der Link ist noch 1 Tag gültig');
    await waitFor(() => messagesTo(clientEmail).length === 4, 'four reminders by SMTP');
  });

  it('sends none after the questionnaire is submitted, none when the switch is off, none when closed', async () => {
    const filled = await adviserWithClient({ autoReminder: true });
    const participant = new TestClient(t.app, '192.0.2.40');
    await participant.request('GET', `/api/q?token=${filled.instance.token}`);
    const definition = getInteractionDefinition('risk') as TInteractionDefinition;
    const scales = new Map(definition.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
    const answers = Object.fromEntries(definition.items.map((i) => [i.key, i.type === 'choice' ? i.options[0]!.key : Math.max(...scales.get(i.scale)!)]));
    expect((await participant.request('PUT', `/api/q/${filled.instance.token}/answers`, { answers })).statusCode).toBe(200);
    expect((await participant.request('POST', `/api/q/${filled.instance.token}/submit`)).statusCode).toBe(200);

    const off = await adviserWithClient({ autoReminder: true });
    expect((await off.http.request('PATCH', `/api/instance/${off.instance.token}/auto_sends`, { autoReminder: false })).statusCode).toBe(200);
    const closed = await adviserWithClient({ autoReminder: true });
    await t.db.update(interactionInstances).set({ status: 'CLOSED' }).where(eq(interactionInstances.id, closed.instanceId));
    const open = await adviserWithClient({ autoReminder: true });

    const created = (await instanceRow(open.instanceId)).createdAt.getTime();
    await sweepReminders(t.db, t.queue, t.config, new Date(created + 4 * DAY));
    expect(await reminderRows(open.instanceId)).toHaveLength(1);
    for (const other of [filled, off, closed]) expect(await reminderRows(other.instanceId)).toHaveLength(0);

    // Switched off after the first reminder: no second one.
    await open.http.request('PATCH', `/api/instance/${open.instance.token}/auto_sends`, { autoReminder: false });
    await sweepReminders(t.db, t.queue, t.config, new Date(created + 12 * DAY));
    expect(await reminderRows(open.instanceId)).toHaveLength(1);
  });

  it('counts from the invitation e-mail', async () => {
    const { http, instance, instanceId } = await adviserWithClient({ autoReminder: true });
    await http.request('POST', `/api/instance/${instance.token}/invite/email`);
    const invitedAt = (await instanceRow(instanceId)).invitedAt!.getTime();
    await sweepReminders(t.db, t.queue, t.config, new Date(invitedAt + 2.9 * DAY));
    expect(await reminderRows(instanceId)).toHaveLength(0);
    await sweepReminders(t.db, t.queue, t.config, new Date(invitedAt + 3 * DAY + 60_000));
    expect(await reminderRows(instanceId)).toHaveLength(1);
  });

  it('sends each reminder once when two sweeps run at the same time', async () => {
    const a = await adviserWithClient({ autoReminder: true });
    const b = await adviserWithClient({ autoReminder: true });
    const created = (await instanceRow(b.instanceId)).createdAt.getTime();
    const now = new Date(created + 3.5 * DAY);
    await Promise.all([sweepReminders(t.db, t.queue, t.config, now), sweepReminders(t.db, t.queue, t.config, now), sweepReminders(t.db, t.queue, t.config, now)]);
    for (const { instanceId } of [a, b]) {
      expect(await reminderRows(instanceId)).toHaveLength(1);
      expect((await instanceRow(instanceId)).remindersSent).toBe(1);
    }
  });

  it("agrees with the menu's reminder counts: an expired one is the adviser's (counted now, no mail); one about to expire gets its last chance", async () => {
    const { http, account } = await adviserWithClient({ autoReminder: true });
    const expired = await adviserWithClient({ autoReminder: true });
    // Both in the first adviser's account, so the counts are theirs.
    const now = new Date();
    const soon = await adviserWithClient({ autoReminder: true });
    for (const [id, expiresAt] of [
      [expired.instanceId, new Date(now.getTime() - 3_600_000)],
      [soon.instanceId, new Date(now.getTime() + 1.5 * DAY)],
    ] as const) {
      await t.db
        .update(interactionInstances)
        .set({ accountId: account.id, createdAt: new Date(now.getTime() - 10 * DAY), expiresAt })
        .where(eq(interactionInstances.id, id));
    }
    const counts = (await http.request('GET', '/api/reminders/counts')).json();
    // The expired one is "now"; the first adviser's own (30 days) and the one about to expire are this or next month.
    expect(counts.now).toBe(1);
    expect(counts.thisMonth + counts.nextMonth).toBe(2);
    await sweepReminders(t.db, t.queue, t.config, now);
    expect(await reminderRows(expired.instanceId)).toHaveLength(0);
    const [lastChance] = await reminderRows(soon.instanceId);
    expect(lastChance!.textBody).toContain('Der Link ist noch 1 Tag gültig');
  });
});

describe('e-mail verification', () => {
  async function signedInUser(locale: Locale = 'DE_DE') {
    const acc = await createAccount(t.db);
    const { user, email, password } = await createUser(t.db, acc.account.id, { firstName: 'Jörg' });
    await t.db.update(users).set({ locale }).where(eq(users.id, user.id));
    const http = new TestClient(t.app);
    await http.login(email, password);
    return { http, user, email: email.toLowerCase() };
  }
  const tokenFrom = (text: string) => /\/verify\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it('sends a link that verifies the address once; afterwards it is used and a resend is refused', async () => {
    const { http, user, email } = await signedInUser('DE_DE');
    const res = await http.request('GET', '/api/email/verification/resend');
    expect(res.statusCode).toBe(200);
    expect(res.json().sentTo).toBe(email);
    const message = await waitForMessageTo(email);
    expect(decodeWords(headerOf(message.raw, 'Subject')!)).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    const text = partOf(message.raw, 'text/plain');
    expect(text).toContain(`${PUBLIC_URL}/verify/`);
    expect(text).toContain('48 Stunden');
    // Sent to the user about their own address: from the platform, not "im Auftrag von" their own account (issue 22).
    expect(text).not.toContain('im Auftrag');
    expect(text).toContain('von der BQ Advisory Platform');

    const visitor = new TestClient(t.app, '192.0.2.50');
    const verified = await visitor.request('GET', `/api/email/verification/${tokenFrom(text)}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().email).toBe(email);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();

    const again = await visitor.request('GET', `/api/email/verification/${tokenFrom(text)}`);
    expect(again.statusCode).toBe(410);
    expect(again.json().errorKey).toBe('error.email_verification.used');
    const resend = await http.request('GET', '/api/email/verification/resend');
    expect(resend.statusCode).toBe(409);
    expect(resend.json().errorKey).toBe('error.email_verification.already_verified');
  });

  it('refuses an expired link (410), an unknown one (404), and a resend without sign-in (401)', async () => {
    const { http, user, email } = await signedInUser('EN_US');
    await http.request('GET', '/api/email/verification/resend');
    const text = partOf((await waitForMessageTo(email)).raw, 'text/plain');
    expect(text).toMatch(/^Hello Jörg,/);
    await t.db.update(emailVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerifications.userId, user.id));
    const expired = await t.app.inject({ method: 'GET', url: `/api/email/verification/${tokenFrom(text)}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errorKey).toBe('error.email_verification.expired');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/email/verification/not-a-real-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorKey).toBe('error.email_verification.invalid');
    expect((await t.app.inject({ method: 'GET', url: '/api/email/verification/resend' })).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('sends at most one mail a minute (429 with Retry-After)', async () => {
    const { http, user } = await signedInUser();
    expect((await http.request('GET', '/api/email/verification/resend')).statusCode).toBe(200);
    const tooSoon = await http.request('GET', '/api/email/verification/resend');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().errorKey).toBe('error.email_verification.too_soon');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    await t.db
      .update(emailVerifications)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(and(eq(emailVerifications.userId, user.id)));
    expect((await http.request('GET', '/api/email/verification/resend')).statusCode).toBe(200);
    expect(await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id))).toHaveLength(2);
  });
});

describe('e-mail verification: a new link by address, without a session', () => {
  const resend = (email: string, ip = '198.51.100.7') =>
    t.app.inject({ method: 'GET', url: `/api/email/verification/resend?email=${encodeURIComponent(email)}`, remoteAddress: ip, headers: { 'x-source': 'web' } });
  const shape = (body: { sentTo: string; expiresAt: string }) => ({ ...body, sentTo: '<address>', expiresAt: body.expiresAt.slice(0, 15) });
  const verificationMailsTo = async (email: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email.toLowerCase()))).filter((m) => m.kind === 'EMAIL_VERIFICATION');

  it('answers the same for an unverified user, a verified user and an address nobody has; only the first gets a mail', async () => {
    const acc = await createAccount(t.db);
    const unverified = await createUser(t.db, acc.account.id);
    const verified = await createUser(t.db, acc.account.id);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified.user.id));
    const nobody = uniqueEmail('nobody');

    const answers = [];
    for (const [i, email] of [unverified.email, verified.email, nobody].entries()) {
      const res = await resend(email.toUpperCase(), `198.51.100.${20 + i}`);
      answers.push({ status: res.statusCode, headers: { 'cache-control': res.headers['cache-control'] }, body: res.json() });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.body.sentTo).toBe(unverified.email.toLowerCase());
    expect(answers.map((a) => ({ ...a, body: shape(a.body) }))).toEqual([answers[0], answers[0], answers[0]].map((a) => ({ ...a!, body: shape(a!.body) })));
    expect(await verificationMailsTo(unverified.email)).toHaveLength(1);
    expect(await verificationMailsTo(verified.email)).toHaveLength(0);
    expect(await verificationMailsTo(nobody)).toHaveLength(0);
    // A second request within the minute: the same answer again, and no second mail.
    expect((await resend(unverified.email, '198.51.100.30')).statusCode).toBe(200);
    expect(await verificationMailsTo(unverified.email)).toHaveLength(1);
  });

  it('is rate limited per address and per IP, alike for addresses with and without an account', async () => {
    const acc = await createAccount(t.db);
    const { email } = await createUser(t.db, acc.account.id);
    for (const address of [email, uniqueEmail('nobody')]) {
      for (let i = 0; i < 3; i++) expect((await resend(address, `203.0.113.${i + 1}`)).statusCode).toBe(200);
      const limited = await resend(address, '203.0.113.99');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errorKey).toBe('error.auth.too_many_attempts');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ip = '192.0.2.200';
    for (let i = 0; i < 20; i++) expect((await resend(uniqueEmail('spray'), ip)).statusCode).toBe(200);
    expect((await resend(uniqueEmail('spray'), ip)).statusCode).toBe(429);
    // A malformed address is a validation error, not a way to probe.
    const bad = await resend('not-an-address', '192.0.2.201');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ path: 'querystring.email', errorKey: 'error.validation.invalid_email' });
  });
});

describe('OpenAPI', () => {
  it('documents the new calls with operationId, tags and description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = [
      doc.paths['/api/instance/{token}/invite/email'].post,
      doc.paths['/api/email/verification/{token}'].get,
      doc.paths['/api/email/verification/resend'].get,
    ];
    // The mailbox's calls exist only with DEV_MAILBOX on (see above).
    for (const op of ops) {
      expect(op.operationId).toBeTruthy();
      expect(op.tags.length).toBeGreaterThan(0);
      expect(op.description).toBeTruthy();
    }
    const resend = doc.paths['/api/email/verification/resend'].get;
    expect(resend.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'email' }));
    expect(resend.responses['429'].description).toContain('error.auth.too_many_attempts');
    expect(resend.description).toMatch(/same 200 answer for every address/);
  });
});
