// Backups (issue 15 item 6, README "Production"): a pg_dump of a database with data, restored with pg_restore into a
// fresh database, serves the same answers: the signed-in user (the session row came along), the client list and a
// client's profile. PostgreSQL runs only (DATABASE_URL); needs pg_dump/pg_restore of the server's major version.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { openJobQueue } from '../../jobs/queue';
import { adminQuery, testDatabaseUrl, withDatabase } from '../../test/postgres-admin';
import { TestClient, createTestApp } from '../../test/test-app';
import { createAccount, createUser } from '../../test/factories';

const adminUrl = testDatabaseUrl();

describe('backup and restore', () => {
  it('restores a pg_dump into a fresh database and the app serves the same results', async () => {
    const t = await createTestApp();
    const dir = mkdtempSync(join(tmpdir(), 'bq-backup-'));
    const restoredName = `bq_restore_${randomBytes(6).toString('hex')}`;
    try {
      const { account, configs } = await createAccount(t.db, { products: ['BQ_RISK'], credits: 7 });
      const { email, password } = await createUser(t.db, account.id);
      const http = new TestClient(t.app);
      expect((await http.login(email, password)).statusCode).toBe(200);
      const configId = configs[0]!.id;
      for (const name of ['Anna Schmidt', 'Jörg Müller', 'Zoë Ørsted']) {
        const [firstName, lastName] = name.split(' ');
        expect((await http.request('POST', '/api/u', { firstName, lastName, email: `client.${randomBytes(4).toString('hex')}@example.com`, productConfigurationId: configId })).statusCode).toBe(201);
      }
      const list = await http.request('GET', `/api/participants?productConfigurationId=${configId}`);
      const token = list.json().items[0].token as string;
      const urls = ['/api/user', `/api/participants?productConfigurationId=${configId}&q=m`, `/api/client/${token}/product/${configId}/profile`];
      const before = await Promise.all(urls.map(async (url) => (await http.request('GET', url)).json()));

      // The documented backup: pg_dump --format=custom, then pg_restore into an empty database.
      const file = join(dir, 'bq.dump');
      execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', t.config.DATABASE_URL!]);
      await adminQuery(adminUrl!, `CREATE DATABASE ${restoredName}`);
      const restoredUrl = withDatabase(adminUrl!, restoredName);
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl, file]);

      const database = await openDatabase({ databaseUrl: restoredUrl, onIdleConnectionError: () => {} });
      const queue = await openJobQueue(database);
      const restored = await buildApp({ db: database.db, config: { ...t.config, DATABASE_URL: restoredUrl }, queue, logger: false });
      await restored.ready();
      try {
        const again = new TestClient(restored);
        again.cookie = http.cookie;
        const after = await Promise.all(urls.map(async (url) => (await again.request('GET', url)).json()));
        expect(after).toEqual(before);
        expect(after[1].total).toBeGreaterThan(0);
      } finally {
        await queue.stop();
        await restored.close();
        await database.close();
      }
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
      await adminQuery(adminUrl!, `DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    }
  }, 120_000);
});
