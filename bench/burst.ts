// `npm run bench -- burst` (issue 26 point 4, docs/decisions/0057): the annual review's burst, on PostgreSQL, with the
// processes deploy/check-without-docker.sh starts: two API processes behind Caddy (deploy/Caddyfile, TLS by its
// internal CA), one worker (JOB_CONCURRENCY=8), and an SMTP sink in this process. It imports BENCH_BURST_CLIENTS
// clients (default 100,000) with POST /api/u/import, sends all of them a questionnaire with POST /api/instance/bulk,
// then lets participants arrive at 17 a second for BENCH_BURST_SECONDS (default 60), then at rising rates
// (BENCH_BURST_RATES, BENCH_BURST_STEP_SECONDS each) until the answer saves' p95 crosses 250 ms or 1 % fail.
// A participant is the web app's own calls, back to back: open (GET /api/q), one save per page (PUT .../answers),
// the review (GET /api/q again), submit. Per step it prints requests a second, p50/p95/p99 per call, errors, the
// time from submit to RESULTS_AVAILABLE (p95), mails a second at the sink, this process's own CPU share, and the cores
// each part kept busy (the API processes, the worker, Caddy, PostgreSQL, the bench; bench/cpu-shares.ts), and the CPU
// per participant: the CPU seconds of the API processes, the worker and PostgreSQL from the step's first arrival until
// its last result is calculated, divided by the step's participants (issue 39 point 1).
// Without DATABASE_URL (or with BENCH_BURST_DB=embedded) it measures the embedded default instead: one process as
// `npm start` runs it (ROLE=all: API, worker and PGlite on its thread), no proxy, 10,000 clients, rates 40, 60, 80.
// The invitations are all at the sink before the first participant arrives (a bank sends them the night before), so
// the steps measure the participants alone. A measurement, not part of CI.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { simulateRespondents } from '@bq/scoring/simulate';
import { seedLoadAccount } from '../apps/server/src/features/demo/load-seed';
import { definitionForProduct } from '../apps/server/src/features/interactions/definitions';
import { createBenchDatabase, freePort, percentile, signIn, startServerProcess, type BenchDatabase, type ServerEntry } from './processes';
import { clientCsv } from './client-csv';
import { machineBusySeconds, measureCpu, measureCpuSeconds, type CpuParts } from './cpu-shares';
import { summariseCpuProfile } from './cpu-profile-summary';

const PASSWORD = 'Bench-Burst-2026!';
/** The embedded default (one process on PGlite) instead of PostgreSQL's processes behind Caddy. */
const EMBEDDED = !process.env.DATABASE_URL || process.env.BENCH_BURST_DB === 'embedded';
const CLIENTS = Number(process.env.BENCH_BURST_CLIENTS ?? (EMBEDDED ? 10_000 : 100_000));
const FIRST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 60);
const STEP_SECONDS = Number(process.env.BENCH_BURST_STEP_SECONDS ?? 20);
const RATES = (process.env.BENCH_BURST_RATES ?? (EMBEDDED ? '40,60,80' : '17,25,35,50,70,100')).split(',').map(Number);
/** Where the rising steps stop. The embedded default's target allows up to 1 s at 60 a second (issue 39 point 2). */
const SAVE_P95_LIMIT_MS = EMBEDDED ? 1000 : 250;
/** How long the invitations may take to reach the sink before the participants arrive. */
const INVITATIONS_WAIT_MS = 15 * 60_000;
const RESULT_WAIT_MS = 90_000;
const CALLS = ['open', 'save', 'review', 'submit'] as const;
/** BENCH_BURST_CPU_PROF=true: API 1 runs with --cpu-prof (bench-profiles/); its busiest functions are printed at the end. */
const CPU_PROF = process.env.BENCH_BURST_CPU_PROF === 'true';
const PROFILE_DIR = join(process.cwd(), 'bench-profiles');
/** The production bundle as the compose file runs it, once built (`npm run build`); BENCH_BURST_ENTRY=source for tsx. */
const ENTRY: ServerEntry = process.env.BENCH_BURST_ENTRY === 'source' || !existsSync('apps/server/dist/main.js') ? 'source' : 'dist';
type Call = (typeof CALLS)[number];

