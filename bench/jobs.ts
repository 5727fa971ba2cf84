// Job figures for `npm run bench` (issue 12, items 8 and 9), against server processes as they run in production:
// - throughput: SUBMISSIONS answered questionnaires are submitted over HTTP; how long until ONE worker process has
//   calculated them all (results per second), and that each got exactly one result and one auto report mail;
// - recovery (PostgreSQL only): a worker takes a calculation and is killed (SIGKILL) inside the transaction that
//   would finish it; how long until another worker process has the result available, and that it happened once.
// Measurements, not pass/fail tests (the API tests check the behaviour).
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { seedAnsweredInstances, seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, signIn, startServerProcess, type BenchDatabase } from './processes';

const PASSWORD = 'Bench-Jobs-2026!';

async function seedSubmittable(bench: BenchDatabase, count: number) {
  const database = await bench.open();
  try {
    const account = await seedLoadAccount(database.db, { clients: 0, finishedInstances: 0, adminEmail: 'jobs-admin@bench.example', adminPassword: PASSWORD });
    const tokens = await seedAnsweredInstances(database.db, { account, count, autoSendReport: true, unlocked: true });
    return { account, tokens };
  } finally {
    await database.close();
  }
}

/** After the servers stopped: per instance its status and how many auto report mails it got. */
async function outcome(bench: BenchDatabase, tokens: string[]) {
  const database = await bench.open();
  try {
    const result = await database.db.execute<{ status: string; n: number }>(sql`
      select ii.status, count(*)::int as n from interaction_instances ii
      where ii.token in (${sql.join(tokens.map((t) => sql`${t}`), sql`, `)}) group by ii.status`);
    const mails = await database.db.execute<{ per: number; n: number }>(sql`
      select per, count(*)::int as n from (
        select (select count(*)::int from mail_outbox m where m.dedupe_key = 'report:' || ii.id) as per
        from interaction_instances ii where ii.token in (${sql.join(tokens.map((t) => sql`${t}`), sql`, `)})
      ) x group by per`);
    const statuses = (result as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => `${r.n} ${r.status}`).join(', ');
    const mailCounts = (mails as unknown as { rows: { per: number; n: number }[] }).rows.map((r) => `${r.n} with ${r.per}`).join(', ');
    return `${statuses}; auto report mails per instance: ${mailCounts}`;
  } finally {
    await database.close();
  }
}

async function countResults(get: (path: string) => Promise<Response>, configId: string): Promise<number> {
  const res = await get(`/api/participants?productConfigurationId=${configId}&status=ALL&interactionStatus=RESULTS_AVAILABLE&pageSize=1`);
  if (!res.ok) throw new Error(`list failed: ${res.status}`);
  return ((await res.json()) as { total: number }).total;
}

async function submitAll(base: string, tokens: string[]): Promise<number> {
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++]!;
        const res = await fetch(`${base}/api/q/${token}/submit`, { method: 'POST', headers: { 'x-source': 'web' } });
        if (!res.ok) failures += 1;
        await res.arrayBuffer();
      }
    }),
  );
  return failures;
}

async function waitForResults(get: (path: string) => Promise<Response>, configId: string, wanted: number): Promise<number> {
  let done = 0;
  const deadline = Date.now() + 10 * 60_000;
  while (done < wanted && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    done = await countResults(get, configId);
  }
  return done;
}

/**
 * PostgreSQL: a backlog of SUBMISSIONS queued calculations worked off by ONE worker process started afterwards
 * (the worker alone), then SUBMISSIONS more submitted while it runs (submission to last result). PGlite: the
 * embedded process does both; only the second.
 */
