// `npm run test:fault`: the product's behaviour under faults, on a real PostgreSQL it owns, with the server run as in
// production (separate OS processes: two ROLE=api, one ROLE=worker). docs/decisions/0026, section 7.
//   1. a private PostgreSQL cluster (initdb, own port and socket folder), migrated and seeded;
//   2. sessions valid on both API processes; a sign-out on one is refused on the other;
//   3. kill -9 of the worker while calculations run: after a restart every instance has exactly one result and one
//      auto report mail, no credits moved, no job lost;
//   4. kill -9 of the worker while mails are handed to a slow SMTP server: after a restart every mail arrived, and
//      a second copy (same Message-ID) only of a mail whose 250 had come before the kill;
//   5. PostgreSQL restarted under load: quick 503 error.service.unavailable (never 500, no hang), then recovery of
//      both API processes and the worker without restarting them;
//   6. the response cache (docs/decisions/0027) after step 3 and again after step 5: API 1 answers a repeated
//      dashboard from memory, and a client renamed through API 2 shows on API 1 within a second.
// Prints one line per check with its figures; exits 1 on any failure. Uses the built server
// (apps/server/dist/main.js, as production does) when it exists, else the source through tsx (FAULT_ENTRY=source|dist).
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedAnsweredInstances, seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { createBenchDatabase, freePort, signIn, startServerProcess, type BenchDatabase, type ServerEntry, type ServerProcess } from '../bench/processes';
import { createCluster, type Cluster } from './cluster';
import { startMailCatcher, type MailCatcher } from './smtp';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'Fault-Script-2026!';
const ADMIN = 'fault-admin@fault.example';
/** Questionnaires submitted for the calculation kill; invitations mailed for the mail kill. */
const CALCULATIONS = Number(process.env.FAULT_CALCULATIONS ?? 240);
const INVITATIONS = Number(process.env.FAULT_INVITATIONS ?? 80);
/** Questionnaires submitted while PostgreSQL restarts (at most; the submitting stops once the APIs recovered). */
const RESTART_SUBMISSIONS = 90;
/** How long the mail server waits before its 250 to the end of DATA. */
const SMTP_DATA_DELAY_MS = 300;
/** The SENDING lease (MAIL_SEND_LEASE_SECONDS) of this run: short, so a killed worker's mails are resent soon. */
const MAIL_LEASE_SECONDS = 15;
const CREDITS = 1000;

const entry: ServerEntry =
  process.env.FAULT_ENTRY === 'source' || process.env.FAULT_ENTRY === 'dist'
    ? process.env.FAULT_ENTRY
    : existsSync(`${ROOT}apps/server/dist/main.js`)
      ? 'dist'
      : 'source';

