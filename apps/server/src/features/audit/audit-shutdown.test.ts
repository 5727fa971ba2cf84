// Buffered read events survive a graceful shutdown (docs/decisions/0039): closing the app writes what is still in
// memory before the database closes, so only a kill -9 can lose read events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
