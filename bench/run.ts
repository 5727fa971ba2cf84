// `npm run bench`: figures for the foundation's hot paths over real HTTP on loopback, against the embedded
// PGlite (or PostgreSQL when DATABASE_URL is set). Prints requests per second and latency percentiles; it
// is a measurement, not a pass/fail test. Compare with the yardsticks in ../shared/STACK.md.
// `npm run bench -- [seconds] [http] [fair] [jobs] [search] [export] [bi] [comparison] [team] [notify] [scoring] [pdf] [start] [audit] [bulk] [import] [embedded] [burst]` runs only
// the named parts (default: all); fair, jobs, search, export, bi, comparison and team start the server as its own process
// (bench/processes.ts). BENCH_FULL=1 gives the export part the size (100,000 clients, 500,000 results on
// PostgreSQL; bench/export.ts).
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedTranslations } from '../apps/server/src/features/translations/seed-translations';
import { paths } from '../apps/server/src/paths';
import { openJobQueue } from '../apps/server/src/jobs/queue';
import { createAccount, createUser } from '../apps/server/src/test/factories';
import { runRecoveryBench, runThroughputBench } from './jobs';
import { runExportBench } from './export';
import { runBiBench } from './bi';
import { runFairBench } from './fair';
import { runPdfBench } from './pdf';
import { runScoringBench } from './scoring';
import { runSearchBench } from './search';
import { runComparisonBench } from './comparison';
import { runTeamBench } from './team';
import { runNotifyBench } from './notify';
import { sessionCookie } from './processes';
import { runStartBench } from './start';
import { runAuditBench } from './audit';
import { runBulkBench } from './bulk';
import { runImportBench } from './import';
import { runEmbeddedBench } from './embedded';
import { runBurstBench } from './burst';

const args = process.argv.slice(2);
const SECONDS = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const PARTS = ['http', 'fair', 'jobs', 'search', 'export', 'bi', 'comparison', 'team', 'notify', 'scoring', 'pdf', 'start', 'audit', 'bulk', 'import', 'embedded', 'burst'] as const;
const named = args.filter((a) => !/^\d+$/.test(a));
const unknown = named.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`unknown bench part(s): ${unknown.join(', ')}; choose from ${PARTS.join(', ')}`);
  process.exit(2);
}
// burst runs only when named: it imports, sends and loads for minutes (bench/burst.ts).
const runs = (part: (typeof PARTS)[number]) => (named.length === 0 && part !== 'burst') || named.includes(part);
const CONCURRENCY = 20;

async function runHttpBench() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_DATA: 'false', LOGIN_MAX_FAILURES_PER_IP: '1000000', PUBLIC_RATE_LIMIT: process.env.PUBLIC_RATE_LIMIT ?? 'false' });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL });
  await migrateDatabase(database);
  await seedTranslations(database.db, paths.translationsData);
  const { account } = await createAccount(database.db, { credits: 100, products: ['BQ_RISK', 'BQ_ADVISORY_BANK'] });
  const { email, password } = await createUser(database.db, account.id);
  const queue = await openJobQueue(database);
  const app = await buildApp({ db: database.db, config, queue, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const headers = { 'content-type': 'application/json', 'x-source': 'web' };
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  const cookie = sessionCookie(login.headers);

  async function measure(name: string, seconds: number, concurrency: number, call: () => Promise<Response>) {
    const latencies: number[] = [];
    let failures = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < end) {
          const start = performance.now();
          const res = await call();
          await res.arrayBuffer();
          if (!res.ok) failures += 1;
          latencies.push(performance.now() - start);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
    console.log(
      `${name.padEnd(34)} ${(latencies.length / seconds).toFixed(0).padStart(7)} req/s   p50 ${pct(50).padStart(6)} ms   p99 ${pct(99).padStart(6)} ms   failures ${failures}`,
    );
  }

  console.log(`database: ${database.kind}, ${SECONDS} s per scenario, ${CONCURRENCY} concurrent clients`);
  await measure('GET /api/system/config (no DB)', SECONDS, CONCURRENCY, () => fetch(`${base}/api/system/config`));
  await measure('GET /api/user (session + 3 queries)', SECONDS, CONCURRENCY, () => fetch(`${base}/api/user`, { headers: { cookie } }));
  await measure('GET /api/i18ns?language=DE_DE', SECONDS, CONCURRENCY, () => fetch(`${base}/api/i18ns?language=DE_DE`));
  await measure('POST /api/login (argon2id)', SECONDS, 4, () =>
    fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) }),
  );
  await app.close();
  await queue.stop();
  await database.close();
}

if (runs('http')) await runHttpBench();
if (runs('fair')) {
  console.log('\nthe fair benchmark: baselines and the signed-in common path (docs/decisions/0026)');
  await runFairBench(SECONDS);
}
if (runs('jobs')) {
  console.log('\njobs (server and worker as their own processes)');
  await runThroughputBench();
  await runRecoveryBench();
}
if (runs('search')) {
  console.log('\nclient search (server as its own process)');
  await runSearchBench(undefined, SECONDS);
}
if (runs('export')) {
  console.log('\ndata export and client search (server as its own process)');
  await runExportBench();
}
if (runs('bi')) {
  console.log('\nBI: a category and a client-list page (server as its own process)');
  await runBiBench();
}
if (runs('comparison')) {
  console.log('\nclient comparison (server as its own process)');
  await runComparisonBench(undefined, SECONDS);
}
if (runs('team')) {
  console.log('\nteams: the result of a team of 1,000 and a comparison of 3 teams (server as its own process)');
  await runTeamBench(undefined, SECONDS);
}
if (runs('notify')) {
  console.log('\nchange notifications: what the triggers of migration 0017 cost the writers (PostgreSQL)');
  await runNotifyBench(SECONDS);
}
if (runs('scoring')) {
  console.log('\nscoring engine (pure, in process)');
  runScoringBench();
}
if (runs('pdf')) {
  console.log('\nPDF rendering (bundled renderer, in process)');
  await runPdfBench();
}
if (runs('audit')) {
  console.log('\nthe audit trail: the computed dashboard and client list with and without it (docs/decisions/0039)');
  await runAuditBench(SECONDS);
}
if (runs('bulk')) {
  console.log('\nbulk send: a questionnaire to every client of an account (docs/decisions/0049)');
  await runBulkBench();
}
if (runs('start')) {
  console.log('\nnpm start: first and warm starts until the first page (scripts/start.mjs as its own process)');
  await runStartBench();
}
if (runs('import')) {
  console.log('\nclient import: POST /api/u/import of a generated CSV, the server as its own process (bench/import.ts)');
  await runImportBench();
}
if (runs('embedded')) {
  console.log('\nthe embedded PGlite under load: routes at 50 connections, the health check during an import and exports (docs/decisions/0058)');
  await runEmbeddedBench(SECONDS);
}
if (runs('burst')) {
  console.log('\nthe annual review burst: import, bulk send, participants at 17 a second and rising (bench/burst.ts, docs/decisions/0057)');
  await runBurstBench();
}
