// The reset request's answer cannot tell a known address from an unknown one by its time (decision 0032): it leaves
// before any work that depends on the address. Proven structurally: that work is held back by a gate the test
// controls, and both answers arrive while the gate is still closed; timing medians would be flaky on a busy machine.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import type * as RecoveryService from './password-recovery-service';

const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const state = { opened: new Promise<void>((resolve) => (open = resolve)), started: [] as string[] };
  return { state, open: () => open() };
});

vi.mock('./password-recovery-service', async (importOriginal) => {
  const original = await importOriginal<typeof RecoveryService>();
  return {
    ...original,
    // The injected slow step: the per-address work waits until the test opens the gate.
    mailResetLinkIfKnown: async (...args: Parameters<typeof original.mailResetLinkIfKnown>) => {
      gate.state.started.push(args[3]);
      await gate.state.opened;
      return original.mailResetLinkIfKnown(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Resolves with the answer, or fails when none came within `ms` (the answer waited for the gated work). */
const answerWithin = <T,>(pending: Promise<T>, ms: number) =>
  Promise.race([pending, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);

describe('password reset request', () => {
  it('answers a known and an unknown address before any per-address work, then mails only the known one', async () => {
    const { account } = await createAccount(t.db);
    const { email } = await createUser(t.db, account.id);
    const unknown = uniqueEmail('nobody');

    const known = await answerWithin(new TestClient(t.app, '10.9.0.1').request('POST', '/api/user/password/reset', { email }), 5_000);
    const other = await answerWithin(new TestClient(t.app, '10.9.0.2').request('POST', '/api/user/password/reset', { email: unknown }), 5_000);
    expect([known.statusCode, other.statusCode]).toEqual([202, 202]);
    // Both answers left while the per-address work of both was still waiting at the gate: the same work for both.
    expect(gate.state.started).toEqual([email, unknown]);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(0);

    gate.open();
    const mails = await vi.waitFor(
      async () => {
        const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt));
        if (rows.length === 0) throw new Error('no reset mail yet');
        return rows;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mails.map((m) => m.kind)).toEqual(['PASSWORD_RESET']);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, unknown))).toHaveLength(0);
  });
});
