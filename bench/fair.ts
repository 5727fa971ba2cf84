// The fair benchmark (issue 15 item 4, docs/decisions/0026): the server as its own process (NODE_ENV=production,
// BENCH_ROUTES on), driven by autocannon from this process at 50 connections. Two bare baselines on the same
// database and pool (a hello route, a one-query route), then the signed-in common path and the public report:
// req/s, p50, p99 and each route's throughput as a share of the one-query route. PGlite always; PostgreSQL too when
// DATABASE_URL is set. `npm run bench -- fair [seconds]`; AUTH_CACHE_SECONDS=0 measures without the session cache,
// RESPONSE_CACHE_SECONDS=0 without the response cache (the "(computed)" rows measure the computed answer anyway).
import autocannon from 'autocannon';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { measureCpuSeconds } from './cpu-shares';
import { createBenchDatabase, serverNodeVersion, signIn, startServerProcess, unlockOneResult } from './processes';

const PASSWORD = 'Bench-Fair-2026!';
const CONNECTIONS = 50;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Answered from the response cache (its x-response-cache header after the warm-up). */
  cached?: boolean;
  /** CPU microseconds per answered request: the server process, PostgreSQL (all its processes), this process, the machine. */
  cpu: { server: number; postgres: number | null; bench: number; machine: number };
}

/**
 * autocannon against one URL; with `server`, also where the machine's CPU went per request (/proc, bench/cpu-shares.ts):
 * the profile of what a route costs beyond the one-query baseline, split between the server, PostgreSQL and the load.
 */
async function drive(url: string, seconds: number, headers: Record<string, string> = {}, server?: { pid?: number; postgres: boolean }): Promise<Omit<Row, 'name'>> {
  const cpuSince = measureCpuSeconds({ pids: { server: server?.pid, bench: process.pid }, commands: server?.postgres ? { postgres: 'postgres' } : {} });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const used = cpuSince();
  const perRequest = (cpuSeconds: number) => (cpuSeconds * 1e6) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    cpu: {
      server: perRequest(used.parts.server!),
      postgres: used.parts.postgres === undefined ? null : perRequest(used.parts.postgres),
      bench: perRequest(used.parts.bench!),
      machine: perRequest(used.machine),
    },
  };
}

/** adminUrl '' = PGlite. */
async function benchOne(adminUrl: string, seconds: number): Promise<Row[]> {
  const bench = await createBenchDatabase('fair', adminUrl);
  const database = await bench.open();
  const account = await seedLoadAccount(database.db, { clients: 2000, finishedInstances: 2000, adminEmail: 'fair-admin@bench.example', adminPassword: PASSWORD });
  // One unlocked result: its dashboard and its public report.
  const token = await unlockOneResult(database, account.accountId);
  await database.close();
  const cacheEnv: Record<string, string> = {};
  for (const name of ['AUTH_CACHE_SECONDS', 'RESPONSE_CACHE_SECONDS']) if (process.env[name] !== undefined) cacheEnv[name] = process.env[name]!;
  const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all', { BENCH_ROUTES: 'true', ...cacheEnv });
  try {
    const adviser = await signIn(server.base, account.adminEmail, PASSWORD);
    const auth = { cookie: adviser.cookie, 'x-source': 'web' };
    const scenarios: { name: string; path: string; headers?: Record<string, string> }[] = [
      { name: 'hello (no DB)', path: '/api/bench/hello' },
      { name: 'one query (baseline)', path: '/api/bench/one-query' },
      { name: 'GET /api/user', path: '/api/user', headers: auth },
      { name: 'GET /api/dashboard/{token}', path: `/api/dashboard/${token}`, headers: auth },
      { name: 'GET /api/participants?q=schmidt', path: `/api/participants?productConfigurationId=${account.productConfigurationId}&q=schmidt`, headers: auth },
      { name: 'GET /api/report/content/bqa/{token}', path: `/api/report/content/bqa/${token}` },
    ];
    // The same routes computed afresh (Cache-Control: no-cache, as a hard reload sends): what a first view costs,
    // beside the repeated view the response cache answers (docs/decisions/0027).
    for (const s of scenarios.slice(2)) {
      scenarios.push({ name: `${s.name.replace('GET ', '')} (computed)`, path: s.path, headers: { ...s.headers, 'cache-control': 'no-cache' } });
    }
    const out: Row[] = [];
    for (const s of scenarios) {
      const check = await fetch(`${server.base}${s.path}`, { headers: s.headers });
      if (!check.ok) throw new Error(`${s.name}: ${check.status} ${await check.text()}`);
      await drive(`${server.base}${s.path}`, 1, s.headers); // warm-up
      const cached = (await fetch(`${server.base}${s.path}`, { headers: s.headers })).headers.get('x-response-cache') === 'hit';
      out.push({ name: s.name, cached, ...(await drive(`${server.base}${s.path}`, seconds, s.headers, { pid: server.child.pid, postgres: bench.kind === 'postgres' })) });
    }
    return out;
  } finally {
    await server.stop();
    await bench.drop();
  }
}

function print(kind: string, rows: Row[]) {
  const baseline = rows.find((r) => r.name.startsWith('one query'))!.rps;
  console.log(`\n${kind}: ${CONNECTIONS} connections (autocannon), server as its own process on Node ${serverNodeVersion()}`);
  console.log(
    `${'route'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'vs 1-query'.padStart(11)}  non-2xx  cache  ${'CPU µs per request: server'.padStart(26)} ${'PostgreSQL'.padStart(10)} ${'load'.padStart(6)} ${'machine'.padStart(8)}`,
  );
  const us = (n: number | null) => (n === null ? '-' : n.toFixed(0));
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${`${((100 * r.rps) / baseline).toFixed(0)} %`.padStart(11)}  ${String(r.non2xx).padEnd(7)}  ${(r.cached ? 'hit' : '-').padEnd(5)}  ${us(r.cpu.server).padStart(26)} ${us(r.cpu.postgres).padStart(10)} ${us(r.cpu.bench).padStart(6)} ${us(r.cpu.machine).padStart(8)}`,
    );
  }
}

export async function runFairBench(seconds = 10): Promise<void> {
  print('PGlite', await benchOne('', seconds));
  if (process.env.DATABASE_URL) print('PostgreSQL', await benchOne(process.env.DATABASE_URL, seconds));
}
