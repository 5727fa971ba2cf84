// axe-core on every page the journeys visit (issue 12 item 13, docs/decisions/0018-page-weight-and-accessibility.md).
// The `test` of support.ts watches every page of the test, the default one and those of contexts the test opens
// itself, and scans it with axe at fixed points: when a screenshot is taken, when the sign-in form is filled,
// before the page leaves for another URL (goto, reload, close) and at the end of the test. A serious or critical
// violation fails the test, with the rule, the page and the elements in the message; every scan is attached to
// the test's report. Journeys added later are covered without doing anything, as long as they import `test`
// from ./support (a lint rule keeps it so).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';

/** The impacts that fail a test; moderate and minor ones are listed in the attachment only. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const MAX_WAIT_FOR_ANIMATIONS_MS = 2_000;
// Long enough for a loaded machine: at the start of a CI run (three servers starting beside the browsers) the client
// list was still reloading after 5 s (2026-11-28). It used to be dimmed meanwhile, and axe measured its badges'
// contrast half-transparent, even after this wait (2026-11-29); it now keeps full contrast under a running bar.
const MAX_WAIT_FOR_REST_MS = 15_000;
const QUIET_MS = 500;

/** States of pages scanned by this worker (see scan()). */
const scannedStates = new Set<string>();

/**
 * States scanned without a failing finding by any worker of this run: a folder (E2E_AXE_SEEN, the same for every
 * shard, scripts/test.mjs) with one empty file per state. The shards run on two cores and axe is most of the
 * renderers' CPU, so a state one shard found clean is not scanned again by the others. Only clean states are shared:
 * a journey's retry runs in a new worker and scans again what failed.
 */
const SHARED_STATES = process.env.E2E_AXE_SEEN;
const sharedStateFile = (state: string) => join(SHARED_STATES ?? '', createHash('sha256').update(state).digest('hex'));
const scannedCleanElsewhere = (state: string) => Boolean(SHARED_STATES) && existsSync(sharedStateFile(state));
function shareCleanState(state: string): void {
  if (!SHARED_STATES) return;
  mkdirSync(SHARED_STATES, { recursive: true });
  writeFileSync(sharedStateFile(state), '');
}

/**
 * Runs in the page: a hash of what axe judges apart from the data shown, i.e. every element with its attributes and
 * inline styles and whether it holds text of its own. Left out or reduced, because they change with the data and
 * not with what axe finds: ids, generated class names and links (they differ on every load), test ids (they carry
 * tokens), the words of labels and titles (only whether there is one), sizes in inline styles (a bar's width), the
 * numbers of SVG attributes (a chart's geometry) and of aria-valuenow, the order of siblings and how often one kind
 * repeats: a list of 20 rows is the same state as one of 3 with the same kinds of row in another order, though not as
 * one of a single row (axe's rules on duplicates, such as two landmarks of one name, need two). Of axe's serious and
 * critical rules only definition-list looks at the order (a term before its description), which the code sets, not
 * the data; heading order is a moderate rule.
 */
function structureFingerprint(): string {
  const skip = new Set([
    'id',
    'href',
    'src',
    'for',
    'value',
    'data-testid',
    'aria-labelledby',
    'aria-describedby',
    'aria-controls',
    'aria-activedescendant',
  ]);
  const wordsOnly = new Set(['aria-label', 'title', 'alt', 'placeholder']);
  const hashOf = (text: string) => {
    let hash = 5381;
    for (let i = 0; i < text.length; i += 1) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
    return (hash >>> 0).toString(36);
  };
  const subtree = (element: Element): string => {
    const parts = [element.tagName];
    const inSvg = element instanceof SVGElement;
    for (const attribute of element.attributes) {
      if (skip.has(attribute.name)) continue;
      // An empty style attribute is no style: a full-page screenshot leaves one on some inputs.
      if (attribute.name === 'style' && attribute.value.trim() === '') continue;
      // Generated per render: Mantine's ids (mantine-r5) and its classes of responsive styles (__m__-_r_e_).
      let value = attribute.value.replace(/mantine-[\w-]+|__m__-\S+/g, '');
      if (wordsOnly.has(attribute.name)) value = value.trim() ? 'words' : '';
      else if (attribute.name === 'style') value = value.replace(/-?\d+(\.\d+)?(%|px|rem|em)/g, '#');
      // A chart's geometry (paths, positions, sizes) and a meter's value change with the data, and while a chart
      // animates in: scanned mid-animation, the dashboard counted as a new state at every later scan.
      else if ((inSvg || attribute.name === 'aria-valuenow') && /\d/.test(value)) value = '#';
      parts.push(`${attribute.name}=${value}`);
    }
    const ownText = [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
    );
    parts.push(ownText ? 'T' : '-');
    // The children as the set of their kinds, each once or several times, in no order: a list's rows in another
    // order or number are the same state (the client list came back as a new state in nearly every journey).
    const counts = new Map<string, number>();
    for (const child of element.children) {
      const hash = subtree(child);
      counts.set(hash, (counts.get(hash) ?? 0) + 1);
    }
    const children = [...counts].map(([hash, count]) => (count > 1 ? `${hash}+` : hash)).sort();
    return hashOf(`${parts.join(' ')}(${children.join(',')})`);
  };
  return subtree(document.body);
}