const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const failures: string[] = [];
function check(name: string, ok: boolean, figures: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(58)} ${figures}`);
  if (!ok) failures.push(name);
}
function note(text: string) {
  console.log(`     ${text}`);
}

async function waitUntil(what: string, cond: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 200): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await cond()) return performance.now() - start;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

// ---- the script's own connection to the database under test (survives the restart: the pool reconnects) ----
let pool: pg.Pool;
async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}
async function count(text: string, values: unknown[] = []): Promise<number> {
  return Number((await rows<{ n: string }>(text, values))[0]?.n ?? 0);
}
const tokenList = (tokens: string[]) => [tokens];
async function statusCounts(tokens: string[]): Promise<Record<string, number>> {
  const found = await rows<{ status: string; n: string }>(
    'select status, count(*) as n from interaction_instances where token = any($1) group by status',
    tokenList(tokens),
  );
  return Object.fromEntries(found.map((r) => [r.status, Number(r.n)]));
}
async function jobStates(queue: string): Promise<Record<string, number>> {
  const found = await rows<{ state: string; n: string }>('select state, count(*) as n from pgboss.job where name = $1 group by state', [queue]);
  return Object.fromEntries(found.map((r) => [r.state, Number(r.n)]));
}
const fmt = (o: Record<string, number>) =>
  Object.entries(o)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ') || 'none';

// ---- HTTP ----
const WEB = { 'x-source': 'web' };
async function postJson(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...WEB, ...headers }, signal: AbortSignal.timeout(30_000) });
}
/** Runs `work` over items, `parallel` at a time; answers the non-2xx statuses seen. */
async function inParallel<T>(items: T[], parallel: number, work: (item: T, i: number) => Promise<Response>): Promise<number[]> {
  let next = 0;
  const bad: number[] = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        const res = await work(items[i]!, i);
        await res.arrayBuffer();
        if (!res.ok) bad.push(res.status);
      }
    }),
  );
  return bad;
}

interface Run {
  bench: BenchDatabase;
  cluster: Cluster;
  env: Record<string, string>;
  apis: ServerProcess[];
  worker: ServerProcess;
  productConfigurationId: string;
}

async function startWorker(run: Pick<Run, 'bench' | 'env'>) {
  return startServerProcess(run.bench, 'worker', run.env, { entry });
}

/** Every kill -9 of the worker: when, and the Message-IDs of the mails it left SENDING (their fate was open). */
const kills: { at: number; sending: Set<string> }[] = [];
async function killWorker(run: Run) {
  await run.worker.stop('SIGKILL');
  const at = performance.now();
  const sending = await rows<{ message_id: string }>(`select message_id from mail_outbox where status = 'SENDING'`);
  const kill = { at, sending: new Set(sending.map((r) => r.message_id)) };
  kills.push(kill);
  return kill;
}

// ---- 2. sessions on both API processes ----
async function checkSessions(run: Run) {
  const [a, b] = run.apis as [ServerProcess, ServerProcess];
  const first = await signIn(a.base, ADMIN, PASSWORD);
  const user = (base: string, cookie: string) => fetch(`${base}/api/user`, { headers: { ...WEB, cookie } }).then((r) => r.status);
  const onA = await user(a.base, first.cookie);
  const onB = await user(b.base, first.cookie);
  const out = await postJson(`${b.base}/api/logout`, { cookie: first.cookie });
  const afterOnA = await user(a.base, first.cookie);
  const afterOnB = await user(b.base, first.cookie);
  check(
    'session from API 1 valid on API 2; sign-out on API 2 refused on API 1',
    onA === 200 && onB === 200 && out.status === 200 && afterOnA === 401 && afterOnB === 401,
    `GET /api/user: API 1 ${onA}, API 2 ${onB}; sign-out on API 2 ${out.status}; then API 1 ${afterOnA}, API 2 ${afterOnB}`,
  );
}

// ---- the response cache across processes (docs/decisions/0027) ----
/**
 * API 1 answers a repeated dashboard from its cache; the client renamed through API 2 shows on API 1 as soon as
 * PostgreSQL's notification arrives, without a restart or a TTL. After the PostgreSQL restart this shows that the
 * listening connection came back too.
 */
async function checkResponseCache(run: Run, adviserCookie: string, token: string, when: string) {
  const [a, b] = run.apis as [ServerProcess, ServerProcess];
  const headers = { ...WEB, cookie: adviserCookie };
  const dashboard = async () => {
    const res = await fetch(`${a.base}/api/dashboard/${token}`, { headers });
    const body = (await res.json()) as { client?: { token: string; lastName: string } };
    return { hit: res.headers.get('x-response-cache') === 'hit', status: res.status, client: body.client };
  };
  // The repeat answered from memory is the one the check reports. A second request after it could meet an
  // invalidation from an earlier write whose notification arrives late (the sign-in, the worker's mail states), which
  // is the cache doing its job, not a miss of the repeat.
  let before = await dashboard();
  let cachedAfter = NaN;
  try {
    cachedAfter = await waitUntil(
      'a cached dashboard on API 1',
      async () => {
        before = await dashboard();
        return before.hit;
      },
      15_000,
      100,
    );
  } catch {
    // reported below
  }
  const lastName = `Renamed ${Math.random().toString(36).slice(2, 8)}`;
  const renamedAt = performance.now();
  const rename = await fetch(`${b.base}/api/admin/bq_user`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ token: before.client?.token, productConfigurationId: run.productConfigurationId, lastName }),
  });
  let seenAfter = NaN;
  try {
    await waitUntil('the new name on API 1', async () => (await dashboard()).client?.lastName === lastName, 5_000, 5);
    seenAfter = performance.now() - renamedAt;
  } catch {
    // reported below
  }
  check(
    `response cache ${when}: API 1 answers a repeat from memory and shows API 2's write at once`,
    before.hit && rename.status === 200 && Number.isFinite(seenAfter) && seenAfter < 1000,
    `repeat from the cache ${before.hit ? 'yes' : 'no'} (after ${Number.isFinite(cachedAfter) ? `${(cachedAfter / 1000).toFixed(1)} s` : 'never'}); rename on API 2 ${rename.status}; new name on API 1 after ${seenAfter.toFixed(0)} ms`,
  );
}

