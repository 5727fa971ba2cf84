// `npm run lighthouse`: Lighthouse's mobile profile (its default: a mid-range phone, throttled CPU and network)
// against the four pages a client or a firm's user meets first (the questionnaire /q/{token}, the public report, the
// certificate and the sign-in page /login) on the built product (run `npm run build` first), started fresh with demo
// data (e2e/start-server.mjs) on LIGHTHOUSE_PORT (default 3250), in Debian's chromium (CHROME_PATH, default
// /usr/bin/chromium). The demo account is branded first, as a firm would brand it (firm name, address, footer line,
// colour, a logo: the branding API as the demo admin), and an operator assigns it the host `firm.localhost`
// (Chromium sends every *.localhost to this machine), so the sign-in page is measured as the firm's clients and
// users meet it, with its logo (docs/decisions/0085-branded-pages-without-layout-shift.md).
// Each page is measured RUNS times (default 3; argv[2]); the median is printed with the page's JS (files and
// gzipped bytes, as Lighthouse counted the transfer). Exits 1 when a median performance or accessibility score is
// below MIN (LIGHTHOUSE_MIN, default 90) or a median CLS (cumulative layout shift) is 0.1 or more (LIGHTHOUSE_MAX_CLS).
// LIGHTHOUSE_URL=http://127.0.0.1:3000 measures a running server with demo data instead (it is branded too).
// For looking into a page: LIGHTHOUSE_PAGES (comma-separated names, e.g. "public report") measures only those, and
// LIGHTHOUSE_SAVE_DIR keeps each run's full Lighthouse JSON there (its main-thread breakdown, long tasks, bootup).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.argv[2] ?? 3);
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 90);
// Every page's performance, accessibility and layout shift is held at MIN and MAX_CLS. The public report's score moves
// with the machine's speed more than any other page's (its blocking time: 77-98 for one build on this machine,
// decision 0085), so it is measured 5 times; LIGHTHOUSE_MIN_REPORT sets its floor apart for a probe. It was held at 80
// while its median was 83-89 (issue 37 point 12); under Debian's Chromium 156 it is 97-99 (TBT about 100 ms).
const MIN_PERFORMANCE = { 'public report': Number(process.env.LIGHTHOUSE_MIN_REPORT ?? MIN) };
/** Runs of the public report: its spread is the widest, so its median takes more of them. */
const RUNS_OF = { 'public report': Math.max(RUNS, 5) };
const MAX_CLS = Number(process.env.LIGHTHOUSE_MAX_CLS ?? 0.1);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3250);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'admin@demo.example', password: 'Demo-Admin-2026!' };
const ADVISER = { email: 'adviser@demo.example', password: 'Demo-Adviser-2026!' };
const OPERATOR = { email: 'operator@demo.example', password: 'Demo-Operator-2026!' };
/** The firm's own host name: Chromium resolves every *.localhost to the loopback address, no hosts file needed. */
const FIRM_HOST = 'firm.localhost';
/** A firm's logo as firms upload it: an SVG, stored and served as a PNG of its own proportions (here 4:1). */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60">' +
  '<rect width="240" height="60" rx="8" fill="#0b6e4f"/><text x="16" y="40" font-size="28" fill="#ffffff" font-family="sans-serif">KWP</text></svg>';

