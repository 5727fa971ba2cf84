// The README's test command (`npm test`): every check, each once, and the database-dependent ones on each
// database. Without DATABASE_URL everything runs on the embedded PGlite. With DATABASE_URL (an admin URL of a
// PostgreSQL server; throw-away databases are created beside it):
//   - the API tests run on PGlite (with the response cache on) and on PostgreSQL, at the same time; once the
//     PostgreSQL pass is done, the build follows it, then the fault script (kill -9, PostgreSQL restart; a PostgreSQL
//     cluster of its own) beside the deployment check (the compose topology behind Caddy), then the journeys tagged
//     @embedded (the start command's own path: the embedded database on its thread, the job worker in process) on
//     PGlite, while PGlite's API pass goes on;
//   - after Lighthouse, all browser journeys run on PostgreSQL in three shards.
// Lint, types, unit and component tests do not depend on the database and run once. Each step's time is
// printed, and a summary at the end, so the CI budget is visible in every run.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { JOURNEYS_REPORT, journeyTroubles } from './journey-report.mjs';
import { JOURNEY_DIR, journeyFiles, planShards, readDurations } from './journey-shards.mjs';

const postgresUrl = process.env.DATABASE_URL;
const withoutDb = { ...process.env };
delete withoutDb.DATABASE_URL;
// The PGlite API pass runs with the response cache on (docs/decisions/0027): PGlite delivers the database's change
// notifications before a write returns, so a write path that leaves a stale cached answer fails the test reading
// after it. The PostgreSQL pass keeps it off: there a direct write in a test reaches the cache a moment later.
const pgliteApiEnv = { ...withoutDb, RESPONSE_CACHE_SECONDS: process.env.RESPONSE_CACHE_SECONDS ?? '30' };
// API_TESTS_PG_NODE_DIR (set by .ci/run): a folder with another Node binary for the PostgreSQL API pass, so CI tests
// the API on the production image's Node (the rest of the run) and on the next LTS at no extra time (decision 0041).
const pgNodeDir = process.env.API_TESTS_PG_NODE_DIR;
const pgApiEnv = pgNodeDir ? { ...process.env, PATH: `${pgNodeDir}:${process.env.PATH}` } : process.env;
const nodeOf = (env) => execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();

/** Runs an npm script (or a command) with its output prefixed when it runs beside another. */
function run(label, command, args, env = process.env, prefix = false) {
  const started = Date.now();
  // Lines naming a failed test file or test (vitest's "FAIL" and "×"), repeated in the summary: with two steps
  // side by side, the failure's own lines are far above the end of the log, which is all a CI page may show.
  // An unhandled error (all tests passed, the run still fails) is kept with the two lines that name it.
  const failures = [];
  let unhandledLines = 0;
  const keepFailure = (line) => {
    // eslint-disable-next-line no-control-regex -- the escape starts the terminal colours vitest prints
    const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
    if (failures.length >= 25 || plain === '') return;
    if (unhandledLines > 0) {
      unhandledLines -= 1;
      failures.push(`  ${plain}`);
    } else if (/Unhandled (Rejection|Error)/.test(plain)) {
      unhandledLines = 2;
      failures.push(plain);
    } else if (/^(FAIL|×)\s/.test(plain) && !failures.includes(plain)) failures.push(plain);
  };
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      const forward = (stream, out) => {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) {
            keepFailure(line);
            out.write(`[${label}] ${line}\n`);
          }
        });
        stream.on('end', () => rest && out.write(`[${label}] ${rest}\n`));
      };
      forward(child.stdout, process.stdout);
      forward(child.stderr, process.stderr);
    }
    child.on('exit', (code, signal) =>
      resolve({ label, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000, failures }),
    );
  });
}

const results = [];
const journeyNotes = [];
// Page states axe found clean in this run, shared by every shard and the @embedded run (e2e/accessibility.ts; not
// under test-results, which Playwright empties when a run starts with it as its output folder): emptied
// once here, so a state is scanned at least once in every run.
const AXE_SEEN = 'playwright-report/axe-seen';
rmSync(AXE_SEEN, { recursive: true, force: true });
/** A browser journey step: runs Playwright, then keeps what its report says went wrong (even when it passed). */
async function journeys(label, args, env, prefix = false) {
  const report = env.E2E_REPORT ?? JOURNEYS_REPORT;
  rmSync(report, { force: true });
  const result = await run(label, 'npx', ['playwright', 'test', ...args], { E2E_AXE_SEEN: AXE_SEEN, ...env }, prefix);
  for (const trouble of journeyTroubles(report)) journeyNotes.push(`[${label}] ${trouble}`);
  return result;
}

/**
 * The journeys in JOURNEY_SHARDS shards (default 3) side by side, each against a server and a database of its own
 * (its own port, so its own mail catcher and OpenID issuer too): within a shard they run one after another as
 * before, so no journey meets another's changes to the demo data. Each shard gets whole spec files, balanced by the
 * time each took in a measured run (scripts/journey-shards.mjs, e2e/durations.json), not Playwright's split by test
 * count. Journeys wait on the browser and the server more than they compute: one shard kept about 0.4 of a core
 * busy (10.7 min of journeys used 4.3 CPU minutes, 2026-11-28), so three shards fit two cores (docs/decisions/0028).
 */
