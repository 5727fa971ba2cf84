// Builds the app on a fresh database cloned from the run's template, plus factories and a cookie-aware
// client, so each test file owns its data. Close it in afterAll.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { Permission } from '@bq/domain/permissions';
import type { AccountType, ProductType } from '@bq/domain/product-types';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/client';
import { accounts, creditLedger, productConfigurations, users } from '../db/schema';
import { hashPassword } from '../plugins/passwords';
import { adminQuery, testDatabaseUrl, withDatabase } from './postgres-admin';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const baseUrl = testDatabaseUrl();
  let database;
  let databaseUrl: string | undefined;
  if (baseUrl) {
    const name = `bq_t_${process.pid}_${randomBytes(6).toString('hex')}`;
    // Parallel test files clone the same template; PostgreSQL may refuse while another clone runs.
    for (let attempt = 0; ; attempt++) {
      try {
        await adminQuery(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    databaseUrl = withDatabase(baseUrl, name);
    database = await openDatabase({ databaseUrl });
  } else {
    const blob = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    database = await openDatabase({ loadDataDir: blob });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp({ db: database.db, config, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    kind: database.kind,
    async close() {
      await app.close();
      await database.close();
      if (baseUrl && databaseUrl) {
        await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      }
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@test.example`;
}

export async function createAccount(
  db: Db,
  opts: { name?: string; type?: AccountType; credits?: number; products?: ProductType[] } = {},
) {
  const [account] = await db.insert(accounts).values({ name: opts.name ?? 'Test Advisory', type: opts.type ?? 'ENTERPRISE' }).returning();
  if (!account) throw new Error('account not created');
  const products = opts.products ?? ['BQ_RISK'];
  const configs = products.length
    ? await db.insert(productConfigurations).values(products.map((productType) => ({ accountId: account.id, productType }))).returning()
    : [];
  if (opts.credits) await db.insert(creditLedger).values({ accountId: account.id, delta: opts.credits, reason: 'TEST' });
  return { account, configs };
}

export const TEST_PASSWORD = 'Test-Password-2026!';

export async function createUser(
  db: Db,
  accountId: string,
  opts: { email?: string; password?: string; permissions?: Permission[]; firstName?: string; lastName?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  const [user] = await db
    .insert(users)
    .values({
      accountId,
      email,
      passwordHash: await hashPassword(opts.password ?? TEST_PASSWORD),
      firstName: opts.firstName ?? 'Tess',
      lastName: opts.lastName ?? 'Tester',
      permissions: opts.permissions ?? [{ realm: 'ALL', entity: 'ALL', action: 'ALL' }],
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { user, email, password: opts.password ?? TEST_PASSWORD };
}

/** A browser-like client: keeps the session cookie and sends the web client's X-Source header. */
export class TestClient {
  cookie: string | undefined;
  constructor(private readonly app: FastifyInstance, private readonly ip = '127.0.0.1') {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res: LightMyRequestResponse = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { 'x-source': 'web', accept: 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const setCookie = res.cookies.find((c) => c.name === 'bq_session');
    if (setCookie) this.cookie = setCookie.value ? `bq_session=${setCookie.value}` : undefined;
    return res;
  }

  async login(email: string, password: string, redirectUrl?: string) {
    return this.request('POST', '/api/login', { email, password, ...(redirectUrl !== undefined ? { redirectUrl } : {}) });
  }
}
