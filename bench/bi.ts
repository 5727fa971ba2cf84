// BI figures for `npm run bench` (issue 13, scale): one account with CLIENTS clients and finished instances
// (bulk-seeded, features/demo/load-seed.ts; bi_facts filled by its triggers), the server as its own process, and
// one BI category and a BI client-list page, one request at a time (p50/p95), with the allow-list off and on.
// A measurement, not a pass/fail test.
import { pathToFileURL } from 'node:url';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, enableAllowList, percentile, signIn, startServerProcess } from './processes';

const PASSWORD = 'Bench-Bi-2026!';

const CALLS: { label: string; path: string }[] = [
  { label: 'category (risk class)', path: '/api/bi/BQ_RISK/category/risk_class?locale=EN_US' },
  { label: 'category (dimension, prospects)', path: '/api/bi/BQ_RISK/category/dimension.tolerance?locale=DE_DE&group=PROSPECT' },
  { label: 'client list, first page', path: '/api/bi/BQ_RISK/category/dimension.tolerance/clients?locale=EN_US' },
  { label: 'client list, 2 filters, page 5', path: '/api/bi/BQ_RISK/category/risk_class/clients?filter=3&filter=4&page=5&locale=EN_US' },
  { label: 'client list, group + q', path: '/api/bi/BQ_RISK/category/risk_class/clients?group=ESTABLISHED&q=schmidt' },
];

export async function runBiBench(clients = process.env.DATABASE_URL ? 100_000 : 20_000): Promise<void> {
  const bench = await createBenchDatabase('bi');
  const database = await bench.open();
  const seedStart = performance.now();
  const account = await seedLoadAccount(database.db, { clients, finishedInstances: clients * 5, adminEmail: 'bi-admin@bench.example', adminPassword: PASSWORD });
  await database.close();
  console.log(`${clients.toLocaleString('en')} clients + ${(clients * 5).toLocaleString('en')} finished instances seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${bench.kind})`);
  const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all');
  try {
    const admin = await signIn(server.base, account.adminEmail, PASSWORD);
    const timed = async (path: string) => {
      const start = performance.now();
      const res = await admin.get(path);
      const body = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${body}`);
      return performance.now() - start;
    };
    for (const anonymised of [false, true]) {
      if (anonymised) {
        await enableAllowList(server.base, admin.cookie);
      }
      const all: number[] = [];
      for (const { label, path } of CALLS) {
        await timed(path);
        const times: number[] = [];
        for (let i = 0; i < 20; i++) times.push(await timed(path));
        times.sort((a, b) => a - b);
        all.push(...times);
        console.log(`  ${`${label}${anonymised ? ', anonymised' : ''}`.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
      }
      all.sort((a, b) => a - b);
      console.log(`${`BI, one at a time${anonymised ? ', anonymised' : ''}`.padEnd(46)} p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(all, 95).toFixed(1).padStart(6)} ms`);
    }
  } finally {
    await server.stop();
    await bench.drop();
  }
}

// `node --import tsx bench/bi.ts [clients]` runs this part alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runBiBench(process.argv[2] ? Number(process.argv[2]) : undefined);
