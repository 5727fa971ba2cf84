// The read buffer never lets one event hold up the others (issue 36 point 1): an event the database refuses is
// replaced by a SYSTEM audit.events_lost event with the count, the other events of its flush are written, and later
// flushes go on as before.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import type { PendingEvent } from './audit-recorder';
import { verifyChain } from './verify-chain';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function read(accountId: string, actorId: string, details: Record<string, unknown>): PendingEvent {
  return {
    accountId,
    occurredAt: new Date(),
    actorKind: 'USER',
    actorId,
    action: 'client.list',
    clientToken: null,
    resultToken: null,
    details,
    outcome: 'ALLOWED',
    requestId: null,
    ip: null,
    userAgent: null,
  };
}

describe('the audit buffer', () => {
  it('writes the events around one the database refuses, records the gap, and goes on', async () => {
    const { account } = await createAccount(t.db, { products: ['BQ_RISK'] });
    const other = (await createAccount(t.db, { products: ['BQ_RISK'] })).account;
    const { user } = await createUser(t.db, account.id);
    const { user: otherUser } = await createUser(t.db, other.id);
    // PostgreSQL refuses a NUL in jsonb (22P05), whichever way it gets there.
    t.app.audit.queue(read(account.id, user.id, { n: 1 }));
    t.app.audit.queue(read(account.id, user.id, { q: 'a\u0000b' }));
    t.app.audit.queue(read(other.id, otherUser.id, { n: 2 }));
    t.app.audit.queue(read(account.id, user.id, { n: 3 }));
    await t.app.audit.flush();

    const events = async (accountId: string) =>
      t.db
        .select({ action: auditEvents.action, actorKind: auditEvents.actorKind, details: auditEvents.details })
        .from(auditEvents)
        .where(eq(auditEvents.accountId, accountId))
        .orderBy(asc(auditEvents.seq));
    const mine = (await events(account.id)).filter((e) => e.action !== 'auth.sign_in');
    expect(mine).toEqual([
      { action: 'client.list', actorKind: 'USER', details: { n: 1 } },
      { action: 'client.list', actorKind: 'USER', details: { n: 3 } },
      { action: 'audit.events_lost', actorKind: 'SYSTEM', details: { count: 1 } },
    ]);
    expect((await events(other.id)).map((e) => e.details)).toEqual([{ n: 2 }]);

    // The buffer is not stuck: the next flush writes the next event, and the chain is whole.
    t.app.audit.queue(read(account.id, user.id, { n: 4 }));
    await t.app.audit.flush();
    expect((await events(account.id)).at(-1)?.details).toEqual({ n: 4 });
    expect((await verifyChain(t.db, account.id)).ok).toBe(true);
  });
});
