// `npm run bench:web`: the first load as a user meets it, in Debian's chromium against the built product (run
// `npm run build` first). Prints per scenario the JS the page fetched (bytes on the wire), how long the
// "Loading…" placeholder showed after sign-in, the time from the click to the client list, the requests of that
// span as a waterfall, and how often the translations were fetched. A measurement, not a pass/fail test.
// BENCH_URL=http://127.0.0.1:3000 measures a running server; otherwise one is started (e2e/start-server.mjs,
// demo data, a fresh database) on BENCH_PORT (default 3298).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

const RUNS = Number(process.argv[2] ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3298);
const EN = JSON.parse(
  readFileSync('apps/server/src/features/translations/data/EN_US/BQUI.json', 'utf8'),
) as Record<string, string>;
const LOADING = EN['common.loading']!;
const ADMIN = { email: 'admin@demo.example', password: 'Demo-Admin-2026!' };

async function startServer(): Promise<{ base: string; server?: ChildProcess }> {
  if (process.env.BENCH_URL) return { base: process.env.BENCH_URL.replace(/\/+$/, '') };
  const server = spawn(process.execPath, ['e2e/start-server.mjs', String(PORT)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i += 1) {
    if (
      await fetch(`${base}/api/system/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, server };
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`the server on ${base} did not start`);
}

/**
 * Installed before any page script: records, on the page's own clock, each span during which the whole-page
 * "Loading…" placeholder (role=status with that text) was in the DOM. A string, not a function: the TypeScript
 * loader would add helpers to a function that do not exist in the page.
 */
const watchLoader = (loadingText: string) => `
  performance.setResourceTimingBufferSize(2000);
  const spans = (window.__loaderSpans = []);
  const check = () => {
    const shown = [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent.includes(${JSON.stringify(loadingText)}));
    const open = spans.at(-1);
    if (shown && (!open || open.to !== undefined)) spans.push({ from: performance.now() });
    if (!shown && open && open.to === undefined) open.to = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
`;

interface Resource {
  name: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  encodedBodySize: number;
  transferSize: number;
}

const resources = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.toJSON() as Resource));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const jsBytes = (list: Resource[]) =>
  list.filter((r) => /\.js(\?|$)/.test(r.name)).reduce((sum, r) => sum + r.encodedBodySize, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
type Spans = { from: number; to?: number }[];
const loaderSpans = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __loaderSpans: Spans }).__loaderSpans);
const shownSince = (spans: Spans, since: number, end: number) =>
  spans.filter((s) => s.from >= since - 1).reduce((sum, s) => sum + ((s.to ?? end) - s.from), 0);

function waterfallOf(list: Resource[], since: number): string[] {
  return list.map((r) => {
    const url = new URL(r.name);
    const path = url.pathname + (url.search ? '?…' : '');
    return `  ${(r.startTime - since).toFixed(0).padStart(6)} → ${(r.responseEnd - since).toFixed(0).padStart(6)} ms  ${kb(r.encodedBodySize).padStart(9)}  ${path}`;
  });
}

async function newPage(browser: Browser, base: string, storageState?: BrowserContextOptions['storageState']) {
  // A fresh context each time: an empty cache, as on a first visit.
  const context = await browser.newContext({ baseURL: base, locale: 'en-US', storageState });
  const page = await context.newPage();
  if (CPU_SLOWDOWN > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  await page.addInitScript(watchLoader(LOADING));
  const i18nRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/i18ns')) i18nRequests.push(request.url());
  });
  return { context, page, i18nRequests };
}

async function run() {
  const { base, server } = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const figures = {
    loginJs: [] as number[],
    loginReadyMs: [] as number[],
    signInJs: [] as number[],
    signInLoaderMs: [] as number[],
    signInToListMs: [] as number[],
    signInI18n: [] as number[],
    reopenLoaderMs: [] as number[],
    reopenToListMs: [] as number[],
    reopenI18n: [] as number[],
  };
  let signInWaterfall: string[] = [];
  let reopenWaterfall: string[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      // 1. A first visit: /login, then sign in and wait for the client list.
      const first = await newPage(browser, base);
      const { page } = first;
      await page.goto('/login');
      await page.getByLabel(EN['login.email']!, { exact: true }).waitFor();
      figures.loginReadyMs.push(await page.evaluate(() => performance.now()));
      await page.waitForLoadState('networkidle');
      figures.loginJs.push(jsBytes(await resources(page)));

      await page.getByLabel(EN['login.email']!, { exact: true }).fill(ADMIN.email);
      await page.getByLabel(EN['login.password']!, { exact: true }).fill(ADMIN.password);
      const clickAt = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: EN['login.submit']!, exact: true }).click();
      await page.getByTestId('client-list-table').waitFor({ timeout: 60_000 });
      const listAt = await page.evaluate(() => performance.now());
      await page.waitForLoadState('networkidle');
      figures.signInLoaderMs.push(shownSince(await loaderSpans(page), clickAt, listAt));
      figures.signInToListMs.push(listAt - clickAt);
      const afterClick = (await resources(page)).filter((r) => r.startTime >= clickAt - 1);
      figures.signInJs.push(jsBytes(afterClick));
      figures.signInI18n.push(first.i18nRequests.length);
      if (run === RUNS - 1) signInWaterfall = waterfallOf(afterClick, clickAt);
      const session = await first.context.storageState();
      await first.context.close();

      // 2. The signed-in user opens the app again (a new tab, an empty cache): / until the client list shows.
      const again = await newPage(browser, base, session);
      await again.page.goto('/');
      await again.page.getByTestId('client-list-table').waitFor({ timeout: 60_000 });
      const shownAt = await again.page.evaluate(() => performance.now());
      await again.page.waitForLoadState('networkidle');
      figures.reopenLoaderMs.push(shownSince(await loaderSpans(again.page), 0, shownAt));
      figures.reopenToListMs.push(shownAt);
      figures.reopenI18n.push(again.i18nRequests.length);
      if (run === RUNS - 1) reopenWaterfall = waterfallOf(await resources(again.page), 0);
      await again.context.close();
    }
  } finally {
    await browser.close();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }
  const ms = (values: number[]) =>
    `${median(values).toFixed(0)} ms  (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
  console.log(
    `first load in chromium against ${base}: ${RUNS} runs, empty cache, CPU slowdown ${CPU_SLOWDOWN}x; medians`,
  );
  console.log(`  /login  JS on the wire                         ${kb(median(figures.loginJs))}`);
  console.log(`  /login  form shown after                       ${ms(figures.loginReadyMs)}`);
  console.log(`  sign-in JS on the wire after the click         ${kb(median(figures.signInJs))}`);
  console.log(`  sign-in "${LOADING}" shown                     ${ms(figures.signInLoaderMs)}`);
  console.log(`  sign-in click → client list                    ${ms(figures.signInToListMs)}`);
  console.log(`  sign-in GET /api/i18ns (login page + sign-in)  ${figures.signInI18n.join(', ')}`);
  console.log(`  reopen  "${LOADING}" shown                     ${ms(figures.reopenLoaderMs)}`);
  console.log(`  reopen  navigation start → client list         ${ms(figures.reopenToListMs)}`);
  console.log(`  reopen  GET /api/i18ns                         ${figures.reopenI18n.join(', ')}`);
  if (process.env.BENCH_WATERFALL) {
    console.log(`\nsign-in requests (last run), start → end after the click:\n${signInWaterfall.join('\n')}`);
    console.log(
      `\nreopen requests (last run), start → end after navigation start:\n${reopenWaterfall.join('\n')}`,
    );
  }
}

await run();