// ---- 3. kill -9 mid-calculation ----
async function checkCalculationKill(run: Run, account: { accountId: string }, tokens: string[]) {
  const ledgerBefore = await rows<{ n: string; sum: string }>('select count(*) as n, coalesce(sum(delta), 0) as sum from credit_ledger where account_id = $1', [
    account.accountId,
  ]);
  // The worker is stopped while the backlog is submitted, so it meets a full queue when it starts.
  await run.worker.stop('SIGKILL');
  const bad = await inParallel(tokens, 10, (token, i) => postJson(`${run.apis[i % 2]!.base}/api/q/${token}/submit`));
  if (bad.length > 0) throw new Error(`submitting failed: ${bad.slice(0, 5).join(', ')}`);

  let orphaned = 0;
  let calculatingAtKill = 0;
  let doneAtKill = 0;
  let attempts = 0;
  let activeSeen = 0;
  while (orphaned === 0 && attempts < 4) {
    attempts += 1;
    run.worker = await startWorker(run);
    // Kill once a part is done and jobs are active (taken by the worker, not finished).
    const floor = Math.floor(tokens.length * 0.15 * attempts);
    await waitUntil(
      'calculations to be running',
      async () => {
        const active = (await jobStates('interaction-calculate')).active ?? 0;
        activeSeen = Math.max(activeSeen, active);
        return active > 0 && ((await statusCounts(tokens)).RESULTS_AVAILABLE ?? 0) >= floor;
      },
      60_000,
      15,
    );
    await killWorker(run);
    // Jobs still active now belong to the dead worker: pg-boss has no heartbeat, they stay active until they expire.
    orphaned = (await jobStates('interaction-calculate')).active ?? 0;
    const counts = await statusCounts(tokens);
    calculatingAtKill = counts.CALCULATING ?? 0;
    doneAtKill = counts.RESULTS_AVAILABLE ?? 0;
  }
  const killedAt = performance.now();
  run.worker = await startWorker(run);
  let recovery = NaN;
  try {
    // Every result, and every job settled: a job whose result was committed just before the kill is still active
    // and completes (idempotently, without a second result) only after its expiry.
    await waitUntil(
      'every result and every job settled',
      async () => {
        const jobs = await jobStates('interaction-calculate');
        return ((await statusCounts(tokens)).RESULTS_AVAILABLE ?? 0) === tokens.length && !jobs.active && !jobs.retry && !jobs.created;
      },
      150_000,
      500,
    );
    recovery = (performance.now() - killedAt) / 1000;
  } catch {
    // reported below
  }
  const final = await statusCounts(tokens);
  const withResults = await count('select count(*) as n from interaction_instances where token = any($1) and results is not null', tokenList(tokens));
  const reportMails = await rows<{ per: string; n: string }>(
    `select per, count(*) as n from (
       select (select count(*) from mail_outbox m where m.dedupe_key = 'report:' || ii.id) as per
       from interaction_instances ii where ii.token = any($1)) x group by per`,
    tokenList(tokens),
  );
  const ledgerAfter = await rows<{ n: string; sum: string }>('select count(*) as n, coalesce(sum(delta), 0) as sum from credit_ledger where account_id = $1', [
    account.accountId,
  ]);
  const completed = await count(
    `select count(distinct data->>'instanceId') as n from pgboss.job where name = 'interaction-calculate' and state = 'completed' and data->>'instanceId' in (select id::text from interaction_instances where token = any($1))`,
    tokenList(tokens),
  );
  const states = await jobStates('interaction-calculate');
  check(
    'kill -9 mid-calculation: jobs were active when the worker died',
    orphaned > 0,
    `${orphaned} jobs active at the kill (max ${activeSeen} seen), ${doneAtKill}/${tokens.length} results before it, ${calculatingAtKill} CALCULATING; kill attempts ${attempts}`,
  );
  check(
    'after restart: every instance has exactly one result',
    final.RESULTS_AVAILABLE === tokens.length && withResults === tokens.length,
    `${fmt(final)}; ${withResults} with results; all results and jobs settled ${recovery.toFixed(1)} s after the kill`,
  );
  const onePerInstance = reportMails.length === 1 && reportMails[0]!.per === '1' && Number(reportMails[0]!.n) === tokens.length;
  check(
    'after restart: one auto report mail per result, credits unchanged',
    onePerInstance && ledgerAfter[0]!.n === ledgerBefore[0]!.n && ledgerAfter[0]!.sum === ledgerBefore[0]!.sum,
    `report mails per instance: ${reportMails.map((r) => `${r.n} with ${r.per}`).join(', ')}; ledger ${ledgerBefore[0]!.n} rows / ${ledgerBefore[0]!.sum} credits before, ${ledgerAfter[0]!.n} / ${ledgerAfter[0]!.sum} after`,
  );
  check(
    'no calculation job lost',
    completed === tokens.length && !states.failed && !states.active && !states.created && !states.retry,
    `${completed}/${tokens.length} instances with a completed job; jobs: ${fmt(states)}`,
  );
}