async function startServer() {
  if (process.env.LIGHTHOUSE_URL) return { base: process.env.LIGHTHOUSE_URL.replace(/\/+$/, '') };
  const server = spawn(process.execPath, ['e2e/start-server.mjs', String(PORT)], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 240; i += 1) {
    const up = await fetch(`${base}/api/system/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, server };
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill('SIGTERM');
  throw new Error(`the server on ${base} did not start`);
}

/** A signed-in API session as the web app has it (its cookie, its X-Source header). */
async function session(base, who) {
  const headers = { 'x-source': 'web', accept: 'application/json' };
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { ...headers, ...json },
    body: JSON.stringify(who),
  });
  if (!login.ok) throw new Error(`sign-in of ${who.email}: ${login.status} ${await login.text()}`);
  headers.cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (method, path, body, type) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body ? { ...headers, 'content-type': type ?? json['content-type'] } : headers,
      body: body ? (type ? body : JSON.stringify(body)) : undefined,
    });
    const text = await res.text();
    if (!res.ok)
      throw Object.assign(new Error(`${method} ${path}: ${res.status} ${text}`), { status: res.status });
    return text ? JSON.parse(text) : null;
  };
  return call;
}

/** A fresh client of `product` with a questionnaire; answered, submitted and unlocked when `finish`. */
async function questionnaire(call, product, finish) {
  const user = await call('GET', '/api/user');
  const config = user.products.find((p) => p.productType === product);
  if (!config) throw new Error(`the demo user has no ${product}`);
  const client = await call('POST', '/api/u', {
    firstName: 'Lena',
    lastName: 'Lighthouse',
    email: `lighthouse.${Date.now()}@example.com`,
    locale: 'DE_DE',
    productConfigurationId: config.id,
  });
  const instance = await call('POST', '/api/instance', {
    clientToken: client.token,
    productConfigurationId: config.id,
    autoSendReport: false,
  });
  if (!finish) return instance.token;
  const { interaction } = await call('GET', `/api/q?token=${instance.token}`);
  const scales = new Map(interaction.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
  const answers = {};
  for (const item of interaction.items) {
    if (item.type === 'choice') answers[item.key] = item.options[Math.floor(item.options.length / 2)].key;
    else {
      const values = scales.get(item.scale);
      answers[item.key] = values[Math.floor(values.length / 2)];
    }
  }
  await call('PUT', `/api/q/${instance.token}/answers`, { answers });
  await call('POST', `/api/q/${instance.token}/submit`);
  // The result is calculated in the background: unlocking waits for it.
  for (let i = 0; ; i += 1) {
    try {
      await call('POST', '/api/credit/unlock', { interactionToken: instance.token });
      return instance.token;
    } catch (error) {
      if (i >= 60) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Brands the demo account as a firm would (docs/decisions/0055) and gives it its own host (docs/decisions/0056). */
async function brand(admin, operator) {
  await admin('PUT', '/api/account/branding', {
    firmName: 'Kanzlei Weiß & Partner',
    address: 'Hafenstraße 1\n20457 Hamburg',
    footerLine: 'Unabhängige Beratung seit 1998',
    primaryColor: '#0b6e4f',
    accentColor: null,
  });
  await admin('POST', '/api/account/branding/logo', LOGO_SVG, 'image/svg+xml');
  const { accountId } = await admin('GET', '/api/user');
  await operator('PUT', `/api/ops/accounts/${accountId}/branding`, { poweredByHidden: false, hosts: [FIRM_HOST] });
}

/**
 * Lighthouse's own trace failures (NO_NAVSTART, NO_FCP on a busy machine: "Please run Lighthouse again") say
 * nothing about the page: such a run is repeated, at most twice, and said so. Any other failure fails at once.
 */
function lighthouse(url, attempt = 1) {
  try {
    return lighthouseOnce(url);
  } catch (error) {
    const traceFailure = /NO_NAVSTART|NO_FCP|run Lighthouse again/i.test(String(error));
    if (!traceFailure || attempt >= 3) throw error;
    console.log(`  (Lighthouse could not record ${url}: ${String(error).match(/\(([A-Z_]+)\)/)?.[1] ?? 'trace'}; run again)`);
    return lighthouse(url, attempt + 1);
  }
}

function lighthouseOnce(url) {
  const dir = mkdtempSync(join(tmpdir(), 'bq-lighthouse-'));
  const out = join(dir, 'report.json');
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js',
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--chrome-path=${CHROME}`,
      // The firm is German and so are its client's questionnaire and report (DE_DE): the browser speaks German, as
      // the client's does. In an English browser the report page asks for its texts a second time, in the report's
      // language, once the content has said which it is (one round trip more before the largest paint).
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --lang=de-DE --accept-lang=de-DE',
    ],
    // On Linux chromium takes its language from LANGUAGE, not from --lang alone.
    { encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROME, LANGUAGE: 'de' } },
  );
  if (run.status !== 0) throw new Error(`lighthouse ${url}: ${run.stderr || run.stdout}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (process.env.LIGHTHOUSE_SAVE_DIR) {
    mkdirSync(process.env.LIGHTHOUSE_SAVE_DIR, { recursive: true });
    copyFileSync(out, join(process.env.LIGHTHOUSE_SAVE_DIR, `${new URL(url).pathname.split('/')[1] || 'root'}-${Date.now()}.json`));
  }
  rmSync(dir, { recursive: true, force: true });
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id) => report.audits[id]?.numericValue ?? NaN;
  // The JS the page loaded: what went over the wire (the server sends brotli where the browser takes it).
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsFiles: scripts.length,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { base, server } = await startServer();
const firmUrl = new URL(base);
firmUrl.hostname = FIRM_HOST;
const firmBase = firmUrl.origin;
let failed = false;
const started = Date.now();
try {
  const adviser = await session(base, ADVISER);
  const admin = await session(base, ADMIN);
  await brand(admin, await session(base, OPERATOR));
  const pages = [
    { name: 'questionnaire', url: `${base}/q/${await questionnaire(adviser, 'BQ_RISK', false)}` },
    { name: 'public report', url: `${base}/bqa/report/${await questionnaire(adviser, 'BQ_RISK', true)}` },
    { name: 'certificate', url: `${base}/bqp/certificate/${await questionnaire(admin, 'BQ_SELECTION', true)}` },
    { name: 'sign-in', url: `${firmBase}/login` },
  ];
  console.log(`Lighthouse (mobile), branded account, median of ${RUNS} (public report: ${RUNS_OF['public report']}); fails below ${MIN} (public report's performance: ${MIN_PERFORMANCE['public report']}) or at CLS ${MAX_CLS} and above`);
  // The browser's version with the figures: a new Chromium moved the public report's score by ten points (decision 0085).
  console.log(`Browser: ${spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
  console.log('page            perf (runs)        a11y  CLS (runs)               LCP     TBT      JS (files, transfer)');
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  for (const page of pages.filter((p) => !only || only.includes(p.name))) {
    const runs = [];
    for (let i = 0; i < (RUNS_OF[page.name] ?? RUNS); i += 1) runs.push(lighthouse(page.url));
    const at = (key) => median(runs.map((r) => r[key]));
    const [perf, a11y, cls] = [at('performance'), at('accessibility'), at('cls')];
    const low = perf < (MIN_PERFORMANCE[page.name] ?? MIN) || a11y < MIN || !(cls < MAX_CLS);
    failed ||= low;
    console.log(
      `${page.name.padEnd(15)} ${String(perf).padStart(3)} (${runs.map((r) => r.performance).join('/')})`.padEnd(35) +
        `${String(a11y).padStart(4)}  ${cls.toFixed(3)} (${runs.map((r) => r.cls.toFixed(3)).join('/')})`.padEnd(33) +
        `${(at('lcp') / 1000).toFixed(1)} s`.padStart(7) +
        `${Math.round(at('tbt'))} ms`.padStart(9) +
        `   ${at('jsFiles')} files, ${(at('jsBytes') / 1024).toFixed(1)} KB` +
        (low ? '  BELOW' : ''),
    );
  }
} finally {
  server?.kill('SIGTERM');
}
console.log(`lighthouse: ${Math.round((Date.now() - started) / 1000)} s`);
if (failed) {
  console.error(`lighthouse: a page scored below ${MIN} or shifted its layout by ${MAX_CLS} or more (median)`);
  process.exit(1);
}
