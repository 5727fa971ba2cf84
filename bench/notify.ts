// What the change notifications of migration 0017 cost the writers (docs/decisions/0027): every write to an
// account's data runs a trigger that calls pg_notify, and a notifying transaction takes PostgreSQL's notify-queue
// lock at commit, so such commits are serialised at that point. Measured on PostgreSQL (PGlite has one connection
// and delivers in process): one connection, then 20, commit one-row updates of random clients of 5 accounts (their
// phone: a column no other trigger follows) for a while, with the trigger disabled (the baseline), on with nobody
// listening, on with two listeners (two API processes), and on with migration 0018's switch off. Then one statement
// that updates all 2,000 clients of an account (one notification: PostgreSQL sends one per distinct payload per
// transaction), off and on. Prints commits per second, p50/p99 and the share of the baseline.
// `npm run bench -- notify [seconds]`.
import pg from 'pg';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { DATA_CHANGED_CHANNEL } from '../apps/server/src/db/data-changes';
import { createBenchDatabase, percentile } from './processes';

/** One writer (what a quiet system pays per commit), then 20 at once (where commits queue for the lock). */
const CONNECTIONS = [1, 20];
const ACCOUNTS = 5;
const CLIENTS_PER_ACCOUNT = 2000;

interface Mode {
  name: string;
  triggers: boolean;
  listeners: number;
  /** Migration 0018's switch off for the writers' sessions: the triggers' WHEN condition keeps them from being queued. */
  switchedOff?: boolean;
}

async function connect(url: string, switchedOff = false): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (switchedOff) await client.query(`SET bq.change_notifications = 'off'`);
  return client;
}

/** The baseline disables the trigger on the table (as before migration 0017); every other mode has it enabled. */
async function setClientsTrigger(client: pg.Client, enabled: boolean): Promise<void> {
  await client.query(`ALTER TABLE clients ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER bq_data_changed`);
}

async function oneRowCommits(url: string, clientIds: string[], mode: Mode, connections: number, seconds: number) {
  const listeners: pg.Client[] = [];
  let delivered = 0;
  for (let i = 0; i < mode.listeners; i++) {
    const listener = await connect(url);
    listener.on('notification', () => delivered++);
    await listener.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
    listeners.push(listener);
  }
  const admin = await connect(url);
  await setClientsTrigger(admin, mode.triggers);
  await admin.end();
  const writers = await Promise.all(Array.from({ length: connections }, () => connect(url, mode.switchedOff)));
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    writers.map(async (writer) => {
      while (Date.now() < end) {
        const id = clientIds[Math.floor(Math.random() * clientIds.length)]!;
        const started = performance.now();
        await writer.query('UPDATE clients SET phone = $2 WHERE id = $1', [id, String(latencies.length)]);
        latencies.push(performance.now() - started);
      }
    }),
  );
  // Let the last notifications arrive before counting them.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await Promise.all([...writers, ...listeners].map((c) => c.end()));
  latencies.sort((a, b) => a - b);
  return { commitsPerSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), delivered };
}

async function bulkUpdate(url: string, accountId: string, triggers: boolean): Promise<number> {
  const client = await connect(url);
  try {
    await setClientsTrigger(client, triggers);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await client.query('UPDATE clients SET phone = $2 WHERE account_id = $1', [accountId, String(i)]);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[2]!;
  } finally {
    await client.end();
  }
}

export async function runNotifyBench(seconds: number): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log('  (PostgreSQL only: set DATABASE_URL; PGlite has one connection and delivers notifications in process)');
    return;
  }
  const bench = await createBenchDatabase('notify', adminUrl);
  try {
    const database = await bench.open();
    const accountIds: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await seedLoadAccount(database.db, {
        clients: CLIENTS_PER_ACCOUNT,
        finishedInstances: 0,
        accountName: `Notify bench ${i}`,
        adminEmail: `notify-${i}@bench.example`,
        adminPassword: 'Bench-Notify-2026!',
      });
      accountIds.push(account.accountId);
    }
    const clientIds = ((await database.executeSql('select id from clients')).rows as { id: string }[]).map((r) => r.id);
    await database.close();
    const url = bench.env.DATABASE_URL!;

    const modes: Mode[] = [
      { name: 'triggers off (baseline)', triggers: false, listeners: 0 },
      { name: 'triggers on, nobody listening', triggers: true, listeners: 0 },
      { name: 'triggers on, 2 listeners', triggers: true, listeners: 2 },
      { name: "switched off ('off', 0018)", triggers: true, listeners: 0, switchedOff: true },
    ];
    console.log(`  one-row updates of ${clientIds.length} clients over ${ACCOUNTS} accounts, ${seconds} s each`);
    console.log(`  ${'mode'.padEnd(32)} ${'conns'.padStart(5)} ${'commits/s'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'vs off'.padStart(7)} ${'delivered'.padStart(10)}`);
    for (const connections of CONNECTIONS) {
      let baseline = 0;
      for (const mode of modes) {
        await oneRowCommits(url, clientIds, mode, connections, 1); // warm-up
        const r = await oneRowCommits(url, clientIds, mode, connections, seconds);
        if (!mode.triggers) baseline = r.commitsPerSecond;
        console.log(
          `  ${mode.name.padEnd(32)} ${String(connections).padStart(5)} ${r.commitsPerSecond.toFixed(0).padStart(10)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${`${((100 * r.commitsPerSecond) / baseline).toFixed(0)} %`.padStart(7)} ${String(r.delivered).padStart(10)}`,
        );
      }
    }
    const off = await bulkUpdate(url, accountIds[0]!, false);
    const on = await bulkUpdate(url, accountIds[0]!, true);
    console.log(`  one statement updating ${CLIENTS_PER_ACCOUNT} clients (median of 5): triggers off ${off.toFixed(1)} ms, on ${on.toFixed(1)} ms (${((100 * on) / off).toFixed(0)} %)`);
  } finally {
    await bench.drop();
  }
}