/** Runs in the page: with `on`, adds a style sheet that ends every transition at once; without, takes it out. */
function settleTransitions(on: boolean): void {
  const holder = window as unknown as { __axeSettled?: CSSStyleSheet };
  if (on && !holder.__axeSettled) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    holder.__axeSettled = sheet;
  } else if (!on && holder.__axeSettled) {
    const sheet = holder.__axeSettled;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    delete holder.__axeSettled;
  }
}

export interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's explanation of the first elements (contrast figures, missing names). */
  details: string[];
}

/** A URL as a page name: tokens and ids become ":token", so one page is one name across tests. */
export function pageName(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .split('/')
    .map((segment) =>
      /^[0-9a-f-]{16,}$/i.test(segment) || /^(?=.*\d)[\w-]{20,}$/.test(segment) ? ':token' : segment,
    )
    .join('/');
}

export class AccessibilityGuard {
  private readonly findings = new Map<string, Finding>();
  private readonly scans: { page: string; at: string; ms: number; violations: number; failing: number }[] =
    [];
  private readonly visited = new Set<string>();
  private readonly scanned = new Set<string>();
  private readonly tracked = new WeakSet<Page>();
  private readonly contexts = new Set<BrowserContext>();

  constructor(private readonly testInfo: TestInfo) {}

  /**
   * Scans the page as it is now; a closed or blank page is skipped. The time it takes is added to the test's time
   * limit, so the journey keeps all of its own.
   */
  async scan(page: Page, at: string): Promise<void> {
    const started = Date.now();
    try {
      await this.analyze(page, at, started);
    } finally {
      if (this.testInfo.timeout > 0) this.testInfo.setTimeout(this.testInfo.timeout + (Date.now() - started));
    }
  }

  private async analyze(page: Page, at: string, started: number): Promise<void> {
    if (page.isClosed() || !/^https?:/.test(page.url())) return;
    // Pages under /api are not the product's pages: the API reference is Swagger UI's, a PDF preview is the
    // browser's own viewer. They are checked for other things (the CSP journey), not held to the product's axe rule.
    if (new URL(page.url()).pathname.startsWith('/api/')) return;
    const name = pageName(page.url());
    // axe judges the page at rest: once no API call runs (the loading bar is aria-busy, as is a list that reloads)
    // and Mantine's fades of dialogs and menus have ended, not half-transparent text. (Spinners animate forever;
    // only animations that end are waited for.)
    await this.waitForRest(page);
    await page
      .evaluate(
        (ms) =>
          Promise.race([
            Promise.all(
              document
                .getAnimations()
                .filter((animation) =>
                  Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
                )
                .map((animation) => animation.finished.catch(() => undefined)),
            ),
            new Promise((resolve) => setTimeout(resolve, ms)),
          ]).then(() => undefined),
        MAX_WAIT_FOR_ANIMATIONS_MS,
      )
      .catch(() => undefined);
    if (page.isClosed()) return;
    // A page in a state this worker has scanned already (same elements, attributes and styles; other data in the
    // texts) is not scanned again: the login page and the client list come back in almost every journey.
    const state = `${name} ${await page.evaluate(structureFingerprint).catch(() => String(Math.random()))}`;
    if (scannedStates.has(state) || scannedCleanElsewhere(state)) {
      this.scans.push({
        page: name,
        at: `${at} (same state as an earlier scan)`,
        ms: Date.now() - started,
        violations: 0,
        failing: 0,
      });
      this.scanned.add(name);
      return;
    }
    scannedStates.add(state);
    // Transitions end at once while axe runs: a notification that starts to fade in or out during the scan (they close
    // on their own after a few seconds) would otherwise be measured half-transparent (2026-11-29, CI). A constructed
    // sheet: the CSP does not govern it, and it is taken out again after the scan.
    await page.evaluate(settleTransitions, true).catch(() => undefined);
    // axe's "legacy" mode runs it once in the page (0.8 s on a dashboard); the default runs it per frame and then
    // opens a blank page to merge the frames' results (2.2 s for the same findings, 2026-12-07). Only a page with
    // frames needs that: the default also reaches a cross-origin frame (the dev mailbox's sandboxed mail), which
    // legacy mode leaves out.
    const withFrames = page.frames().length > 1;
    const results = await new AxeBuilder({ page })
      .setLegacyMode(!withFrames)
      .options({ resultTypes: ['violations'] })
      .analyze()
      .finally(() => page.evaluate(settleTransitions, false).catch(() => undefined));
    let failing = 0;
    for (const violation of results.violations) {
      const impact = violation.impact ?? 'unknown';
      if (FAILING_IMPACTS.has(impact)) failing += 1;
      const targets = violation.nodes.map((node) => node.target.join(' '));
      const details = violation.nodes.slice(0, 3).map((node) => node.failureSummary ?? '');
      const key = `${name} ${violation.id}`;
      const known = this.findings.get(key);
      if (known) known.targets = [...new Set([...known.targets, ...targets])];
      else
        this.findings.set(key, {
          page: name,
          rule: violation.id,
          impact,
          help: violation.help,
          targets,
          details,
        });
    }
    if (failing === 0) shareCleanState(state);
    this.scanned.add(name);
    this.scans.push({
      page: name,
      at,
      ms: Date.now() - started,
      violations: results.violations.length,
      failing,
    });
  }

