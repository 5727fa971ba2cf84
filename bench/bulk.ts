// `npm run bench -- bulk` (issue 26 point 2, docs/decisions/0049): one account with BENCH_BULK_CLIENTS clients
// (default 100,000) sends a questionnaire to all of them with POST /api/instance/bulk (by filter, invitation mails
// on), the API and the worker as their own processes, mails to a local SMTP sink in this process. Prints how long the
// start took, when every invitation was created (and its rate), how many mails left in the following seconds, and how
// long another account's single invitation took to reach the sink while the bulk mails queued. A measurement.
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, signIn, startServerProcess } from './processes';

const PASSWORD = 'Bench-Bulk-2026!';
const CLIENTS = Number(process.env.BENCH_BULK_CLIENTS ?? 100_000);
const MAIL_SECONDS = 20;

export async function runBulkBench(): Promise<void> {
  const bench = await createBenchDatabase('bulk');
  let received = 0;
  const arrivals = new Map<string, { at: number; before: number }>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      arrivals.set(address.address.toLowerCase(), { at: performance.now(), before: received });
      callback();
    },
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const seeded = await bench.open();
  const started = performance.now();
  const big = await seedLoadAccount(seeded.db, { clients: CLIENTS, finishedInstances: 0, adminEmail: 'bulk-admin@bench.example', adminPassword: PASSWORD });
  const small = await seedLoadAccount(seeded.db, { clients: 1, finishedInstances: 0, accountName: 'Other Advisory', adminEmail: 'other-admin@bench.example', adminPassword: PASSWORD });
  // The seed makes every tenth membership inactive; the bench wants CLIENTS invitations.
  await seeded.db.execute(sql`update client_products set active = true where account_id = ${big.accountId}`);
  const other = (await seeded.db.execute(sql`select token, email from clients where account_id = ${small.accountId}`)) as unknown as { rows: { token: string; email: string }[] };
  await seeded.close();
  console.log(`  seeded ${CLIENTS} clients (${bench.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const env = { SMTP_URL: smtpUrl, MAIL_FROM: 'bench@bench.example', JOB_POLL_SECONDS: '0.5' };
  const api = await startServerProcess(bench, bench.kind === 'postgres' ? 'api' : 'all', env);
  const worker = bench.kind === 'postgres' ? await startServerProcess(bench, 'worker', env) : null;
  try {
    const adviser = await signIn(api.base, big.adminEmail, PASSWORD);
    const headers = { cookie: adviser.cookie, 'x-source': 'web', 'content-type': 'application/json' };
    const t0 = performance.now();
    const res = await fetch(`${api.base}/api/instance/bulk`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ productConfigurationId: big.productConfigurationId, filter: { status: 'ALL' }, sendInvitationEmail: true }),
    });
    if (res.status !== 202) throw new Error(`bulk send: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    const answered = performance.now() - t0;

    // Another account sends one invitation while the bulk send runs.
    const otherAdviser = await signIn(api.base, small.adminEmail, PASSWORD);
    const single = await fetch(`${api.base}/api/instance`, {
      method: 'POST',
      headers: { cookie: otherAdviser.cookie, 'x-source': 'web', 'content-type': 'application/json' },
      body: JSON.stringify({ clientToken: other.rows[0]!.token, productConfigurationId: small.productConfigurationId, sendInvitationEmail: true }),
    });
    const singleAt = performance.now();
    if (single.status !== 201) throw new Error(`single send: ${single.status} ${await single.text()}`);

    let progress = { finished: false, created: 0, mailed: 0, failed: 0, total: 0, status: '', failures: [] as { errorKey: string }[] };
    while (!progress.finished) {
      await new Promise((r) => setTimeout(r, 250));
      progress = (await (await adviser.get(`/api/instance/bulk/${id}`)).json()) as typeof progress;
    }
    const doneSeconds = (performance.now() - t0) / 1000;
    const receivedAtDone = received;
    console.log(`  POST /api/instance/bulk answered                    ${answered.toFixed(0)} ms (${progress.total} clients chosen)`);
    console.log(
      `  all invitations created and in the outbox             ${doneSeconds.toFixed(1)} s: ${progress.created} questionnaires, ${progress.mailed} mails, ${progress.failed} failed (${progress.status}; ${[...new Set(progress.failures.map((f) => f.errorKey))].join(', ') || 'no reasons'}); ${(progress.created / doneSeconds).toFixed(0)} a second`,
    );
    const mailStart = performance.now();
    await new Promise((r) => setTimeout(r, MAIL_SECONDS * 1000));
    const mailRate = (received - receivedAtDone) / ((performance.now() - mailStart) / 1000);
    console.log(`  mails received by the SMTP sink                       ${received} so far; ${mailRate.toFixed(0)} a second over the ${MAIL_SECONDS} s after the creation`);
    const otherArrival = arrivals.get(other.rows[0]!.email.toLowerCase());
    console.log(
      `  another account's single invitation reached the sink  ${otherArrival ? `${((otherArrival.at - singleAt) / 1000).toFixed(1)} s after its send, after ${otherArrival.before} bulk mails` : 'not yet'}`,
    );
  } finally {
    await worker?.stop();
    await api.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await bench.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runBulkBench();
