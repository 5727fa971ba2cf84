// A bulk send through the running worker, and fairness between accounts: while one account's large bulk send waits
// in the mail queue, another account's single invitation is delivered first (docs/decisions/0049).
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionInstances, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adviserWithClients } from './bulk-fixtures';
import { runBulkSend } from './run-bulk-send';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_SECONDS: '0.5', REMINDER_CHECK_SECONDS: '86400' });
});
afterAll(() => t.close());

async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('bulk send and the mail queue', () => {
  it("another account's single invitation is delivered before a large bulk send's backlog", async () => {
    const big = await adviserWithClients(t, 300);
    const started = (await big.http.request('POST', '/api/instance/bulk', { productConfigurationId: big.configId, clientTokens: big.tokens, sendInvitationEmail: true })).json();
    // The bulk's 300 mails are queued before the other account sends.
    await runBulkSend(t.db, t.queue, t.config, started.id, { chunkSize: 100 });
    const small = await adviserWithClients(t, 1);
    const single = await small.http.request('POST', '/api/instance', { clientToken: small.tokens[0], productConfigurationId: small.configId, sendInvitationEmail: true });
    expect(single.statusCode).toBe(201);
    const [singleInstance] = await t.db.select({ id: interactionInstances.id }).from(interactionInstances).where(eq(interactionInstances.token, single.json().token));

    await t.startWorker();
    const sentAt = await waitFor(async () => {
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.instanceId, singleInstance!.id));
      return mail?.status === 'SENT' ? mail.sentAt! : undefined;
    }, 'the single invitation');
    const before = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.accountId, big.accountId), eq(mailOutbox.status, 'SENT'), lt(mailOutbox.sentAt, sentAt)));
    // At most the batch the worker had already fetched when the single one arrived.
    expect(Number(before[0]!.n)).toBeLessThan(10);
  });

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
