// Late bounces (issue 37 point 5, docs/decisions/0083 addendum): a mail the first server took is SENT; when the
// receiving side later mails back a delivery report (RFC 3464), the operator's mail system hands it to
// POST /api/mail/bounces and the adviser reads "not delivered" with the remote server's words, on every answer that
// shows the mail. A real local SMTP server takes the mail; the report is a Postfix bounce (fixtures/late-bounce.eml).
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMailDelivery } from '@bq/contracts/mail';
import { mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { smtpCatcher } from '../../test/smtp-catcher';
import { waitFor } from '../../test/wait-for';
import { readDeliveryReport } from './bounces';

const TOKEN = 'bounce-token-0123456789abcdef';
const smtp = smtpCatcher();
const BOUNCE = readFileSync(new URL('./fixtures/late-bounce.eml', import.meta.url), 'utf8');
const reportFor = (recipient: string, messageId: string, action = 'failed') =>
  BOUNCE.replaceAll('{{RECIPIENT}}', recipient).replaceAll('{{MESSAGE_ID}}', messageId).replace('Action: failed', `Action: ${action}`);

let t: TestApp;
beforeAll(async () => {
  await smtp.listen();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port()}`, JOB_POLL_SECONDS: '0.5', REMINDER_CHECK_SECONDS: '86400', MAIL_BOUNCE_TOKEN: TOKEN });
  await t.startWorker();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/mail/bounces', payload: body, headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${TOKEN}`, ...headers } });

/** An invitation the first mail server took: SENT, with the Message-ID the report will name. */
async function sentInvitation() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'], credits: 5 });
  const user = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(user.email, user.password);
  const configId = acc.configs[0]!.id;
  const clientEmail = uniqueEmail('anna').toLowerCase();
  const client = (await http.request('POST', '/api/u', { firstName: 'Anna', lastName: 'Fort', email: clientEmail, productConfigurationId: configId })).json();
  const instance = (await http.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId, sendInvitationEmail: true })).json();
  const shown = async () => (await http.request('GET', `/api/instance/${instance.token}`)).json().invitationMail as TMailDelivery;
  await waitFor(async () => (await shown()).state === 'SENT', 'SENT', { timeoutMs: 20_000, intervalMs: 100 });
  const [mail] = await t.db.select({ messageId: mailOutbox.messageId }).from(mailOutbox).where(eq(mailOutbox.toAddress, clientEmail));
  return { http, configId, clientEmail, clientToken: client.token as string, messageId: mail!.messageId, shown };
}

describe('POST /api/mail/bounces', () => {
  it('turns a SENT invitation FAILED with the remote server’s words, shown everywhere without the address', async () => {
    const m = await sentInvitation();
    const res = await post(reportFor(m.clientEmail, m.messageId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ action: 'failed', matched: true, status: 'FAILED' });
    const shown = await m.shown();
    expect(shown).toMatchObject({ state: 'FAILED', sentAt: null });
    expect(shown.reason).toContain('Bounced after it was sent: 5.1.1 550 5.1.1');
    expect(shown.reason).toContain('User unknown in virtual mailbox table');
    expect(shown.reason).not.toContain(m.clientEmail);
    const list = (await m.http.request('GET', `/api/participants?productConfigurationId=${m.configId}`)).json();
    expect(list.items[0].lastInstance.invitationMail.state).toBe('FAILED');
    expect(list.mailProblems).toMatchObject({ clients: 1 });
    // The same report again changes nothing (the first reason stays).
    expect((await post(reportFor(m.clientEmail, m.messageId))).json()).toEqual({ action: 'failed', matched: true, status: 'FAILED' });
  });

  it('leaves the mail SENT for a delay or a delivery, and matches nothing for another platform’s mail', async () => {
    const m = await sentInvitation();
    expect((await post(reportFor(m.clientEmail, m.messageId, 'delayed'))).json()).toEqual({ action: 'delayed', matched: true, status: 'SENT' });
    expect((await post(reportFor(m.clientEmail, m.messageId, 'delivered'))).json()).toEqual({ action: 'delivered', matched: true, status: 'SENT' });
    expect((await m.shown()).state).toBe('SENT');
    expect((await post(reportFor(m.clientEmail, '<not-ours@elsewhere.example>'))).json()).toEqual({ action: 'failed', matched: false, status: null });
  });

  it('refuses a wrong or missing token, a text that is no report, a report too large and JSON', async () => {
    const m = await sentInvitation();
    const report = reportFor(m.clientEmail, m.messageId);
    for (const authorization of ['Bearer wrong-token-0123456789abcdef', '']) {
      const res = await post(report, { authorization });
      expect([res.statusCode, res.json().errorKey]).toEqual([401, 'error.auth.unauthorized']);
    }
    const notReport = await post('Subject: hello\n\nJust a mail.', { 'content-type': 'text/plain' });
    expect([notReport.statusCode, notReport.json().errorKey]).toEqual([400, 'error.mail.not_a_delivery_report']);
    const huge = await post(report + 'x'.repeat(300 * 1024));
    expect([huge.statusCode, huge.json().errorKey]).toEqual([413, 'error.request.too_large']);
    const json = await post(JSON.stringify({ report }), { 'content-type': 'application/json' });
    expect([json.statusCode, json.json().errorKey]).toEqual([415, 'error.request.unsupported_media_type']);
    // None of them touched the mail.
    expect((await m.shown()).state).toBe('SENT');
  });

  it('reads the fields of a report: folded diagnostic, the original’s Message-ID among the report’s own', () => {
    const report = readDeliveryReport(reportFor('anna@example.org', '<abc@advice.example.com>'));
    expect(report).toEqual({
      action: 'failed',
      status: '5.1.1',
      diagnostic: '550 5.1.1 <anna@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
      messageIds: ['<20261207081201.4F2A1C0042@mx.example.org>', '<abc@advice.example.com>'],
    });
    expect(readDeliveryReport('Subject: hi\r\n\r\nno report')).toBeNull();
  });
});

describe('POST /api/mail/bounces without MAIL_BOUNCE_TOKEN', () => {
  it('does not exist', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/mail/bounces', payload: 'Action: failed', headers: { 'content-type': 'text/plain', authorization: `Bearer ${TOKEN}` } });
      expect([res.statusCode, res.json().errorKey]).toEqual([404, 'error.not_found']);
    } finally {
      await plain.close();
    }
  });
});