function journeyShards(label, args, env) {
  const count = Math.max(1, Number(process.env.JOURNEY_SHARDS ?? 3));
  if (count === 1) return [journeys(label, args, env)];
  return planShards(journeyFiles(), readDurations(), count).map((shard, index) =>
    journeys(
      `${label} ${index + 1}/${count}`,
      [...args, ...shard.files.map((file) => `${JOURNEY_DIR}/${file}`)],
      {
        ...env,
        E2E_PORT: String(Number(env.E2E_PORT ?? 3199) + index * 200),
        E2E_REPORT: `playwright-report/journeys-${index + 1}.json`,
        E2E_OUTPUT: `test-results/shard-${index + 1}`,
      },
      true,
    ),
  );
}

function report() {
  if (journeyNotes.length > 0) {
    console.log('\n=== browser journeys that failed or needed their retry ===');
    for (const note of journeyNotes) console.log(note);
  }
  console.log('\n=== test summary ===');
  for (const r of results) {
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.label.padEnd(34)} ${r.seconds.toFixed(0).padStart(5)} s`);
    if (!r.ok) for (const failure of r.failures ?? []) console.log(`       ${failure}`);
  }
  const total = results.reduce((s, r) => s + r.seconds, 0);
  console.log(`     (sum of steps ${Math.round(total)} s; parallel steps overlap)`);
}
async function step(...promises) {
  // A promise may stand for a chain of steps (an array of results).
  const done = (await Promise.all(promises)).flat();
  results.push(...done);
  const failed = done.filter((r) => !r.ok);
  if (failed.length > 0) {
    report();
    console.error(`\nFailed: ${failed.map((r) => `${r.label} (exit ${r.code})`).join(', ')}`);
    process.exit(1);
  }
}

const npm = (label, script, env, prefix) => run(label, 'npm', ['run', '--silent', script], env, prefix);

// Side by side: eslint and tsc are single-threaded.
await step(npm('lint', 'lint', process.env, true), npm('typecheck', 'typecheck', process.env, true));
// Alone in its step, so on every core: vitest's default leaves one free for other work (222 s instead of 304 on two
// cores, 2026-12-07).
await step(run('unit + web tests', 'npm', ['run', '--silent', 'test:unit', '--', '--maxWorkers=100%'], withoutDb));
/**
 * After the build, side by side (each is mostly waiting on processes it started): the size budget and the browser
 * setup; with PostgreSQL also
 * - the fault script (fault/run.ts, docs/decisions/0026): its own PostgreSQL cluster (initdb; it does not use
 *   DATABASE_URL's server), the built server as separate processes;
 * - compose.yaml's topology as plain processes behind Caddy (deploy/check-without-docker.sh): needs caddy.
 */
async function buildAndChecks() {
  const build = await npm('build', 'build', process.env, Boolean(postgresUrl));
  if (!build.ok) return [build];
  const checks = [npm('size budget', 'size', process.env, true), run('browser setup', 'node', ['e2e/ensure-chromium.mjs'], process.env, true)];
  if (postgresUrl) {
    checks.push(npm('fault tests (PostgreSQL)', 'test:fault', process.env, true));
    const caddy = await run('caddy present', 'sh', ['-c', 'command -v caddy >/dev/null']);
    if (caddy.ok || process.env.CI) {
      checks.push(run('deployment check (Caddy, PostgreSQL)', 'bash', ['deploy/check-without-docker.sh'], { ...process.env, PG_ADMIN_URL: postgresUrl }, true));
    } else {
      console.log('deployment check left out: caddy is not installed here (apt-get install caddy); CI runs it');
    }
  }
  return [build, ...(await Promise.all(checks))];
}

if (postgresUrl) {
  // The PGlite pass takes a few minutes longer than the PostgreSQL one, and each runs one test file at a time (vitest
  // uses cores - 1 workers): the build and the checks after it use the core the PostgreSQL pass frees.
  await step(
    npm(`api tests (PGlite, ${nodeOf(pgliteApiEnv)})`, 'test:api', pgliteApiEnv, true),
    (async () => {
      const api = await npm(`api tests (PostgreSQL, ${nodeOf(pgApiEnv)})`, 'test:api', pgApiEnv, true);
      if (!api.ok) return [api];
      const checks = await buildAndChecks();
      if (checks.some((r) => !r.ok)) return [api, ...checks];
      // The @embedded journeys (the start command's own path on PGlite) in the minutes the PGlite API pass still
      // runs: it keeps one core busy, the other is free until it ends (about 200 s, 2026-12-07). Not beside the
      // shards: there, on two saturated cores, two of the four journeys timed out (decision 0028's addendum).
      const embedded = await journeys('browser journeys @embedded (PGlite)', ['--grep', '@embedded'], { ...withoutDb, E2E_PORT: '3299' }, true);
      return [api, ...checks, embedded];
    })(),
  );
} else {
  await step(npm('api tests (PGlite)', 'test:api', pgliteApiEnv));
  await step(buildAndChecks());
}
// Lighthouse's mobile profile on a branded account's questionnaire, report, certificate and sign-in page
// (docs/decisions/0054, 0085): alone, as a busy CPU would lower its scores; median of 3, fails below 90 or at a CLS
// of 0.1 and above.
await step(npm('lighthouse (branded questionnaire, report, certificate, sign-in)', 'lighthouse'));
if (postgresUrl) {
  await step(...journeyShards('browser journeys (PostgreSQL)', [], process.env));
} else {
  await step(...journeyShards('browser journeys (PGlite)', [], withoutDb));
}
report();
