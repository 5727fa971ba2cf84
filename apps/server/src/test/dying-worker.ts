// A worker process that takes one calculation job and then hangs inside the transaction that would make the result
// available (row locked, status written, not committed), so a test or bench can kill it with SIGKILL at the worst
// moment. Prints "ready" once it polls and "holding <instanceId>" when it holds the job. The database: the first
// argument, else DATABASE_URL.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { QUEUES, openJobQueue } from '../jobs/queue';
import { calculateInstance } from '../features/calculation/calculate-instance';

const databaseUrl = process.argv[2] ?? loadConfig().DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ databaseUrl, onIdleConnectionError: () => {} });
const queue = await openJobQueue(database);
await queue.boss.work<{ instanceId: string }>(QUEUES.calculate, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
  if (!job) return;
  await calculateInstance(database.db, job.data.instanceId, undefined, async (_tx, instanceId) => {
    console.log(`holding ${instanceId}`);
    await new Promise(() => {}); // never returns: the process is killed here
  });
});
console.log('ready');