// ---- 4. kill -9 mid-mail ----
async function checkMailKill(run: Run, catcher: MailCatcher, adviserCookie: string, tokens: string[]) {
  // The report mails of step 3 are delivered first, so this step's kill lands among the invitations.
  await waitUntil('the report mails to be sent', async () => (await count(`select count(*) as n from mail_outbox where status <> 'SENT'`)) === 0, 120_000, 250);
  const copies = (id: string) => catcher.accepted.get(id)?.length ?? 0;
  const acceptedBefore = [...catcher.accepted.values()].reduce((s, n) => s + n.length, 0);
  const bad = await inParallel(tokens, 8, (token, i) => postJson(`${run.apis[i % 2]!.base}/api/instance/${token}/invite/email`, { cookie: adviserCookie }));
  if (bad.length > 0) throw new Error(`inviting failed: ${bad.slice(0, 5).join(', ')}`);
  const accepted = () => [...catcher.accepted.values()].reduce((s, n) => s + n.length, 0) - acceptedBefore;
  // The kill lands in the middle of the server's delay: some sends have handed over the whole message and wait for the
  // 250 (not right after a 250, which would only test the 250-before-SENT window).
  const midDelay = () => [...catcher.inFlight.values()].some((since) => performance.now() - since > SMTP_DATA_DELAY_MS / 4 && performance.now() - since < (SMTP_DATA_DELAY_MS * 2) / 3);
  await waitUntil('mails to be in flight', () => accepted() >= Math.min(10, tokens.length / 4) && midDelay(), 60_000, 5);
  const inFlightAtKill = [...catcher.inFlight.keys()];
  const kill = await killWorker(run);
  const killedAt = kill.at;
  const sendingAtKill = kill.sending.size;
  const sentAtKill = await count(`select count(*) as n from mail_outbox where kind = 'INVITATION' and status = 'SENT'`);
  run.worker = await startWorker(run);
  let recovery = NaN;
  try {
    await waitUntil('every mail to be SENT', async () => (await count(`select count(*) as n from mail_outbox where status <> 'SENT'`)) === 0, 120_000, 250);
    recovery = (performance.now() - killedAt) / 1000;
  } catch {
    // reported below
  }
  const outbox = await rows<{ message_id: string; status: string; kind: string; attempts: number }>('select message_id, status, kind, attempts from mail_outbox');
  const known = new Set(outbox.map((m) => m.message_id));
  const missing = outbox.filter((m) => copies(m.message_id) === 0);
  const twice = outbox.filter((m) => copies(m.message_id) > 1);
  // A second copy is explained only by a kill that found the mail SENDING after the server had sent its first 250.
  const explained = twice.filter((m) => kills.some((k) => k.sending.has(m.message_id) && catcher.accepted.get(m.message_id)![0]! < k.at));
  const sendingAtKills = kills.reduce((s, k) => s + k.sending.size, 0);
  const cut = inFlightAtKill.filter((id) => catcher.dropped.includes(id)).length;
  const strangers = [...catcher.accepted.keys()].filter((id) => !known.has(id));
  const notSent = outbox.filter((m) => m.status !== 'SENT');
  const invitations = outbox.filter((m) => m.kind === 'INVITATION').length;
  check(
    'kill -9 mid-mail: sends were in progress when the worker died',
    inFlightAtKill.length > 0 && sendingAtKill > 0,
    `${inFlightAtKill.length} messages awaiting the server's 250 (${cut} of them cut off before it), ${sendingAtKill} mails SENDING, ${sentAtKill}/${tokens.length} invitations SENT at the kill`,
  );
  check(
    'after restart: every mail arrived',
    invitations === tokens.length && missing.length === 0 && notSent.length === 0,
    `${outbox.length} mails in the outbox (${invitations} invitations), ${outbox.length - missing.length} arrived, ${notSent.length} not SENT; all ${recovery.toFixed(1)} s after the kill`,
  );
  // At-least-once: only a mail the server had taken (250) before the worker died, and whose SENT was not yet written,
  // may arrive twice, with its Message-ID. Sends cut before the 250 are dropped by the server and resent once.
  check(
    'no mail twice except a 250-before-SENT race (same Message-ID)',
    strangers.length === 0 && twice.every((m) => copies(m.message_id) === 2) && explained.length === twice.length,
    `${twice.length} arrived twice (${explained.length} of them SENDING at a kill after their first 250; ${sendingAtKills} SENDING at the ${kills.length} kills in all), ${catcher.dropped.length} cut before the 250 and sent again, ${strangers.length} unknown Message-IDs`,
  );
}

