// The embedded database under load (issue 26 item 6, docs/decisions/0058): the server on PGlite as its own process
// (ROLE=all, as `npm start` runs it), seeded like the fair bench (2,000 clients, 2,000 results).
//  1. Every route of the fair bench computed afresh (Cache-Control: no-cache) at 50 connections: p50, p99, max.
//     Target: no p99 above 500 ms.
//  2. The liveness check (GET /api/health/live), one request at a time, while a 4 MB market history import and then
//     the client and result exports run: its p50, p99 and worst answer. Target: within 50 ms.
// `npm run bench -- embedded [seconds]`; always PGlite (DATABASE_URL is ignored).
import autocannon from 'autocannon';
import { createUser } from '../apps/server/src/test/factories';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, percentile, sessionCookie, signIn, startServerProcess, unlockOneResult } from './processes';

const PASSWORD = 'Bench-Embedded-2026!';
const CONNECTIONS = 50;

/** A valid Shiller-format history of about 4 MB: consecutive months from the year 100 with long decimals. */
function marketCsv(): string {
  const lines = ['Date,SP500,Dividend,Earnings,Consumer Price Index,Long Interest Rate,Real Price,Real Dividend,Real Earnings,PE10'];
  let price = 4.44;
  for (let year = 100; year <= 2025; year++) {
    for (let month = 1; month <= 12; month++) {
      price *= 1.0006 + 0.01 * Math.sin(year * 12 + month);
      const n = (x: number) => x.toFixed(14);
      lines.push(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01,${n(price)},${n(price / 30)},${n(price / 15)},${n(12 + year / 100)},${n(4.5)},${n(price * 2)},${n(price / 14)},${n(price / 7)},${n(15)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** GET /api/health/live one at a time until `until` settles: each answer's time. */
async function pollHealth(base: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const times: number[] = [];
  while (!done) {
    const start = performance.now();
    const res = await fetch(`${base}/api/health/live`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`health: ${res.status}`);
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 5));
  }
  return times.sort((a, b) => a - b);
}

function printHealth(name: string, ms: number, times: number[]) {
  console.log(
    `${name.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(6)} s   health: ${String(times.length).padStart(4)} checks  p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms  max ${(times.at(-1) ?? NaN).toFixed(1).padStart(6)} ms`,
  );
}

export async function runEmbeddedBench(seconds = 10): Promise<void> {
  const bench = await createBenchDatabase('embedded', '');
  const database = await bench.open();
  const account = await seedLoadAccount(database.db, { clients: 2000, finishedInstances: 2000, adminEmail: 'embedded-admin@bench.example', adminPassword: PASSWORD });
  const token = await unlockOneResult(database, account.accountId);
  const operator = await createUser(database.db, account.accountId, { email: 'embedded-operator@bench.example', password: PASSWORD, platformOperator: true });
  await database.close();
  const server = await startServerProcess(bench, 'all', { BENCH_ROUTES: 'true' });
  try {
    const adviser = await signIn(server.base, account.adminEmail, PASSWORD);
    const auth = { cookie: adviser.cookie, 'x-source': 'web', 'cache-control': 'no-cache' };
    const routes: { name: string; path: string; headers?: Record<string, string> }[] = [
      { name: 'GET /api/health/live', path: '/api/health/live' },
      { name: 'one query (baseline)', path: '/api/bench/one-query' },
      { name: 'GET /api/user (computed)', path: '/api/user', headers: auth },
      { name: 'GET /api/dashboard/{token} (computed)', path: `/api/dashboard/${token}`, headers: auth },
      { name: 'GET /api/participants?q=schmidt (computed)', path: `/api/participants?productConfigurationId=${account.productConfigurationId}&q=schmidt`, headers: auth },
      { name: 'GET /api/report/content/bqa/{token} (computed)', path: `/api/report/content/bqa/${token}`, headers: { 'cache-control': 'no-cache' } },
    ];
    console.log(`PGlite, ${CONNECTIONS} connections (autocannon), ${seconds} s per route, server as its own process (ROLE=all)`);
    console.log(`${'route'.padEnd(48)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  non-2xx`);
    for (const route of routes) {
      const url = `${server.base}${route.path}`;
      const check = await fetch(url, { headers: route.headers });
      if (!check.ok) throw new Error(`${route.name}: ${check.status} ${await check.text()}`);
      await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: route.headers }); // warm-up
      const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: route.headers });
      console.log(
        `${route.name.padEnd(48)} ${r.requests.average.toFixed(0).padStart(7)} ${r.latency.p50.toFixed(1).padStart(8)} ${r.latency.p99.toFixed(1).padStart(8)} ${r.latency.max.toFixed(1).padStart(8)}  ${r.non2xx + r.errors}`,
      );
    }

    console.log('\nthe liveness check, one at a time, while a long task runs');
    printHealth('idle', 2000, await pollHealth(server.base, new Promise((r) => setTimeout(r, 2000))));
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-source': 'web' },
      body: JSON.stringify({ email: operator.email, password: PASSWORD }),
    });
    const operatorCookie = sessionCookie(login.headers);
    const csv = marketCsv();
    let start = performance.now();
    const upload = fetch(`${server.base}/api/admin/market-history?source=bench.csv`, {
      method: 'POST',
      headers: { cookie: operatorCookie, 'x-source': 'web', 'content-type': 'text/csv' },
      body: csv,
    }).then(async (res) => {
      if (!res.ok) throw new Error(`market import: ${res.status} ${await res.text()}`);
    });
    const duringImport = await pollHealth(server.base, upload);
    await upload;
    printHealth(`market history import (${(csv.length / 1024 / 1024).toFixed(1)} MB)`, performance.now() - start, duringImport);
    for (const [format, content] of [['csv', 'clients'], ['xlsx', 'clients'], ['csv', 'results']] as const) {
      start = performance.now();
      const download = adviser.get(`/api/product/BQ_RISK/export?format=${format}&locale=DE_DE&content=${content}`).then(async (res) => {
        if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
        return (await res.arrayBuffer()).byteLength;
      });
      const duringExport = await pollHealth(server.base, download);
      printHealth(`export ${format.toUpperCase()} ${content} (${((await download) / 1024 / 1024).toFixed(1)} MB)`, performance.now() - start, duringExport);
    }
  } finally {
    await server.stop();
    await bench.drop();
  }
}