async function startCaddy(httpsPort: number, upstreams: string[]) {
  const work = mkdtempSync(join(tmpdir(), 'bq-burst-caddy-'));
  const httpPort = await freePort();
  writeFileSync(join(work, 'Caddyfile'), `{\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n}\nimport ${process.cwd()}/deploy/Caddyfile\n`);
  const child = spawn('caddy', ['run', '--config', join(work, 'Caddyfile')], {
    env: { ...process.env, XDG_DATA_HOME: join(work, 'data'), XDG_CONFIG_HOME: join(work, 'config'), SITE_ADDRESS: `localhost:${httpsPort}`, API_UPSTREAMS: upstreams.join(' ') },
    stdio: 'ignore',
  });
  const base = `https://localhost:${httpsPort}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false)) break;
    if (i > 150) throw new Error('caddy did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(work, { recursive: true, force: true });
    },
  };
}

interface Questionnaire {
  interaction: { pages: { itemKeys: string[] }[] };
}

export async function runBurstBench(): Promise<void> {
  // Caddy's internal CA is not trusted by this process; the proxy's certificate is what it is.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const bench = await createBenchDatabase('burst', EMBEDDED ? '' : process.env.DATABASE_URL);
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const seeded = await bench.open();
  const account = await seedLoadAccount(seeded.db, { clients: 0, finishedInstances: 0, adminEmail: 'burst-admin@bench.example', adminPassword: PASSWORD });

  // Closed before the servers start: a PGlite folder has one user at a time (PostgreSQL's reads get their own pool).
  await seeded.close();

  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  let participantsStartedAt = 0;
  if (CPU_PROF) mkdirSync(PROFILE_DIR, { recursive: true });
  const profilesBefore = new Set(CPU_PROF ? readdirSync(PROFILE_DIR) : []);
  const profiled = { entry: ENTRY, nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [] };
  const topology = EMBEDDED
    ? await embeddedTopology(bench, smtpUrl, profiled)
    : await postgresTopology(bench, smtpUrl, profiled);
  const { base } = topology;
  console.log(`  ${topology.description}; ${cpus().length} cores; load average at start ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  try {
    const adviser = await signIn(base, account.adminEmail, PASSWORD);
    const headers = { cookie: adviser.cookie, 'x-source': 'web' };

    // Import.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(clientCsv(CLIENTS, 'burst'))], { type: 'text/csv' }), 'clients.csv');
    let t0 = performance.now();
    const imported = await fetch(`${base}/api/u/import?productConfigurationId=${account.productConfigurationId}`, { method: 'POST', headers, body: form });
    if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
    const importSeconds = (performance.now() - t0) / 1000;
    console.log(`  import of ${CLIENTS.toLocaleString('en')} clients (POST /api/u/import)       ${importSeconds.toFixed(1)} s, ${Math.round(CLIENTS / importSeconds)} rows a second`);

    // Bulk send to all.
    t0 = performance.now();
    const mailsAtStart = received;
    const started = await fetch(`${base}/api/instance/bulk`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ productConfigurationId: account.productConfigurationId, filter: { status: 'ALL' }, sendInvitationEmail: true, autoSendReport: false, autoReminder: false }),
    });
    if (started.status !== 202) throw new Error(`bulk send: ${started.status} ${await started.text()}`);
    const { id } = (await started.json()) as { id: string };
    let progress = { finished: false, created: 0, failed: 0, status: '' };
    while (!progress.finished) {
      await new Promise((r) => setTimeout(r, 500));
      progress = (await (await adviser.get(`/api/instance/bulk/${id}`)).json()) as typeof progress;
    }
    const bulkSeconds = (performance.now() - t0) / 1000;
    console.log(
      `  bulk send to all (POST /api/instance/bulk)                ${bulkSeconds.toFixed(1)} s: ${progress.created} created, ${progress.failed} failed (${progress.status}), ${Math.round(progress.created / bulkSeconds)} a second; ${received - mailsAtStart} mails at the sink by then`,
    );

    // The invitations out first: the steps measure the participants, not the night's mailing.
    const mailWaitStart = performance.now();
    while (received - mailsAtStart < progress.created && performance.now() - mailWaitStart < INVITATIONS_WAIT_MS) await new Promise((r) => setTimeout(r, 500));
    console.log(`  the invitations at the sink                                 ${received - mailsAtStart} after another ${((performance.now() - mailWaitStart) / 1000).toFixed(1)} s`);
    const tokens = await topology.openTokens(account.accountId);
    const answerSets = simulateRespondents(definitionForProduct('BQ_RISK'), { count: 50, seed: 11, consistency: 0.8 }).map((r) => r.answers);
    let nextToken = 0;

    console.log(
      `  ${'arrivals/s'.padEnd(10)} ${'req/s'.padStart(6)}  ${CALLS.map((c) => `${c} p50/p95/p99 ms`.padStart(22)).join(' ')}  ${'errors'.padStart(6)}  ${'results p95'.padStart(11)}  ${'mails/s'.padStart(7)}  bench CPU`,
    );
    let crossed: number | null = null;
    participantsStartedAt = performance.now();
    for (const [stepIndex, rate] of RATES.entries()) {
      const seconds = stepIndex === 0 ? FIRST_SECONDS : STEP_SECONDS;
      const latencies: Record<Call, number[]> = { open: [], save: [], review: [], submit: [] };
      let errors = 0;
      const errorKinds = new Map<string, number>();
      const countError = (kind: string) => {
        errors += 1;
        errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
      };
      let requests = 0;
      const submitted: string[] = [];
      const timed = async (call: Call, run: () => Promise<Response>) => {
        const start = performance.now();
        requests += 1;
        try {
          const res = await run();
          const body = await res.text();
          latencies[call].push(performance.now() - start);
          if (!res.ok) {
            countError(`${call} ${res.status}${/"errorKey":"([^"]+)"/.exec(body)?.[1] ? ` ${/"errorKey":"([^"]+)"/.exec(body)![1]}` : ''}`);
            return null;
          }
          return body;
        } catch (err) {
          countError(`${call} ${(err as Error).cause ? String((err as { cause: { code?: string } }).cause.code) : (err as Error).message}`);
          return null;
        }
      };
      const participant = async (token: string, answers: Record<string, string | number>) => {
        const opened = await timed('open', () => fetch(`${base}/api/q?token=${token}`));
        if (!opened) return;
        const q = JSON.parse(opened) as Questionnaire;
        for (const page of q.interaction.pages) {
          const pageAnswers = Object.fromEntries(page.itemKeys.filter((k) => k in answers).map((k) => [k, answers[k]!]));
          const saved = await timed('save', () =>
            fetch(`${base}/api/q/${token}/answers`, { method: 'PUT', headers: { 'x-source': 'web', 'content-type': 'application/json' }, body: JSON.stringify({ answers: pageAnswers }) }),
          );
          if (saved === null) return;
        }
        if ((await timed('review', () => fetch(`${base}/api/q?token=${token}`))) === null) return;
        if ((await timed('submit', () => fetch(`${base}/api/q/${token}/submit`, { method: 'POST', headers: { 'x-source': 'web' } }))) !== null) submitted.push(token);
      };

      const cpu0 = process.cpuUsage();
      const cpuSeconds = measureCpuSeconds(topology.cpuParts);
      const machine0 = machineBusySeconds();
      const cpuByPart = measureCpu(topology.cpuParts);
      const mails0 = received;
      const stepStart = performance.now();
      const running: Promise<void>[] = [];
      const arrivals = Math.round(rate * seconds);
      for (let i = 0; i < arrivals; i++) {
        // Open loop: arrivals keep their schedule whatever the answers' latency.
        const due = stepStart + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const token = tokens[nextToken++];
        if (!token) break;
        running.push(participant(token, answerSets[i % answerSets.length]!));
      }
      await Promise.all(running);
      const wall = (performance.now() - stepStart) / 1000;
      const cpuLine = cpuByPart();
      const cpu = process.cpuUsage(cpu0);
      const benchCpuSeconds = (cpu.user + cpu.system) / 1e6;
      const machineBusy = machineBusySeconds() - machine0;
      const mailsPerSecond = (received - mails0) / wall;

      // Submit to RESULTS_AVAILABLE, from the rows' own times (filled_at, and updated_at of the last status change).
      const waitUntil = Date.now() + RESULT_WAIT_MS;
      let delays: number[] = [];
      for (;;) {
        const rows = await topology.resultRows(submitted);
        const done = rows.filter((r) => r.status === 'RESULTS_AVAILABLE');
        delays = done.map((r) => Number(r.ms)).sort((a, b) => a - b);
        if (done.length === submitted.length || Date.now() > waitUntil) {
          // Not there within the wait: counted as the wait (a lower bound).
          delays.push(...Array.from({ length: submitted.length - done.length }, () => RESULT_WAIT_MS));
          delays.sort((a, b) => a - b);
          break;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      const cells = CALLS.map((c) => {
        const sorted = latencies[c].sort((a, b) => a - b);
        return `${percentile(sorted, 50).toFixed(0)}/${percentile(sorted, 95).toFixed(0)}/${percentile(sorted, 99).toFixed(0)}`.padStart(22);
      });
      const savesP95 = percentile(latencies.save, 95);
      console.log(
        `  ${String(rate).padEnd(10)} ${(requests / wall).toFixed(0).padStart(6)}  ${cells.join(' ')}  ${String(errors).padStart(6)}  ${`${(percentile(delays, 95) / 1000).toFixed(1)} s`.padStart(11)}  ${mailsPerSecond.toFixed(0).padStart(7)}  ${((100 * benchCpuSeconds) / wall).toFixed(0)} % of a core, ${((100 * benchCpuSeconds) / Math.max(machineBusy, 0.001)).toFixed(0)} % of the machine's busy time (${arrivals} participants, ${wall.toFixed(0)} s)`,
      );
      console.log(`             ${cpuLine}`);
      const used = cpuSeconds();
      const perParticipant = topology.participantParts.map((part) => [part, (1000 * (used.parts[part] ?? 0)) / Math.max(1, arrivals)] as const);
      console.log(
        `             CPU per participant (until the step's last result): ${perParticipant.reduce((sum, [, ms]) => sum + ms, 0).toFixed(1)} ms (${perParticipant.map(([part, ms]) => `${part} ${ms.toFixed(1)}`).join(', ')})`,
      );
      if (errors > 0) console.log(`             errors: ${[...errorKinds].map(([k, n]) => `${n} ${k}`).join(', ')}`);
      if (savesP95 > SAVE_P95_LIMIT_MS || errors > 0.01 * requests) {
        crossed = rate;
        break;
      }
    }
    console.log(
      crossed === null
        ? `  the answer saves' p95 stayed under ${SAVE_P95_LIMIT_MS} ms up to ${RATES[RATES.length - 1]} arrivals a second`
        : `  the answer saves' p95 crosses ${SAVE_P95_LIMIT_MS} ms (or errors pass 1 %) at ${crossed} arrivals a second`,
    );
  } finally {
    await topology.stop(async () => {
      if (!CPU_PROF || participantsStartedAt === 0) return;
      // The window: from the first arrival to the profiled process's stop (idle samples do not count).
      const seconds = (performance.now() - participantsStartedAt) / 1000;
      for (const file of readdirSync(PROFILE_DIR).filter((f) => f.endsWith('.cpuprofile') && !profilesBefore.has(f))) {
        console.log(`\n  ${topology.profiledName}'s CPU profile while participants arrived: ${join(PROFILE_DIR, file)}`);
        summariseCpuProfile(JSON.parse(readFileSync(join(PROFILE_DIR, file), 'utf8')), seconds);
      }
    });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await bench.drop();
  }
}

