// Bench helpers: a throw-away database of the kind under test (a PostgreSQL database beside DATABASE_URL's, or a
// PGlite folder), and the server started as its own process (`node --import tsx apps/server/src/main.ts`), as
// it runs in production, so the bench's own requests and polling do not share its event loop.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { openJobQueue } from '../apps/server/src/jobs/queue';
import { seedTranslations } from '../apps/server/src/features/translations/seed-translations';
import { paths } from '../apps/server/src/paths';
import { adminQuery, withDatabase } from '../apps/server/src/test/postgres-admin';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The audit checkpoints' signing key of every bench server (production refuses to start without one). */
const BENCH_SIGNING_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');

export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** What a server process needs to open it: DATABASE_URL, or DATA_DIR for PGlite. */
  env: Record<string, string>;
  /** Opens it in this process (for PGlite only while no server process has it open). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A fresh, migrated database with the translations and the job queue's schema. */
export async function createBenchDatabase(label: string, adminUrl = process.env.DATABASE_URL): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `bq-bench-${label}-`));
  let bench: BenchDatabase;
  if (adminUrl) {
    const name = `bq_bench_${label}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = withDatabase(adminUrl, name);
    bench = {
      kind: 'postgres',
      env: { DATABASE_URL: url, DATA_DIR: dataDir },
      // DROP ... WITH (FORCE) may end a closed pool's last sockets: expected, not worth a warning.
      open: () => openDatabase({ databaseUrl: url, onIdleConnectionError: () => {} }),
      drop: async () => {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } else {
    bench = {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      // The server opens DATA_DIR itself as its PGlite folder; mail files go to DATA_DIR/mail beside it.
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await bench.open();
  await migrateDatabase(database);
  await seedTranslations(database.db, paths.translationsData);
  await (await openJobQueue(database)).stop();
  await database.close();
  return bench;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote, for a bench that fails. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The Node that runs the server processes: BENCH_NODE (the path of a node binary) when set, else this process's own.
 * Production runs the Dockerfile's Node 22, and the figures differ between versions: Node 20's V8 takes about 20
 * times as long for an object spread followed by more properties (`{ ...base, key }`), a pattern of the result
 * views (decision 0026, addendum of 2026-11-29).
 */
export const SERVER_NODE = process.env.BENCH_NODE ?? process.execPath;

/** The server processes' Node version, e.g. v22.23.5. */
export function serverNodeVersion(): string {
  return execFileSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).trim();
}

/** The server's entry: the TypeScript source through tsx (default), or the built bundle (`npm run build` first). */
export type ServerEntry = 'source' | 'dist';
const ENTRY_ARGS: Record<ServerEntry, string[]> = {
  source: ['--import', 'tsx', 'apps/server/src/main.ts'],
  dist: ['apps/server/dist/main.js'],
};

/**
 * Starts apps/server/src/main.ts (or the bundle) with the given role. api/all are ready when they answer HTTP; a
 * worker when it logs that its handlers run (it serves no HTTP). `port` keeps a restarted process's address;
 * `nodeArgs` go to node itself (e.g. --cpu-prof, which NODE_OPTIONS refuses).
 */
export async function startServerProcess(
  db: BenchDatabase,
  role: 'all' | 'api' | 'worker',
  env: Record<string, string> = {},
  opts: { entry?: ServerEntry; port?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  // A PGlite server must not see the bench's own DATABASE_URL (it would open PostgreSQL instead).
  const inherited = { ...process.env };
  if (db.kind === 'pglite') delete inherited.DATABASE_URL;
  const child = spawn(SERVER_NODE, [...(opts.nodeArgs ?? []), ...ENTRY_ARGS[opts.entry ?? 'source']], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      // Production needs the audit checkpoints' signing key and shared folder (docs/decisions/0071).
      AUDIT_SIGNING_KEY: BENCH_SIGNING_KEY,
      AUDIT_CHECKPOINT_DIR: join(tmpdir(), 'bq-bench-audit-checkpoints'),
      // Production needs the key that encrypts second-factor secrets (docs/decisions/0040); any 32 bytes will do here.
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      LOG_LEVEL: role === 'worker' ? 'info' : 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      // Thousands of participants and sign-ins from one address: the public write limit (docs/decisions/0072) would
      // measure itself; `PUBLIC_RATE_LIMIT=true npm run bench -- ...` keeps it on to see its cost.
      PUBLIC_RATE_LIMIT: process.env.PUBLIC_RATE_LIMIT ?? 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...db.env,
      ROLE: role,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process (${role}) exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server process (${role}) did not start:\n${output}`);
    if (role === 'worker') {
      if (output.includes('worker started')) break;
    } else {
      const ok = await fetch(`${base}/api/system/config`).then((r) => r.ok, () => false);
      if (ok) break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A signed-in adviser over HTTP, like the web client (session cookie plus the X-Source header). */
/** The session cookie of a sign-in answer: it also sets the device cookie (bq_device, docs/decisions/0032). */
export function sessionCookie(headers: Headers): string {
  return headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('bq_session=')) ?? '';
}

export async function signIn(base: string, email: string, password: string) {
  const headers = { 'content-type': 'application/json', 'x-source': 'web' };
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = sessionCookie(res.headers);
  return { cookie, get: (path: string) => fetch(`${base}${path}`, { headers: { cookie, 'x-source': 'web' } }) };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Unlocks one finished result of the account and returns its token (a dashboard and a public report to load). */
export async function unlockOneResult(database: Database, accountId: string): Promise<string> {
  const { rows } = await database.executeSql(
    `update interaction_instances set lock_status = 'UNLOCKED' where id = (select id from interaction_instances where account_id = $1 and status = 'RESULTS_AVAILABLE' limit 1) returning token`,
    [accountId],
  );
  return (rows[0] as { token: string }).token;
}

/** Switches the signed-in admin's anonymisation allow-list on, over HTTP as the web client does. */
export async function enableAllowList(base: string, cookie: string): Promise<void> {
  const res = await fetch(`${base}/api/admin/user/settings`, {
    method: 'POST',
    headers: { cookie, 'x-source': 'web', 'content-type': 'application/json' },
    body: JSON.stringify({ anonymizationAllowListEnabled: true }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status}`);
}
