// What Playwright's JSON report (playwright.config.ts) says went wrong in a browser journey run, for scripts/test.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

export const JOURNEYS_REPORT = 'playwright-report/journeys.json';

/**
 * The browser journeys that failed, or passed only on their retry (flaky), each with its first error: printed last,
 * where a CI log's tail still shows it (Playwright's own account of it is far above).
 */
export function journeyTroubles(path = JOURNEYS_REPORT) {
  if (!existsSync(path)) return [];
  const troubles = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failure = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const message = stripVTControlCharacters(failure?.error?.message ?? failure?.errors?.[0]?.message ?? '')
          .split('\n')
          .filter((line) => line.trim())
          .slice(0, 8);
        const at = failure?.error?.location ? ` at line ${failure.error.location.line}` : '';
        troubles.push(`${test.status === 'flaky' ? 'FLAKY' : 'FAILED'} ${spec.file}:${spec.line} ${spec.title} (${test.projectName || 'chromium'})${at}\n       ${message.join('\n       ')}`);
      }
    for (const child of suite.suites ?? []) visit(child);
  };
  try {
    for (const suite of JSON.parse(readFileSync(path, 'utf8')).suites ?? []) visit(suite);
  } catch (error) {
    troubles.push(`(could not read ${path}: ${error.message})`);
  }
  return troubles;
}
