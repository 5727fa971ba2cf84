// A bulk send through the running worker, and fairness between accounts at the SMTP server's pace: while one
// account's 2,000 invitations wait in the outbox, another account's mail leaves within a bound, long before the
// backlog is gone (docs/decisions/0049, 0057). The mail server here takes 10 ms per message, over pooled connections.
import type { AddressInfo } from 'node:net';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionInstances, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adviserWithClients } from './bulk-fixtures';
import { runBulkSend } from './run-bulk-send';
import { waitFor as waitForIt } from '../../test/wait-for';

const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
      // The server's own pace: 10 ms per message and connection.
      setTimeout(callback, 10);
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, JOB_POLL_SECONDS: '0.5', REMINDER_CHECK_SECONDS: '86400' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** waitFor with this file's patience (test/wait-for.ts). */
const waitFor = <T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 60_000) =>
  waitForIt(check, what, { timeoutMs, intervalMs: 50 });

const countMails = async (accountId: string, status: 'SENT' | 'PENDING') =>
  Number((await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.status, status))))[0]!.n);

describe('bulk send and the mail queue', () => {
  it("one account's 2,000 queued invitations do not hold back another account's mail", async () => {
    const big = await adviserWithClients(t, 2000);
    const started = (await big.http.request('POST', '/api/instance/bulk', { productConfigurationId: big.configId, clientTokens: big.tokens, sendInvitationEmail: true })).json();
    await runBulkSend(t.db, t.config, started.id);
    expect(await countMails(big.accountId, 'PENDING')).toBe(2000);

    await t.startWorker();
    // The backlog is being worked on when the other account sends.
    await waitFor(async () => (await countMails(big.accountId, 'SENT')) >= 50, 'the first bulk mails');

    // The other account: a bulk send of its own (through the dispatcher) and a single send (its own delivery job).
    const small = await adviserWithClients(t, 2);
    const otherBulk = (await small.http.request('POST', '/api/instance/bulk', { productConfigurationId: small.configId, clientTokens: [small.tokens[0]], sendInvitationEmail: true })).json();
    const queuedAt = Date.now();
    await runBulkSend(t.db, t.config, otherBulk.id);
    const single = await small.http.request('POST', '/api/instance', { clientToken: small.tokens[1], productConfigurationId: small.configId, sendInvitationEmail: true });
    expect(single.statusCode).toBe(201);

    const sent = await waitFor(async () => {
      const rows = await t.db.select({ status: mailOutbox.status, sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.accountId, small.accountId));
      return rows.length === 2 && rows.every((r) => r.status === 'SENT') ? rows : undefined;
    }, "the other account's two invitations");
    const lastSent = Math.max(...sent.map((r) => r.sentAt!.getTime()));
    // The bound: a few dispatcher rounds, not the 2,000-mail backlog (at 10 ms a message that alone takes seconds).
    expect(lastSent - queuedAt).toBeLessThan(5_000);
    const bigAfter = Number(
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(and(eq(mailOutbox.accountId, big.accountId), gt(mailOutbox.sentAt, new Date(lastSent)))))[0]!.n,
    ) + (await countMails(big.accountId, 'PENDING'));
    expect(bigAfter).toBeGreaterThan(500);

    // And the backlog itself is delivered in full, once each.
    await waitFor(async () => (await countMails(big.accountId, 'SENT')) === 2000, 'the whole backlog', 180_000);
    const bigAddresses = new Set(received.filter((a) => a.includes('@example.com')));
    expect(bigAddresses.size).toBeGreaterThanOrEqual(2002);
    expect(received.length).toBe(new Set(received).size);
  }, 300_000);

  it('the worker takes the job: progress reaches DONE through the API and the mails leave', async () => {
    const { http, configId, tokens, accountId } = await adviserWithClients(t, 40);
    const started = (await http.request('POST', '/api/instance/bulk', { productConfigurationId: configId, clientTokens: tokens, sendInvitationEmail: true })).json();
    const done = await waitFor(async () => {
      const progress = (await http.request('GET', `/api/instance/bulk/${started.id}`)).json();
      return progress.finished ? progress : undefined;
    }, 'the bulk send to finish');
    expect(done).toMatchObject({ status: 'DONE', total: 40, created: 40, mailed: 40, failed: 0 });
    const instanceIds = (await t.db.select({ id: interactionInstances.id }).from(interactionInstances).where(eq(interactionInstances.accountId, accountId))).map((r) => r.id);
    expect(instanceIds).toHaveLength(40);
    await waitFor(async () => {
      const mails = await t.db.select({ status: mailOutbox.status }).from(mailOutbox).where(inArray(mailOutbox.instanceId, instanceIds));
      return mails.length === 40 && mails.every((m) => m.status === 'SENT');
    }, 'all 40 invitations sent', 60_000);
  });
});
