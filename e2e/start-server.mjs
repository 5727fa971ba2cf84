// Starts the built product for the browser tests on a database of its own: a fresh PGlite data dir, or,
// when DATABASE_URL is set, a fresh PostgreSQL database created beside it (dropped again on exit).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startMailCatcher } from './mail-catcher.mjs';
import { startOidcIssuer } from './oidc-issuer.mjs';

const port = process.argv[2] ?? '3199';
// The response cache on, as in production (NODE_ENV=test would turn it off): the journeys read after their writes
// through it (docs/decisions/0027).
const env = { ...process.env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'true', NODE_ENV: 'test', RESPONSE_CACHE_SECONDS: process.env.RESPONSE_CACHE_SECONDS ?? '30' };
let dropDatabase = async () => {};

if (process.env.DATABASE_URL) {
  const admin = new URL(process.env.DATABASE_URL);
  const name = `bq_e2e_${process.pid}_${Date.now()}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
// The embedded database lives here, and with PostgreSQL the mails (.eml files) still do: never the repo's ./data.
env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bq-e2e-'));
// The address in mails' links, the WebAuthn RP ID (a domain, never an IP) and the sign-in redirect URIs. Journeys whose
// cookies must match it (passkeys, Google and single sign-on) open their pages there (PUBLIC_BASE in support.ts).
env.PUBLIC_URL = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

// Mail goes over real SMTP to a catcher the journeys can read (e2e/mail-catcher.mjs); see mailCatcherUrl in support.ts.
const mail = await startMailCatcher(Number(port) + 1000, Number(port) + 1001);
env.SMTP_URL = `smtp://127.0.0.1:${Number(port) + 1000}`;
// The journeys' local stand-ins (the single sign-on journey's OpenID provider, a mail relay) live on this machine: named
// here, as an operator names an on-premises host, so the egress gate lets them through (docs/decisions/0067).
env.EGRESS_ALLOW_HOSTS = process.env.EGRESS_ALLOW_HOSTS ?? '127.0.0.1,localhost';
env.REMINDER_CHECK_SECONDS = '5';
// Every journey signs up from 127.0.0.1: more than a real address's 10 an hour.
env.SIGNUP_MAX_PER_IP = process.env.SIGNUP_MAX_PER_IP ?? '200';

// Sign in with Google against a local OpenID Connect issuer (e2e/oidc-issuer.mjs), through the same code as Google.
const issuer = await startOidcIssuer(Number(port) + 2000, 'bq-e2e-client', 'bq-e2e-secret');
env.GOOGLE_ISSUER = issuer.url;
env.GOOGLE_CLIENT_ID = 'bq-e2e-client';
env.GOOGLE_CLIENT_SECRET = 'bq-e2e-secret';

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { env, stdio: 'inherit' });
const stop = async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await mail.close();
  await issuer.close();
  await dropDatabase().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', async (code) => {
  await dropDatabase().catch(() => {});
  process.exit(code ?? 0);
});