interface Topology {
  base: string;
  description: string;
  cpuParts: CpuParts;
  /** The parts whose CPU counts per participant (not the proxy, not the bench). */
  participantParts: string[];
  profiledName: string;
  openTokens(accountId: string): Promise<string[]>;
  resultRows(tokens: string[]): Promise<{ status: string; ms: number }[]>;
  /** Stops everything; `afterProfiled` runs once the profiled process has written its profile. */
  stop(afterProfiled: () => Promise<void>): Promise<void>;
}
type Profiled = { entry: ServerEntry; nodeArgs: string[] };
const entryName = (entry: ServerEntry) => (entry === 'dist' ? 'apps/server/dist, the production bundle' : 'source through tsx');

/** Two API processes behind Caddy and one worker on PostgreSQL, as compose.yaml runs them; API 1 is the profiled one. */
async function postgresTopology(bench: BenchDatabase, smtpUrl: string, profiled: Profiled): Promise<Topology> {
  const [port1, port2] = [await freePort(), await freePort()];
  const caddyPort = await freePort();
  const env = { SMTP_URL: smtpUrl, MAIL_FROM: 'bench@bench.example', TRUST_PROXY: 'true', DB_POOL_SIZE: '20', PUBLIC_URL: `https://localhost:${caddyPort}` };
  const api1 = await startServerProcess(bench, 'api', env, { port: port1, ...profiled });
  const api2 = await startServerProcess(bench, 'api', env, { port: port2, entry: profiled.entry });
  const worker = await startServerProcess(bench, 'worker', { ...env, JOB_CONCURRENCY: '8' }, { entry: profiled.entry });
  const caddy = await startCaddy(caddyPort, [`127.0.0.1:${port1}`, `127.0.0.1:${port2}`]);
  const reader = await bench.open();
  return {
    base: caddy.base,
    description: `PostgreSQL; 2 API processes (${entryName(profiled.entry)}) behind Caddy (${caddy.base}), 1 worker, SMTP sink`,
    cpuParts: { pids: { 'API 1': api1.child.pid, 'API 2': api2.child.pid, worker: worker.child.pid, Caddy: caddy.pid, bench: process.pid }, commands: { PostgreSQL: 'postgres' } },
    participantParts: ['API 1', 'API 2', 'worker', 'PostgreSQL'],
    profiledName: 'API 1',
    openTokens: async (accountId) =>
      ((await reader.executeSql(`select token from interaction_instances where account_id = $1 order by random()`, [accountId])) as { rows: { token: string }[] }).rows.map((r) => r.token),
    resultRows: async (tokens) =>
      (
        (await reader.executeSql(`select status, extract(epoch from (updated_at - filled_at)) * 1000 as ms from interaction_instances where token = any($1::text[])`, [
          `{${tokens.join(',')}}`,
        ])) as { rows: { status: string; ms: number }[] }
      ).rows,
    stop: async (afterProfiled) => {
      await reader.close();
      await caddy.stop();
      await worker.stop();
      await api1.stop();
      await afterProfiled();
      await api2.stop();
    },
  };
}

