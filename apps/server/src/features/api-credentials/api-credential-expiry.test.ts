// API credentials expire (issue 36 point 14, docs/decisions/0072): 90 days unless the creator picks another term of
// at most a year; an expired credential is refused exactly like an unknown one; the list and the account's members
// page show when each expires, so an admin sees every member's standing access.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCredentials } from '../../db/schema';
import { paths } from '../../paths';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function admin() {
  const acc = await createAccount(t.db, { products: ['BQ_RISK'] });
  const { email, password, user } = await createUser(t.db, acc.account.id);
  const http = new TestClient(t.app);
  await http.login(email, password);
  return { http, user, accountId: acc.account.id };
}

function bearer(url: string, secret: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}`, accept: 'application/json' } });
}

describe('credential expiry', () => {
  it('defaults to 90 days and takes a term of 1 to 365 days', async () => {
    const { http } = await admin();
    const plain = await http.request('POST', '/api/management/credentials', { description: 'default' });
    expect(plain.statusCode).toBe(201);
    const expires = Date.parse(plain.json().expiresAt);
    expect(Math.abs(expires - (Date.now() + 90 * DAY))).toBeLessThan(60_000);

    const year = await http.request('POST', '/api/management/credentials', { description: 'year', expiresInDays: 365 });
    expect(year.statusCode).toBe(201);
    expect(Math.abs(Date.parse(year.json().expiresAt) - (Date.now() + 365 * DAY))).toBeLessThan(60_000);

    for (const expiresInDays of [0, 366, 1.5]) {
      const refused = await http.request('POST', '/api/management/credentials', { description: 'bad', expiresInDays });
      expect(refused.statusCode, String(expiresInDays)).toBe(400);
      expect(refused.json().errorKey).toBe('error.validation');
    }
  });

  it('refuses an expired credential like an unknown one, and lists it with its date', async () => {
    const { http } = await admin();
    const created = (await http.request('POST', '/api/management/credentials', { description: 'old sync' })).json() as { id: string; secret: string };
    expect((await bearer('/api/user', created.secret)).statusCode).toBe(200);

    await t.db.update(apiCredentials).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiCredentials.id, created.id));
    const expired = await bearer('/api/user', created.secret);
    const unknown = await bearer('/api/user', `bqk_${'x'.repeat(43)}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errorKey).toBe('error.auth.api_credential_invalid');
    expect(unknown.json().errorKey).toBe(expired.json().errorKey);

    const listed = (await http.request('GET', '/api/management/credentials')).json().credentials as { id: string; expiresAt: string }[];
    const row = listed.find((c) => c.id === created.id);
    expect(Date.parse(row!.expiresAt)).toBeLessThan(Date.now());
  });
});

describe("the account's members list", () => {
  it("shows each member's unrevoked credentials with created, expires and last used, and no other account's", async () => {
    const { http, user, accountId } = await admin();
    const used = (await http.request('POST', '/api/management/credentials', { description: 'CRM export', expiresInDays: 30 })).json() as { id: string; secret: string };
    const revoked = (await http.request('POST', '/api/management/credentials', { description: 'gone' })).json() as { id: string };
    expect((await http.request('DELETE', `/api/management/credentials/${revoked.id}`)).statusCode).toBe(200);
    expect((await bearer('/api/user', used.secret)).statusCode).toBe(200);
    const colleague = await createUser(t.db, accountId);
    // Another account's credential stays out of this account's list.
    const other = await admin();
    await other.http.request('POST', '/api/management/credentials', { description: 'other account' });

    const res = await http.request('GET', '/api/account/security/members');
    expect(res.statusCode).toBe(200);
    const members = res.json().members as { userId: string; apiCredentials: { id: string; description: string; createdAt: string; expiresAt: string; lastUsedAt: string | null }[] }[];
    const mine = members.find((m) => m.userId === user.id)!;
    expect(mine.apiCredentials).toEqual([
      { id: used.id, description: 'CRM export', createdAt: expect.any(String), expiresAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
    expect(Math.abs(Date.parse(mine.apiCredentials[0]!.expiresAt) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(members.find((m) => m.userId === colleague.user.id)!.apiCredentials).toEqual([]);
    expect(res.body).not.toContain('other account');
    expect(res.body).not.toContain(used.secret);
  });
});

describe('migration 0058', () => {
  it('gives credentials that existed before it 90 days from the moment it runs, and makes the date required', async () => {
    const { http } = await admin();
    const old = (await http.request('POST', '/api/management/credentials', { description: 'from before expiry' })).json() as { id: string; secret: string };
    // The row as it was before the migration: no expiry column value.
    await t.database.executeSql('ALTER TABLE "api_credentials" ALTER COLUMN "expires_at" DROP NOT NULL');
    await t.database.executeSql('UPDATE "api_credentials" SET "expires_at" = NULL');
    const statements = readFileSync(join(paths.migrations, '0058_rate_limits_and_credential_expiry.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /"api_credentials"/.test(s) && !/ADD COLUMN/.test(s));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await t.database.executeSql(statement);
    const [row] = await t.db.select({ expiresAt: apiCredentials.expiresAt }).from(apiCredentials).where(eq(apiCredentials.id, old.id));
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect((await bearer('/api/user', old.secret)).statusCode).toBe(200);
    const { rows } = await t.database.executeSql(
      `select is_nullable from information_schema.columns where table_name = 'api_credentials' and column_name = 'expires_at'`,
    );
    expect((rows as { is_nullable: string }[])[0]!.is_nullable).toBe('NO');
  });
});
