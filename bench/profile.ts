// `node --import tsx bench/profile.ts [path] [seconds]` (path may hold {token}: an unlocked result; and
// {productConfigurationId}): a CPU profile of the server while autocannon drives one
// signed-in route (default GET /api/user) at 50 connections, the same setup as the fair bench (bench/fair.ts).
// The server process runs with --cpu-prof; the profile is written to bench-profiles/ (open it in Chrome DevTools
// or speedscope) and the functions with the most self time are printed, grouped by package, so a change to the
// common path can be judged before and after (docs/decisions/0026).
import autocannon from 'autocannon';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { summariseCpuProfile } from './cpu-profile-summary';
import { createBenchDatabase, signIn, startServerProcess, unlockOneResult } from './processes';

const PASSWORD = 'Bench-Profile-2026!';
const routeArg = process.argv.slice(2).find((a) => a.startsWith('/'));
const seconds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10);
const outDir = resolve('bench-profiles');
mkdirSync(outDir, { recursive: true });

const bench = await createBenchDatabase('profile');
const database = await bench.open();
const account = await seedLoadAccount(database.db, { clients: 2000, finishedInstances: 200, adminEmail: 'profile-admin@bench.example', adminPassword: PASSWORD });
// One unlocked result, for paths with {token} (a dashboard, a public report), as in bench/fair.ts.
const resultToken = await unlockOneResult(database, account.accountId);
await database.close();
const before = new Set(readdirSync(outDir));
const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all', { BENCH_ROUTES: 'true' }, {
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${outDir}`],
});
try {
  const adviser = await signIn(server.base, account.adminEmail, PASSWORD);
  const path = (routeArg ?? '/api/user').replace('{productConfigurationId}', String(account.productConfigurationId)).replace('{token}', resultToken);
  // no-cache: the response cache is passed by, so the profile shows the computed answer (the fair bench's (computed) rows).
  const headers = { cookie: adviser.cookie, 'x-source': 'web', 'cache-control': 'no-cache' };
  const check = await fetch(`${server.base}${path}`, { headers });
  const body = await check.text();
  if (!check.ok) throw new Error(`${path}: ${check.status} ${body}`);
  console.log(`${path}: ${Buffer.byteLength(body)} bytes per answer (uncompressed, as autocannon asks)`);
  const result = await autocannon({ url: `${server.base}${path}`, connections: 50, duration: seconds, headers });
  console.log(`${bench.kind}: ${path}  ${Math.round(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms`);
} finally {
  await server.stop();
  await bench.drop();
}
// The main thread's profile only (tsx's loader thread writes one too: its name has thread id 1, not 0).
const written = readdirSync(outDir).filter((f) => /\.0\.\d+\.cpuprofile$/.test(f) && !before.has(f));
for (const file of written) {
  console.log(`\nprofile: ${join(outDir, file)}`);
  summariseCpuProfile(JSON.parse(readFileSync(join(outDir, file), 'utf8')), seconds);
}