  /**
   * Waits (at most MAX_WAIT_FOR_REST_MS) until no API call has run for QUIET_MS: the loading bar is aria-busy
   * while one runs, as is a list that reloads. The quiet span covers a search's debounce. A chart whose library is
   * still loading shows its placeholder (chart-loading): scanned then, the page counted as a new state once the
   * chart arrived and was scanned again (a dashboard's 3.5 s scan twice per journey, 2026-12-07).
   */
  private async waitForRest(page: Page): Promise<void> {
    const until = Date.now() + MAX_WAIT_FOR_REST_MS;
    let quietSince = Date.now();
    while (Date.now() < until && !page.isClosed()) {
      const busy = await page
        .evaluate(() => Boolean(document.querySelector('[aria-busy="true"], [data-testid="chart-loading"]')))
        .catch(() => false);
      if (busy) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Scans before the page leaves its URL or closes, and records the pages it shows. */
  track(page: Page): void {
    if (this.tracked.has(page)) return;
    this.tracked.add(page);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && /^https?:/.test(frame.url())) this.visited.add(pageName(frame.url()));
    });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const close = page.close.bind(page);
    page.goto = async (...args) => {
      await this.scan(page, 'before goto');
      return goto(...args);
    };
    page.reload = async (...args) => {
      await this.scan(page, 'before reload');
      return reload(...args);
    };
    page.close = async (...args) => {
      await this.scan(page, 'before close');
      return close(...args);
    };
  }

  /**
   * Tracks every page of a context. A context the test opened itself is also scanned before it closes (the
   * test's own context closes after the end-of-test scan).
   */
  trackContext(context: BrowserContext, options: { scanOnClose: boolean }): void {
    this.contexts.add(context);
    for (const page of context.pages()) this.track(page);
    context.on('page', (page) => this.track(page));
    if (!options.scanOnClose) return;
    const close = context.close.bind(context);
    context.close = async (...args) => {
      for (const page of context.pages()) await this.scan(page, 'before context close');
      this.contexts.delete(context);
      return close(...args);
    };
  }

  /** Makes browser.newContext() track the contexts it creates, for the duration of one test. */
  watchBrowser(browser: Browser): () => void {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      this.trackContext(context, { scanOnClose: true });
      return context;
    };
    return () => {
      browser.newContext = newContext;
    };
  }

  /** The scans so far: which page, when, and whether it was scanned or found in a state scanned before. */
  scansSoFar(): readonly { page: string; at: string; violations: number; failing: number }[] {
    return [...this.scans];
  }

  /**
   * The end of the test: scans the pages still open (unless the test failed already), attaches the report and
   * answers the findings that fail the test.
   */
  async finish(options: { scanOpenPages: boolean }): Promise<Finding[]> {
    if (options.scanOpenPages) {
      for (const context of this.contexts)
        for (const page of context.pages()) await this.scan(page, 'end of test');
    }
    const findings = [...this.findings.values()];
    const unscanned = [...this.visited].filter((name) => !this.scanned.has(name));
    const report = JSON.stringify(
      {
        test: this.testInfo.titlePath.join(' › '),
        scans: this.scans,
        findings,
        visitedButNotScanned: unscanned,
      },
      null,
      2,
    );
    await this.testInfo.attach('axe.json', { contentType: 'application/json', body: report });
    // Also beside the screenshots, one file per test, to read or sum up after a run.
    mkdirSync('e2e/artifacts/axe', { recursive: true });
    writeFileSync(`e2e/artifacts/axe/${this.testInfo.testId}.json`, report);
    return findings.filter((finding) => FAILING_IMPACTS.has(finding.impact));
  }
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.impact} ${f.rule} on ${f.page}: ${f.help}\n    ${f.targets.slice(0, 5).join('\n    ')}`)
    .join('\n');
}
