// Client search figures for `npm run bench` (issue 12, item 10): one account with CLIENTS clients and as many
// finished instances (bulk-seeded, features/demo/load-seed.ts), the server as its own process, and
// GET /api/participants with typical searches: one at a time (p50/p95), 20 fired at once (time until all 20 are
// answered), and 20 concurrent clients for a few seconds. A measurement, not a pass/fail test.
import { pathToFileURL } from 'node:url';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, percentile, signIn, startServerProcess } from './processes';

const PASSWORD = 'Bench-Search-2026!';

/** What advisers type: a last name, a first name, a full name, part of an e-mail, umlauts, nothing, no match. */
const SEARCHES: { label: string; query: string }[] = [
  { label: 'first page, no search', query: '' },
  { label: 'q=schmidt', query: 'q=schmidt' },
  { label: 'q=anna', query: 'q=anna' },
  { label: 'q=anna schm', query: 'q=anna%20schm' },
  { label: 'q=müller', query: `q=${encodeURIComponent('müller')}` },
  { label: 'q=ma (two letters)', query: 'q=ma' },
  { label: 'q=.4242@ (e-mail part)', query: `q=${encodeURIComponent('.4242@')}` },
  { label: 'q=nobody-at-all (no match)', query: 'q=nobody-at-all' },
  { label: 'q=schmidt, by name', query: 'q=schmidt&sort=name&order=asc' },
  { label: 'q=wagner, page 3', query: 'q=wagner&page=3' },
];

export async function runSearchBench(clients = process.env.DATABASE_URL ? 100_000 : 20_000, seconds = 5): Promise<void> {
  const bench = await createBenchDatabase('search');
  const database = await bench.open();
  const seedStart = performance.now();
  const account = await seedLoadAccount(database.db, { clients, finishedInstances: clients, adminEmail: 'search-admin@bench.example', adminPassword: PASSWORD });
  await database.close();
  console.log(`${clients.toLocaleString('en')} clients + ${clients.toLocaleString('en')} finished instances seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${bench.kind})`);
  const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all');
  try {
    const adviser = await signIn(server.base, account.adminEmail, PASSWORD);
    const url = (query: string) => `/api/participants?productConfigurationId=${account.productConfigurationId}${query ? `&${query}` : ''}`;
    const timed = async (query: string) => {
      const start = performance.now();
      const res = await adviser.get(url(query));
      const body = (await res.json()) as { total?: number };
      if (!res.ok) throw new Error(`${query}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, total: body.total ?? 0 };
    };

    // One at a time: a warm-up, then 20 runs of each search.
    const all: number[] = [];
    for (const { label, query } of SEARCHES) {
      const { total } = await timed(query);
      const times: number[] = [];
      for (let i = 0; i < 20; i++) times.push((await timed(query)).ms);
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(`  ${label.padEnd(30)} ${String(total).padStart(7)} hits   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
    }
    all.sort((a, b) => a - b);
    console.log(`${'search, one at a time'.padEnd(40)} p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(all, 95).toFixed(1).padStart(6)} ms   (${all.length} requests)`);

    // 20 searches fired at once, five times: the time until the last of them is answered.
    const bursts: number[] = [];
    for (let round = 0; round < 5; round++) {
      const start = performance.now();
      await Promise.all(Array.from({ length: 20 }, (_, i) => timed(SEARCHES[(i + round) % SEARCHES.length]!.query)));
      bursts.push(performance.now() - start);
    }
    bursts.sort((a, b) => a - b);
    console.log(`${'20 searches at once, all answered'.padEnd(40)} median ${percentile(bursts, 50).toFixed(0).padStart(6)} ms   worst ${bursts.at(-1)!.toFixed(0).padStart(6)} ms`);

    // 20 concurrent clients searching for a few seconds.
    const latencies: number[] = [];
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let i = worker; Date.now() < end; i++) latencies.push((await timed(SEARCHES[i % SEARCHES.length]!.query)).ms);
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(
      `${'search, 20 concurrent clients'.padEnd(40)} ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s   p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(latencies, 95).toFixed(1).padStart(6)} ms`,
    );
  } finally {
    await server.stop();
    await bench.drop();
  }
}

// `node --import tsx bench/search.ts [clients]` runs this part alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runSearchBench(process.argv[2] ? Number(process.argv[2]) : undefined);