// ---- 5. PostgreSQL restarted under load ----
interface Sample {
  api: number;
  path: string;
  status: number | 'timeout' | 'error';
  errorKey?: string;
  ms: number;
  at: number;
}

async function checkDatabaseRestart(
  run: Run,
  catcher: MailCatcher,
  adviserCookie: string,
  configId: string,
  spare: { submit: string; invite: string; during: string[] },
) {
  const samples: Sample[] = [];
  let loading = true;
  const paths = ['/api/user', '/api/health/ready', `/api/participants?productConfigurationId=${configId}&status=ALL&q=tester&pageSize=5`];
  for (const api of run.apis) {
    for (const path of paths) {
      const res = await fetch(`${api.base}${path}`, { headers: { ...WEB, cookie: adviserCookie } });
      if (res.status !== 200) throw new Error(`before the restart ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
  }
  const load = run.apis.flatMap((api, a) =>
    Array.from({ length: 4 }, async (_, n) => {
      while (loading) {
        const path = paths[n % paths.length]!;
        const started = performance.now();
        let status: Sample['status'];
        let errorKey: string | undefined;
        try {
          const res = await fetch(`${api.base}${path}`, { headers: { ...WEB, cookie: adviserCookie }, signal: AbortSignal.timeout(10_000) });
          status = res.status;
          const body = await res.text();
          if (!res.ok) errorKey = (JSON.parse(body) as { errorKey?: string }).errorKey;
        } catch (err) {
          status = (err as Error).name === 'TimeoutError' ? 'timeout' : 'error';
        }
        samples.push({ api: a, path, status, errorKey, ms: performance.now() - started, at: performance.now() });
        await sleep(20);
      }
    }),
  );
  // The worker under load too: questionnaires submitted from before the stop until PostgreSQL is back.
  const submissions = new Map<string, number | 'error'>();
  let nextSubmit = 0;
  const submitting = Array.from({ length: 3 }, async (_, n) => {
    while (loading && nextSubmit < spare.during.length) {
      const token = spare.during[nextSubmit++]!;
      try {
        const res = await postJson(`${run.apis[n % 2]!.base}/api/q/${token}/submit`);
        await res.arrayBuffer();
        submissions.set(token, res.status);
      } catch {
        submissions.set(token, 'error');
      }
      await sleep(100);
    }
  });
  await sleep(1500);
  const jobsAtStop = await jobStates('interaction-calculate');
  const stopAt = performance.now();
  await run.cluster.stop();
  const stoppedAt = performance.now();
  await sleep(2000);
  await run.cluster.start();
  const upAt = performance.now();
  // Recovered: each API process answers 200 to everything after some moment.
  const recovered: number[] = [];
  for (let a = 0; a < run.apis.length; a += 1) {
    await waitUntil(
      `API ${a + 1} to answer 200 again`,
      () => {
        const recent = samples.filter((s) => s.api === a && s.at > upAt);
        return recent.length >= 10 && recent.slice(-10).every((s) => s.status === 200);
      },
      30_000,
      100,
    );
    const lastBad = samples.filter((s) => s.api === a && s.status !== 200).at(-1);
    // pg_ctl start returns once the server accepts connections; a failure answered after that counts as recovery time.
    recovered.push(lastBad ? Math.max(0, (lastBad.at - upAt) / 1000) : 0);
  }
  loading = false;
  await Promise.all([...load, ...submitting]);

  const during = samples.filter((s) => s.at >= stopAt);
  const unavailable = during.filter((s) => s.status === 503);
  const wrongKey = unavailable.filter((s) => s.errorKey !== 'error.service.unavailable');
  const otherBad = [
    ...during.filter((s) => s.status !== 200 && s.status !== 503),
    ...[...submissions.values()].filter((status) => status !== 200 && status !== 503).map((status) => ({ status, path: 'submit' })),
  ];
  const slowest = Math.max(...during.map((s) => s.ms));
  const per = run.apis.map((_, a) => unavailable.filter((s) => s.api === a).length);
  const readiness503 = run.apis.map((_, a) => unavailable.filter((s) => s.api === a && s.path === '/api/health/ready').length);
  check(
    'PostgreSQL down: both APIs answer 503 error.service.unavailable',
    per.every((n) => n > 0) && readiness503.every((n) => n > 0) && wrongKey.length === 0,
    `${during.length} requests from the stop on and ${submissions.size} submissions; 503: API 1 ${per[0]}, API 2 ${per[1]} (readiness ${readiness503.join('/')}); ${wrongKey.length} without the errorKey; outage ${((upAt - stopAt) / 1000).toFixed(1)} s (stop took ${((stoppedAt - stopAt) / 1000).toFixed(1)} s)`,
  );
  check(
    'PostgreSQL down: never a 500, no request hangs',
    otherBad.length === 0 && slowest < 5000,
    `${otherBad.length} other answers${otherBad.length ? ` (${[...new Set(otherBad.map((s) => `${s.status} ${s.path}`))].slice(0, 4).join('; ')})` : ''}; slowest ${slowest.toFixed(0)} ms`,
  );
  check(
    'PostgreSQL back: both APIs recover without a restart',
    run.apis.every((api) => api.child.exitCode === null && api.child.signalCode === null),
    `last non-200 answer ${recovered.map((s, a) => `API ${a + 1} ${s.toFixed(1)} s`).join(', ')} after PostgreSQL accepted connections again; not restarted`,
  );

  // The worker, not restarted either, takes new work: a calculation and a mail.
  const workerPid = run.worker.child.pid;
  const submitAt = performance.now();
  const submitted = await postJson(`${run.apis[0]!.base}/api/q/${spare.submit}/submit`);
  const invited = await postJson(`${run.apis[1]!.base}/api/instance/${spare.invite}/invite/email`, { cookie: adviserCookie });
  let calcSeconds = NaN;
  let mailSeconds = NaN;
  try {
    await waitUntil('the new calculation', async () => (await statusCounts([spare.submit])).RESULTS_AVAILABLE === 1, 60_000, 250);
    calcSeconds = (performance.now() - submitAt) / 1000;
  } catch {
    // reported below
  }
  try {
    const mailId = (await rows<{ message_id: string }>(
      `select message_id from mail_outbox m join interaction_instances ii on ii.id = m.instance_id where ii.token = $1 and m.kind = 'INVITATION'`,
      [spare.invite],
    ))[0]?.message_id;
    await waitUntil('the new mail', () => !!mailId && (catcher.accepted.get(mailId)?.length ?? 0) > 0, 60_000, 250);
    mailSeconds = (performance.now() - submitAt) / 1000;
  } catch {
    // reported below
  }
  check(
    'PostgreSQL back: the same worker calculates and mails again',
    submitted.ok && invited.ok && Number.isFinite(calcSeconds) && Number.isFinite(mailSeconds) && run.worker.child.pid === workerPid && run.worker.child.exitCode === null,
    `submit ${submitted.status}, invite ${invited.status}; result after ${calcSeconds.toFixed(1)} s, mail after ${mailSeconds.toFixed(1)} s; worker pid ${workerPid} unchanged`,
  );
  // Every submission the API accepted is calculated once; one refused with 503 wrote nothing (or, if the connection
  // died after its COMMIT, was calculated like an accepted one): nothing is left half-way.
  const accepted = [...submissions].filter(([, status]) => status === 200).map(([token]) => token);
  const refused = [...submissions].filter(([, status]) => status !== 200).map(([token]) => token);
  const tried = [...submissions.keys()];
  const unfinished = (c: Record<string, number>) => (c.FILLED ?? 0) + (c.CALCULATING ?? 0) + (c.PREDICTING ?? 0);
  let settled = NaN;
  try {
    settled = (await waitUntil('the calculations of the outage', async () => unfinished(await statusCounts(tried)) === 0, 120_000, 500)) / 1000;
  } catch {
    // reported below
  }
  const acceptedNow = await statusCounts(accepted);
  const refusedNow = await statusCounts(refused);
  const failedJobs = (await jobStates('interaction-calculate')).failed ?? 0;
  check(
    'PostgreSQL restart: calculations in flight finish exactly once',
    accepted.length > 0 &&
      acceptedNow.RESULTS_AVAILABLE === accepted.length &&
      (refusedNow.OPENED ?? 0) + (refusedNow.RESULTS_AVAILABLE ?? 0) === refused.length &&
      failedJobs === 0,
    `${jobsAtStop.active ?? 0} jobs active, ${jobsAtStop.created ?? 0} waiting at the stop; ${accepted.length} submissions accepted -> ${fmt(acceptedNow)}; ${refused.length} refused -> ${fmt(refusedNow)}; settled ${settled.toFixed(1)} s after the checks above; ${failedJobs} failed jobs`,
  );
}

async function main() {
  console.log(`fault tests: PostgreSQL cluster of its own, 2 API processes + 1 worker (server from ${entry === 'dist' ? 'apps/server/dist/main.js' : 'source via tsx'})`);
  const cluster = await createCluster(await freePort());
  const catcher = await startMailCatcher(SMTP_DATA_DELAY_MS);
  const processes: ServerProcess[] = [];
  const run: Partial<Run> = { cluster };
  const cleanUp = async () => {
    for (const p of new Set([...processes, ...(run.apis ?? []), ...(run.worker ? [run.worker] : [])])) await p.stop('SIGKILL');
    await pool?.end().catch(() => {});
    await catcher.close();
    await cluster.destroy();
    if (run.bench) rmSync(run.bench.env.DATA_DIR!, { recursive: true, force: true });
  };
  // Interrupted (Ctrl-C, a CI timeout): the cluster and the server processes go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: stopping the processes and removing the cluster`);
      void cleanUp().finally(() => process.exit(1));
    });
  }
  try {
    const bench = await createBenchDatabase('fault', cluster.url);
    run.bench = bench;
    pool = new pg.Pool({ connectionString: bench.env.DATABASE_URL, max: 4 });
    // Connections die with the restart (idle or checked out); the pool opens new ones.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const database = await bench.open();
    const account = await seedLoadAccount(database.db, { clients: 0, finishedInstances: 0, adminEmail: ADMIN, adminPassword: PASSWORD, credits: CREDITS });
    const calcTokens = await seedAnsweredInstances(database.db, { account, count: CALCULATIONS, autoSendReport: true, unlocked: true });
    const inviteTokens = await seedAnsweredInstances(database.db, { account, count: INVITATIONS });
    const [spareSubmit, spareInvite, ...duringRestart] = await seedAnsweredInstances(database.db, { account, count: 2 + RESTART_SUBMISSIONS });
    await database.close();
    note(`cluster on port ${cluster.port}, database migrated and seeded (${CALCULATIONS} + ${INVITATIONS} + ${2 + RESTART_SUBMISSIONS} questionnaires) at ${elapsed()}`);

    run.env = {
      SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
      // Sign-out must be seen by the other process at once (the default cache allows 5 s).
      AUTH_CACHE_SECONDS: '0',
      MAIL_SEND_LEASE_SECONDS: String(MAIL_LEASE_SECONDS),
      REMINDER_CHECK_SECONDS: '2',
      JOB_POLL_SECONDS: '0.5',
      DB_POOL_SIZE: '10',
      RESPONSE_CACHE_SECONDS: '30',
    };
    run.productConfigurationId = account.productConfigurationId;
    const api1 = await startServerProcess(bench, 'api', run.env, { entry });
    processes.push(api1);
    const [api2, worker] = await Promise.all([startServerProcess(bench, 'api', run.env, { entry }), startWorker(run as Run)]);
    processes.push(api2, worker);
    run.apis = [api1, api2];
    run.worker = worker;
    note(`processes up at ${elapsed()}`);

    await checkSessions(run as Run);
    const adviser = await signIn(api1.base, ADMIN, PASSWORD);
    await checkCalculationKill(run as Run, account, calcTokens);
    await checkResponseCache(run as Run, adviser.cookie, calcTokens[0]!, 'with two API processes');
    note(`at ${elapsed()}`);
    await checkMailKill(run as Run, catcher, adviser.cookie, inviteTokens);
    note(`at ${elapsed()}`);
    await checkDatabaseRestart(run as Run, catcher, adviser.cookie, account.productConfigurationId, { submit: spareSubmit!, invite: spareInvite!, during: duringRestart });
    await checkResponseCache(run as Run, adviser.cookie, calcTokens[1]!, 'after the PostgreSQL restart');
  } catch (err) {
    check('the script ran to the end', false, (err as Error).message);
    for (const p of [...(run.apis ?? []), ...(run.worker ? [run.worker] : [])]) {
      console.error(`--- output of a server process (last 3000 characters) ---\n${p.output().slice(-3000)}`);
    }
  } finally {
    if (failures.length > 0) {
      // The processes' logs, for the failure's cause (the CI keeps the folder's files only if it collects them).
      for (const [label, p] of [['api-1', run.apis?.[0]], ['api-2', run.apis?.[1]], ['worker', run.worker]] as const) {
        if (!p) continue;
        const file = join(tmpdir(), `bq-fault-${label}-${process.pid}.log`);
        writeFileSync(file, p.output());
        console.error(`${label} log: ${file}`);
      }
    }
    await cleanUp();
  }
  console.log(`\n${failures.length === 0 ? 'all fault checks passed' : `${failures.length} fault check(s) FAILED`} in ${elapsed()}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

await main();