export async function runThroughputBench(submissions = 120): Promise<void> {
  const bench = await createBenchDatabase('jobs');
  const { account, tokens } = await seedSubmittable(bench, 2 * submissions);
  const backlog = bench.kind === 'postgres' ? tokens.slice(0, submissions) : [];
  const live = tokens.slice(backlog.length, backlog.length + submissions);
  const api = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all');
  let worker: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    const adviser = await signIn(api.base, account.adminEmail, PASSWORD);
    if (bench.kind === 'postgres') {
      const failures = await submitAll(api.base, backlog);
      worker = await startServerProcess(bench, 'worker');
      const started = performance.now();
      const done = await waitForResults(adviser.get, account.productConfigurationId, submissions);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${`${submissions} queued calculations, 1 worker (${bench.kind})`.padEnd(44)} ${done} results ${seconds.toFixed(1)} s after the worker started = ${(done / seconds).toFixed(1)} results/s   submit failures ${failures}`,
      );
    }
    const started = performance.now();
    const failures = await submitAll(api.base, live);
    const submitted = performance.now() - started;
    const done = (await waitForResults(adviser.get, account.productConfigurationId, backlog.length + submissions)) - backlog.length;
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${`${submissions} submissions, 1 worker (${bench.kind})`.padEnd(44)} submitted in ${(submitted / 1000).toFixed(1)} s, ${done} results ${seconds.toFixed(1)} s after the first = ${(done / seconds).toFixed(1)} results/s   submit failures ${failures}`,
    );
  } finally {
    await api.stop();
    await worker?.stop();
  }
  console.log(`${''.padEnd(44)} ${await outcome(bench, [...backlog, ...live])}`);
  await bench.drop();
}

export async function runRecoveryBench(maxMinutes = 20): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('recovery after a killed worker: PostgreSQL only (embedded PGlite is one process); set DATABASE_URL');
    return;
  }
  const bench = await createBenchDatabase('recovery');
  const { tokens } = await seedSubmittable(bench, 1);
  const api = await startServerProcess(bench, 'api');
  const dying = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/dying-worker.ts', bench.env.DATABASE_URL!], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  dying.stdout!.on('data', (d: Buffer) => (said += d.toString()));
  const waitFor = async (text: string) => {
    const end = Date.now() + 60_000;
    while (!said.includes(text)) {
      if (Date.now() > end || dying.exitCode !== null) throw new Error(`dying worker never said "${text}": ${said}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  let worker: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    await waitFor('ready');
    await fetch(`${api.base}/api/q/${tokens[0]}/submit`, { method: 'POST', headers: { 'x-source': 'web' } });
    await waitFor('holding');
    const exited = new Promise((r) => dying.once('exit', r));
    dying.kill('SIGKILL');
    await exited;
    const killedAt = performance.now();
    worker = await startServerProcess(bench, 'worker');
    const database = await bench.open();
    let status = '';
    try {
      const deadline = Date.now() + maxMinutes * 60_000;
      let lastNote = Date.now();
      while (status !== 'RESULTS_AVAILABLE' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        const rows = await database.db.execute<{ status: string }>(sql`select status from interaction_instances where token = ${tokens[0]!}`);
        status = (rows as unknown as { rows: { status: string }[] }).rows[0]?.status ?? '';
        if (Date.now() - lastNote > 60_000) {
          lastNote = Date.now();
          console.log(`  ... still ${status} ${((performance.now() - killedAt) / 1000).toFixed(0)} s after the kill`);
        }
      }
    } finally {
      await database.close();
    }
    const seconds = (performance.now() - killedAt) / 1000;
    console.log(
      `${'worker killed mid-calculation (postgres)'.padEnd(44)} ${status === 'RESULTS_AVAILABLE' ? `result available ${seconds.toFixed(1)} s after the kill` : `still ${status} after ${seconds.toFixed(0)} s`}`,
    );
  } finally {
    if (dying.exitCode === null) dying.kill('SIGKILL');
    await worker?.stop();
    await api.stop();
  }
  console.log(`${''.padEnd(44)} ${await outcome(bench, tokens)}`);
  await bench.drop();
}

// `node --import tsx bench/jobs.ts [throughput|recovery]` runs these parts alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv[2];
  if (!only || only === 'throughput') await runThroughputBench();
  if (!only || only === 'recovery') await runRecoveryBench();
}
