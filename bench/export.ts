// Data export and client search figures for `npm run bench` (issue 13, "Scale"): one account seeded with the
// load seed (features/demo/load-seed.ts), the server as its own process, then
//  - the full CSV export of the clients (one row per client) and of the results, and the XLSX of the clients:
//    time until the last byte, rows, size, and the server process's resident memory (baseline and peak,
//    sampled from /proc every 20 ms) and CPU seconds while it streams;
//  - the client list with a search term (GET /api/participants?q=), one at a time: p50 and p95.
// Default: a short run (PostgreSQL 10,000 clients / 20,000 results; PGlite 5,000 / 10,000). BENCH_FULL=1 gives
// the issue's size: 100,000 clients and 500,000 finished results in the account (PGlite: 20,000 / 50,000).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, percentile, signIn, startServerProcess } from './processes';

const PASSWORD = 'Bench-Export-2026!';

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system) the process has used so far; on a shared machine the wall time says less. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Samples a process's RSS until stop() is called; returns the peak. */
function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

export async function runExportBench(): Promise<void> {
  const full = process.env.BENCH_FULL === '1';
  const postgres = Boolean(process.env.DATABASE_URL);
  const clients = full ? (postgres ? 100_000 : 20_000) : postgres ? 10_000 : 5_000;
  const results = full ? (postgres ? 500_000 : 50_000) : postgres ? 20_000 : 10_000;
  const bench = await createBenchDatabase('export');
  const database = await bench.open();
  const seedStart = performance.now();
  const account = await seedLoadAccount(database.db, {
    clients,
    finishedInstances: results,
    productType: 'BQ_RISK',
    adminEmail: 'export-admin@bench.example',
    adminPassword: PASSWORD,
    distinctResults: 200,
  });
  await database.close();
  console.log(
    `${clients.toLocaleString('en')} clients + ${results.toLocaleString('en')} finished results seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${bench.kind}${full ? ', BENCH_FULL' : ''})`,
  );
  const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all');
  try {
    const adviser = await signIn(server.base, account.adminEmail, PASSWORD);
    const pid = server.child.pid!;

    const exportOnce = async (format: 'csv' | 'xlsx', content: 'clients' | 'results') => {
      const baseline = rssMb(pid);
      const cpuBefore = cpuSeconds(pid);
      const stop = sampleRss(pid);
      const start = performance.now();
      const res = await adviser.get(`/api/product/BQ_RISK/export?format=${format}&locale=DE_DE&content=${content}`);
      if (!res.ok || !res.body) throw new Error(`export ${format} ${content}: ${res.status} ${await res.text()}`);
      const firstByteMs = performance.now() - start;
      let bytes = 0;
      let lines = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (format === 'csv') for (let i = 0; i < value.length; i++) if (value[i] === 10) lines += 1;
      }
      const ms = performance.now() - start;
      const peak = stop();
      const cpu = cpuSeconds(pid) - cpuBefore;
      const rows = format === 'csv' ? lines - 1 : Number(res.headers.get('x-total-rows'));
      console.log(
        `  ${`${format.toUpperCase()} ${content}`.padEnd(14)} ${rows.toLocaleString('en').padStart(8)} rows  ${(bytes / 1024 / 1024).toFixed(1).padStart(6)} MB  ` +
          `first byte ${firstByteMs.toFixed(0).padStart(5)} ms  total ${(ms / 1000).toFixed(2).padStart(6)} s  ` +
          `${(rows / (ms / 1000)).toFixed(0).padStart(7)} rows/s  server CPU ${cpu.toFixed(1)} s  RSS ${baseline.toFixed(0)} -> peak ${peak.toFixed(0)} MB`,
      );
    };
    console.log('data export (streamed, DE_DE; the whole body read by the bench)');
    await exportOnce('csv', 'clients');
    await exportOnce('csv', 'clients');
    await exportOnce('xlsx', 'clients');
    await exportOnce('csv', 'results');

    const SEARCHES = ['schmidt', 'anna', 'müller', 'anna schm', '.4242@', 'nobody-at-all', 'wagner'];
    const url = (q: string) => `/api/participants?productConfigurationId=${account.productConfigurationId}&q=${encodeURIComponent(q)}`;
    const all: number[] = [];
    for (const q of SEARCHES) {
      await adviser.get(url(q)).then((r) => r.arrayBuffer());
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        const res = await adviser.get(url(q));
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`search ${q}: ${res.status}`);
        all.push(performance.now() - start);
      }
    }
    all.sort((a, b) => a - b);
    console.log(
      `${'client list with a search, one at a time'.padEnd(44)} p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(all, 95).toFixed(1).padStart(6)} ms   (${all.length} requests, ${SEARCHES.length} terms)`,
    );
  } finally {
    await server.stop();
    await bench.drop();
  }
}

// `node --import tsx bench/export.ts` runs this part alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runExportBench();
