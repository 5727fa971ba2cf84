// The outbox dispatcher (docs/decisions/0057), driven directly with a transport that fails on demand: a refused
// attempt comes back later (not at once) and is then delivered once, a recipient refused for good is given up, a
// claim is taken by one dispatcher only, and every round shares the batch between the accounts that have mail.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adviserWithClients } from '../bulk-send/bulk-fixtures';
import { createDeliveryRenderer } from '../bulk-send/render-at-delivery';
import { runBulkSend } from '../bulk-send/run-bulk-send';
import { recoverAbandonedMails } from './deliver-mail';
import { OutboxDispatcher } from './outbox-dispatcher';
import type { MailTransport, OutboxMail } from './transport';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The worker's renderer of the bulk invitations (written as values, rendered when sent). */
const render = (mails: OutboxMail[]) => createDeliveryRenderer(t.db, t.config)(mails);

/** A transport that records what it sends and fails the addresses it is told to, with the given error. */
function fakeTransport() {
  const sent: string[] = [];
  const failing = new Map<string, Error>();
  const transport: MailTransport = {
    kind: 'smtp',
    parallel: 5,
    async send(mail: OutboxMail) {
      const err = failing.get(mail.toAddress);
      if (err) throw err;
      sent.push(mail.toAddress);
    },
    close() {},
  };
  return { transport, sent, failing };
}

async function queuedMails(count: number) {
  const adviser = await adviserWithClients(t, count);
  const started = (await adviser.http.request('POST', '/api/instance/bulk', { productConfigurationId: adviser.configId, clientTokens: adviser.tokens, sendInvitationEmail: true })).json();
  await runBulkSend(t.db, t.config, started.id);
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, adviser.accountId));
  return { accountId: adviser.accountId, mails };
}

const statusOf = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
/** Only this test's accounts: earlier tests' mails are made due never again. */
const parkOthers = (accountIds: string[]) =>
  t.db.execute(sql`update mail_outbox set status = 'SENT' where status = 'PENDING' and dispatch_after is not null and not (account_id = any(${`{${accountIds.join(',')}}`}::uuid[]))`);

describe('the outbox dispatcher', () => {
  it('retries a mail the server refused for the moment, later and once; gives up on a recipient refused for good', async () => {
    const { accountId, mails } = await queuedMails(3);
    await parkOthers([accountId]);
    const [temporary, permanent, fine] = mails;
    const fake = fakeTransport();
    fake.failing.set(temporary!.toAddress, Object.assign(new Error('451 try again later'), { code: 'EENVELOPE', responseCode: 451 }));
    fake.failing.set(permanent!.toAddress, Object.assign(new Error('550 no such user'), { code: 'EENVELOPE', responseCode: 550 }));
    const dispatcher = new OutboxDispatcher(t.db, fake.transport, { render, batch: 10, perAccount: 10, retrySeconds: 30, recordInTrail: true });

    expect(await dispatcher.dispatchOnce()).toBe(3);
    expect(fake.sent).toEqual([fine!.toAddress]);
    expect(await statusOf(fine!.id)).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(await statusOf(permanent!.id)).toMatchObject({ status: 'FAILED', attempts: 1, lastError: '550 no such user' });
    const waiting = await statusOf(temporary!.id);
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, lastError: '451 try again later', sentAt: null });
    expect(waiting.dispatchAfter!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the next round leaves it alone.
    expect(await dispatcher.dispatchOnce()).toBe(0);

    fake.failing.clear();
    await t.db.update(mailOutbox).set({ dispatchAfter: sql`now()` }).where(eq(mailOutbox.id, temporary!.id));
    expect(await dispatcher.dispatchOnce()).toBe(1);
    expect(await statusOf(temporary!.id)).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    expect(fake.sent.sort()).toEqual([fine!.toAddress, temporary!.toAddress].sort());
    // The trail records each delivered invitation as the product's own act.
    const events = await t.db.select({ action: auditEvents.action, actorKind: auditEvents.actorKind }).from(auditEvents).where(eq(auditEvents.accountId, accountId));
    expect(events.filter((e) => e.action === 'mail.sent')).toEqual([
      { action: 'mail.sent', actorKind: 'SYSTEM' },
      { action: 'mail.sent', actorKind: 'SYSTEM' },
    ]);
  });

  it('two dispatchers at once send each mail once; a dead one\'s claim is due again after its lease', async () => {
    const { accountId, mails } = await queuedMails(30);
    await parkOthers([accountId]);
    const a = fakeTransport();
    const b = fakeTransport();
    const options = { render, batch: 10, perAccount: 10 };
    await Promise.all([new OutboxDispatcher(t.db, a.transport, options).dispatchOnce(), new OutboxDispatcher(t.db, b.transport, options).dispatchOnce()]);
    const together = [...a.sent, ...b.sent];
    expect(together).toHaveLength(new Set(together).size);
    expect(together.length).toBeGreaterThan(0);

    // A dispatcher that claimed and died: the mails stay SENDING until the recovery sweep finds their lease ran out.
    const dead = new OutboxDispatcher(t.db, fakeTransport().transport, options);
    const claimed = await dead.claim();
    expect(claimed.length).toBeGreaterThan(0);
    await t.db.update(mailOutbox).set({ sentAt: sql`now() - interval '10 minutes'` }).where(inArray(mailOutbox.id, claimed.map((m) => m.id)));
    await recoverAbandonedMails(t.db, t.queue);
    for (const m of claimed) expect(await statusOf(m.id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    const jobs = (await t.db.execute(sql`select count(*)::int as n from pgboss.job where data->>'mailId' = any(${`{${claimed.map((m) => m.id).join(',')}}`}::text[])`)) as unknown as { rows: { n: number }[] };
    expect(Number(jobs.rows[0]!.n)).toBe(0);

    const rest = fakeTransport();
    const after = new OutboxDispatcher(t.db, rest.transport, { render, batch: 100, perAccount: 100 });
    while ((await after.dispatchOnce()) > 0);
    const all = await t.db.select({ status: mailOutbox.status }).from(mailOutbox).where(inArray(mailOutbox.id, mails.map((m) => m.id)));
    expect(all.every((m) => m.status === 'SENT')).toBe(true);
    expect([...together, ...rest.sent].sort()).toEqual(mails.map((m) => m.toAddress).sort());
  });

  it('shares each round between the accounts with mail: a small account is served in the first rounds', async () => {
    const big = await queuedMails(60);
    const small = await queuedMails(2);
    await parkOthers([big.accountId, small.accountId]);
    const fake = fakeTransport();
    const dispatcher = new OutboxDispatcher(t.db, fake.transport, { render, batch: 20, perAccount: 10 });
    await dispatcher.dispatchOnce();
    await dispatcher.dispatchOnce();
    const smallAddresses = small.mails.map((m) => m.toAddress);
    expect(fake.sent.filter((a) => smallAddresses.includes(a)).sort()).toEqual(smallAddresses.sort());
    // The big account got its share too, and at most its share per round.
    expect(fake.sent.length).toBeGreaterThan(2);
    expect(fake.sent.length).toBeLessThanOrEqual(2 * 20);
  });
});
