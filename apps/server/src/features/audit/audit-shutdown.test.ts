// Buffered read events survive a graceful shutdown (docs/decisions/0039): closing the app writes what is still in
// memory before the database closes, so only a kill -9 can lose read events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';
import type { Db } from '../../db/client';
import { AuditRecorder, type PendingEvent } from './audit-recorder';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a flush the database refuses', () => {
  it('keeps the events and writes them, in order, at the next flush', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    // The database refuses the first append (as during a restart), then works again.
    let refusals = 1;
    const flaky = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && refusals > 0) {
          return () => {
            refusals -= 1;
            return Promise.reject(new Error('connection terminated'));
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const errors: unknown[] = [];
    const log = { error: (o: unknown) => errors.push(o) } as unknown as ConstructorParameters<typeof AuditRecorder>[1];
    const recorder = new AuditRecorder(flaky, log);
    const event = (n: number): PendingEvent => ({
      accountId: acc.account.id,
      occurredAt: new Date(),
      actorKind: 'SYSTEM',
      actorId: null,
      action: `test.read_${n}`,
      clientToken: null,
      resultToken: null,
      details: {},
      outcome: 'ALLOWED',
      requestId: null,
      ip: null,
      userAgent: null,
    });
    const actions = async () =>
      (await t.database.executeSql(`select action from audit_events where account_id = $1 order by seq`, [acc.account.id])).rows.map((r) => (r as { action: string }).action);
    recorder.queue(event(1));
    recorder.queue(event(2));
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect(await actions()).toEqual([]);
    recorder.queue(event(3));
    await recorder.close();
    expect(await actions()).toEqual(['test.read_1', 'test.read_2', 'test.read_3']);
  });
});

describe('a graceful shutdown', () => {
  it('writes the buffered read events before the database closes', async () => {
    const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
    const { email, password } = await createUser(t.db, acc.account.id);
    const http = new TestClient(t.app);
    expect((await http.login(email, password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await http.request('GET', `/api/dashboard/missing-${i}`)).statusCode).toBe(404);
    const count = async () =>
      Number(((await t.database.executeSql(`select count(*)::int as n from audit_events where account_id = $1 and action = 'dashboard.view'`, [acc.account.id])).rows[0] as { n: number }).n);
    // Closed right after the answers, before the next 500 ms flush would (almost always) have run.
    await t.app.close();
    expect(await count()).toBe(5);
  });
});
