// Which browser journeys each CI shard runs (scripts/test.mjs). Playwright's own --shard splits by test count, and
// one shard got 52 journeys against another's 25 (35 min against 21, 2026-11-28): the run waits for the longest. Here
// each spec file goes to the shard with the least time so far, longest first, by the durations measured in a run
// (e2e/durations.json). A file without a measured duration counts as the median one.
//   node scripts/journey-shards.mjs --update playwright-report/journeys-*.json   rewrites e2e/durations.json
//   node scripts/journey-shards.mjs                                              prints the plan
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const JOURNEY_DIR = 'e2e';
export const DURATIONS_FILE = 'e2e/durations.json';

/** The journey spec files, by name (e.g. "mail.spec.ts"). */
export function journeyFiles(dir = JOURNEY_DIR) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .sort();
}

export function readDurations(path = DURATIONS_FILE) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

function median(values) {
  if (values.length === 0) return 60;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Splits files into `count` shards of about equal measured time: longest first, each to the shard with the least so
 * far (ties by name, so the plan is the same on every machine). Returns [{ files, seconds }] in shard order.
 */
export function planShards(files, durations, count) {
  const fallback = median(files.map((f) => durations[f]).filter((s) => typeof s === 'number'));
  const secondsOf = (file) => (typeof durations[file] === 'number' ? durations[file] : fallback);
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const byLength = [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b));
  for (const file of byLength) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.files.push(file);
    lightest.seconds += secondsOf(file);
  }
  for (const shard of shards) shard.files.sort();
  return shards;
}

/**
 * Seconds per spec file from Playwright JSON reports: each journey's first try (a retry is an accident of that run,
 * not the file's usual cost). Reports of several shards merge; a file in none is left out.
 */
export function durationsFromReports(reports) {
  const seconds = {};
  const visit = (suite, file) => {
    const name = (suite.file ?? file)?.split('/').pop();
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const first = test.results?.[0];
        if (first && name) seconds[name] = (seconds[name] ?? 0) + first.duration / 1000;
      }
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const report of reports) for (const suite of report.suites ?? []) visit(suite, suite.file);
  return Object.fromEntries(Object.entries(seconds).map(([name, s]) => [name, Math.round(s)]).sort(([a], [b]) => a.localeCompare(b)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--update') {
    const measured = durationsFromReports(args.slice(1).map((path) => JSON.parse(readFileSync(path, 'utf8'))));
    // Files the reports did not run (a run with --grep) keep their earlier figure; deleted files drop out.
    const kept = readDurations();
    const merged = Object.fromEntries(journeyFiles().map((f) => [f, measured[f] ?? kept[f]]).filter(([, s]) => s !== undefined));
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(merged, null, 2)}\n`);
    console.log(`${DURATIONS_FILE}: ${Object.keys(merged).length} files, ${Object.values(merged).reduce((a, b) => a + b, 0)} s in all`);
  }
  const count = Number(process.env.JOURNEY_SHARDS ?? 3);
  for (const [index, shard] of planShards(journeyFiles(), readDurations(), count).entries()) {
    console.log(`shard ${index + 1}/${count}: ${Math.round(shard.seconds)} s, ${shard.files.length} files: ${shard.files.join(' ')}`);
  }
}