/** The start command's process (ROLE=all) on PGlite; it answers the bench's reads itself (features/ops/bench-routes.ts). */
async function embeddedTopology(bench: BenchDatabase, smtpUrl: string, profiled: Profiled): Promise<Topology> {
  const server = await startServerProcess(bench, 'all', { SMTP_URL: smtpUrl, MAIL_FROM: 'bench@bench.example', BENCH_ROUTES: 'true' }, profiled);
  const post = (path: string, body: unknown) =>
    fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-source': 'web' }, body: JSON.stringify(body) });
  return {
    base: server.base,
    description: `PGlite; the start command's one process (ROLE=all, ${entryName(profiled.entry)}), SMTP sink`,
    cpuParts: { pids: { server: server.child.pid, bench: process.pid } },
    participantParts: ['server'],
    profiledName: 'the server',
    openTokens: async () => {
      const res = await fetch(`${server.base}/api/bench/open-tokens`);
      // 404: a bundle built before the bench's routes (npm run build, or BENCH_BURST_ENTRY=source).
      if (!res.ok) throw new Error(`open tokens: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { tokens: string[] }).tokens;
    },
    resultRows: async (tokens) => {
      const rows: { status: string; ms: number }[] = [];
      for (let from = 0; from < tokens.length; from += 10_000) {
        const res = await post('/api/bench/result-delays', { tokens: tokens.slice(from, from + 10_000) });
        if (!res.ok) throw new Error(`result delays: ${res.status} ${await res.text()}`);
        rows.push(...((await res.json()) as { results: { status: string; ms: number }[] }).results);
      }
      return rows;
    },
    stop: async (afterProfiled) => {
      await server.stop();
      await afterProfiled();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runBurstBench();
