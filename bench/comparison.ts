// Client comparison figures for `npm run bench` (issue 13, scale): one account with CLIENTS clients and as many
// finished instances (bulk-seeded, a quarter unlocked), the server as its own process, and
// GET /api/comparison with 10 clients (the maximum), one at a time (p50/p95) and with 20 concurrent clients.
// A measurement, not a pass/fail test.
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { COMPARISON_MAX_CLIENTS } from '../packages/contracts/src/comparison';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, percentile, signIn, startServerProcess } from './processes';

const PASSWORD = 'Bench-Comparison-2026!';

export async function runComparisonBench(clients = process.env.DATABASE_URL ? 100_000 : 5_000, seconds = 5): Promise<void> {
  const bench = await createBenchDatabase('comparison');
  const database = await bench.open();
  const account = await seedLoadAccount(database.db, { clients, finishedInstances: clients, adminEmail: 'comparison-admin@bench.example', adminPassword: PASSWORD });
  // Sets of 10 clients whose latest result is unlocked, spread over the account.
  const rows = (await database.db.execute(sql`
    select c.token from clients c
    join interaction_instances i on i.client_id = c.id and i.lock_status = 'UNLOCKED'
    where c.account_id = ${account.accountId}::uuid
    order by i.id limit 200
  `)) as unknown as { rows?: { token: string }[] } | { token: string }[];
  const tokens = (Array.isArray(rows) ? rows : (rows.rows ?? [])).map((r) => r.token);
  await database.close();
  if (tokens.length < COMPARISON_MAX_CLIENTS) throw new Error('not enough unlocked results seeded');
  const sets = Array.from({ length: Math.floor(tokens.length / COMPARISON_MAX_CLIENTS) }, (_, i) => tokens.slice(i * COMPARISON_MAX_CLIENTS, (i + 1) * COMPARISON_MAX_CLIENTS));
  const server = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all');
  try {
    const admin = await signIn(server.base, account.adminEmail, PASSWORD);
    const timed = async (set: string[]) => {
      const start = performance.now();
      const res = await admin.get(`/api/comparison?productType=BQ_RISK&locale=EN_US${set.map((t) => `&clientToken=${t}`).join('')}`);
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - start;
    };
    await timed(sets[0]!);
    const one: number[] = [];
    for (let i = 0; i < 100; i++) one.push(await timed(sets[i % sets.length]!));
    one.sort((a, b) => a - b);
    console.log(`${`${COMPARISON_MAX_CLIENTS}-client comparison, one at a time`.padEnd(40)} p50 ${percentile(one, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(one, 95).toFixed(1).padStart(6)} ms   (${one.length} requests, ${clients.toLocaleString('en')} clients, ${bench.kind})`);
    const latencies: number[] = [];
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let i = worker; Date.now() < end; i++) latencies.push(await timed(sets[i % sets.length]!));
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(`${`${COMPARISON_MAX_CLIENTS}-client comparison, 20 concurrent`.padEnd(40)} ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s   p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(latencies, 95).toFixed(1).padStart(6)} ms`);
  } finally {
    await server.stop();
    await bench.drop();
  }
}

// `node --import tsx bench/comparison.ts [clients]` runs this part alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runComparisonBench(process.argv[2] ? Number(process.argv[2]) : undefined);
