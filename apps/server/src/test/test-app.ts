// Builds the app on a fresh database cloned from the run's template, plus factories and a cookie-aware
// client, so each test file owns its data. Close it in afterAll.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { adminQuery, testDatabaseUrl, withDatabase } from './postgres-admin';
import { openJobQueue, type JobQueue } from '../jobs/queue';
import { DATA_CHANGED_CHANNEL, listenForDataChanges } from '../db/data-changes';
import { testKnob } from './test-knobs';
import { startWorker } from '../jobs/worker';
import type { LogStream } from '../plugins/logging';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  kind: 'pglite' | 'postgres';
  database: Database;
  queue: JobQueue;
  /** Starts the job handlers (calculation) as the worker role would. */
  startWorker(): Promise<void>;
  /**
   * A second API process on the same database, with the same settings: its own pool and listening connection on
   * PostgreSQL (PGlite: the same embedded database, which only one process can open), its own change notifications,
   * session cache and response cache. Closed with the first, or earlier by its own close().
   */
  anotherProcess(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  /**
   * Waits until this process has heard every change notification of the writes committed so far. On PostgreSQL they
   * arrive a moment after the commit, and on a loaded machine a sign-in's notification reached the session cache
   * after the request a test then counted (ops.test.ts, 2026-11-28 night): a marker sent now arrives after them, as
   * one listening connection hears notifications in commit order. Immediate on PGlite and without the caches.
   */
  settleChangeNotifications(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** Extra routes for tests of cross-cutting plugins, registered before the app is ready. */
  registerExtra?: (app: FastifyInstance) => void,
  more: {
    /** Sees every route the app registers (e.g. to send something to each one). */
    onRoute?: (route: RouteOptions) => void;
    /** Logs go here (at LOG_LEVEL) instead of nowhere. */
    logStream?: LogStream;
    /** Sees every statement the app sends through drizzle. */
    onQuery?: (sql: string) => void;
  } = {},
): Promise<TestApp> {
  const baseUrl = testDatabaseUrl();
  let closing = false;
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
    database = await openDatabase({
      databaseUrl,
      onQuery: more.onQuery,
      // pool.end() resolves before its sockets have closed, so the DROP ... WITH (FORCE) in close() can still
      // terminate them; that is expected then. Before close(), a dropped connection is a failure of the test.
      onIdleConnectionError: (err) => {
        if (!closing) console.error(`database connection dropped during the test: ${err.message}`);
      },
    });
  } else {
    const blob = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    // PGlite in the test's own process unless PGLITE_THREAD=true: the server's default is its own thread (decision
    // 0058), but a test sends one request at a time, where the thread only adds a message per statement (the suite
    // took 25 % longer through it). db/pglite-thread.test.ts and the @embedded journeys test the thread;
    // `PGLITE_THREAD=true npm run test:api` runs the whole suite through it.
    database = await openDatabase({ loadDataDir: blob, onQuery: more.onQuery, pgliteThread: (env.PGLITE_THREAD ?? testKnob('PGLITE_THREAD')) === 'true' });
  }
  // Files the app writes (mail as .eml without SMTP_URL) go to a folder of this app, never the work tree's ./data.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'bq-test-data-'));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // The whole API suite can run with the response cache on (docs/decisions/0027): any write path that leaves a
    // stale answer behind then fails the test that reads after it.
    ...(testKnob('RESPONSE_CACHE_SECONDS') ? { RESPONSE_CACHE_SECONDS: testKnob('RESPONSE_CACHE_SECONDS')! } : {}),
    ...env,
  });
  const queue = await openJobQueue(database);
  const dataChanges = config.RESPONSE_CACHE_SECONDS > 0 || config.AUTH_CACHE_SECONDS > 0 ? await listenForDataChanges(database) : null;
  // The caches go live a moment after LISTEN (one more statement reads the database's switch), and going live resets
  // what they hold. A test that starts before that, on a loaded machine, met the reset between a sign-in and the
  // request it counted (ops.test.ts, PostgreSQL, 2026-11-28): the app is handed over live, as main.ts's is soon after.
  for (const until = Date.now() + 10_000; dataChanges && !dataChanges.changes.live && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const app = await buildApp({
    db: database.db,
    config,
    queue,
    ...(dataChanges ? { dataChanges: dataChanges.changes } : {}),
    logger: Boolean(more.logStream),
    ...(more.onRoute ? { onRoute: more.onRoute } : {}),
    ...(more.logStream ? { logStream: more.logStream } : {}),
  });
  try {
    registerExtra?.(app);
    await app.ready();
  } catch (err) {
    // An app that refuses to start (a test of a start-up rule) leaves no database, queue or listener behind.
    closing = true;
    await queue.stop();
    await app.close().catch(() => undefined);
    await dataChanges?.stop();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (baseUrl && databaseUrl) await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    throw err;
  }
  let worker: { stop(): void } | undefined;
  const others: (() => Promise<void>)[] = [];
  return {
    app,
    db: database.db,
    config,
    kind: database.kind,
    database,
    queue,
    async settleChangeNotifications() {
      const changes = dataChanges?.changes;
      if (!changes?.live) return;
      const marker = `test-settle:${randomBytes(6).toString('hex')}`;
      const before = changes.snapshot();
      await database.executeSql('select pg_notify($1, $2)', [DATA_CHANGED_CHANNEL, marker]);
      for (const until = Date.now() + 10_000; changes.untouchedSince(before, [marker]); ) {
        if (Date.now() > until) throw new Error('the change notification marker did not arrive within 10 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async startWorker() {
      worker = await startWorker(database.db, config, app.log, queue);
    },
    async anotherProcess() {
      const own = databaseUrl ? await openDatabase({ databaseUrl }) : database;
      const listening = config.RESPONSE_CACHE_SECONDS > 0 || config.AUTH_CACHE_SECONDS > 0 ? await listenForDataChanges(own) : null;
      const other = await buildApp({ db: own.db, config, queue, logger: false, ...(listening ? { dataChanges: listening.changes } : {}) });
      await other.ready();
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await other.close();
        await listening?.stop();
        if (own !== database) await own.close();
      };
      others.push(close);
      return { app: other, close };
    },
    async close() {
      closing = true;
      for (const closeOther of others) await closeOther();
      await worker?.stop();
      await queue.stop();
      await app.close();
      await dataChanges?.stop();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (baseUrl && databaseUrl) {
        await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      }
    },
  };
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
