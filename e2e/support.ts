// Shared helpers for the browser journeys: the shipped texts (so assertions read like the UI), sign-in,
// screenshots kept as artifacts, a guard that fails a test on any uncaught page error, and axe on every page
// the test visits (./accessibility.ts). Journeys import `test` from here, never from @playwright/test.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page, test as base } from '@playwright/test';
import { AccessibilityGuard, describeFindings } from './accessibility';

const DATA = 'apps/server/src/features/translations/data';
export type Texts = Record<string, string>;
function load(locale: string): Texts {
  return {
    ...(JSON.parse(readFileSync(`${DATA}/${locale}/BQUI.json`, 'utf8')) as Texts),
    ...(JSON.parse(readFileSync(`${DATA}/${locale}/ERROR.json`, 'utf8')) as Texts),
  };
}
export const EN = load('EN_US');
export const DE = load('DE_DE');

/**
 * The product's PUBLIC_URL in the journeys (e2e/start-server.mjs): a journey whose cookies or passkeys must belong to
 * it (passkeys, Google and single sign-on, whose providers send the browser back there) uses it as its baseURL.
 */
export const PUBLIC_BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3199)}`;

export const ADMIN = { email: 'admin@demo.example', password: 'Demo-Admin-2026!' };
export const ADVISER = { email: 'adviser@demo.example', password: 'Demo-Adviser-2026!' };

/** The guard of the running test (one test at a time per worker), for the helpers below. */
let accessibility: AccessibilityGuard | null = null;

export const test = base.extend<{ pageErrors: string[]; accessibility: AccessibilityGuard }>({
  accessibility: [
    async ({ context, browser }, use, testInfo) => {
      const guard = new AccessibilityGuard(testInfo);
      guard.trackContext(context, { scanOnClose: false });
      const unwatch = guard.watchBrowser(browser);
      accessibility = guard;
      try {
        await use(guard);
      } finally {
        unwatch();
        accessibility = null;
      }
      const passedSoFar = testInfo.status === testInfo.expectedStatus;
      const failing = await guard.finish({ scanOpenPages: passedSoFar });
      if (passedSoFar) expect(describeFindings(failing), 'axe: serious or critical violations').toBe('');
    },
    { auto: true },
  ],
  page: async ({ page, accessibility: guard }, use) => {
    guard.track(page);
    await use(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export async function screenshot(page: Page, name: string) {
  await accessibility?.scan(page, `screenshot ${name}`);
  await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

/** Sets the signed-in user's language on the settings page and waits until the page speaks it. */
export async function useLanguage(page: Page, locale: 'EN_US' | 'EN_UK' | 'DE_DE') {
  await page.goto('/settings/language');
  await page.getByTestId(`language-option-${locale}`).check();
  const save = page.locator('form:has([data-testid^="language-option-"]) button[type="submit"]');
  if (await save.isEnabled()) await save.click(); // disabled when it is already the saved language
  await expect(page.locator('html')).toHaveAttribute('lang', { EN_US: 'en-US', EN_UK: 'en-GB', DE_DE: 'de-DE' }[locale]);
}

export async function signIn(page: Page, who: { email: string; password: string }, texts: Texts = EN) {
  await page.getByLabel(texts['login.email']!, { exact: true }).fill(who.email);
  await page.getByLabel(texts['login.password']!, { exact: true }).fill(who.password);
  await accessibility?.scan(page, 'sign-in form');
  await page.getByRole('button', { name: texts['login.submit']!, exact: true }).click();
}

export async function openLoginAndSignIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await signIn(page, who);
  await expect(page).toHaveURL(/\/product\//);
}

// ---- Setting up data through the API, as the signed-in page would (its cookies, its headers) ----

export const WEB_HEADERS = { 'x-source': 'web', accept: 'application/json' };
type ApiResponse = Awaited<ReturnType<APIRequestContext['get']>>;

async function ok<T>(response: ApiResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export const api = {
  get: async <T>(request: APIRequestContext, url: string) => ok<T>(await request.get(url, { headers: WEB_HEADERS })),
  post: async <T>(request: APIRequestContext, url: string, data?: unknown) =>
    ok<T>(await request.post(url, { headers: WEB_HEADERS, data })),
  put: async <T>(request: APIRequestContext, url: string, data?: unknown) =>
    ok<T>(await request.put(url, { headers: WEB_HEADERS, data })),
  /** A DELETE answers 204 without a body. */
  delete: async (request: APIRequestContext, url: string) => {
    const response = await request.delete(url, { headers: WEB_HEADERS });
    if (!response.ok()) throw new Error(`DELETE ${url}: ${response.status()} ${await response.text()}`);
  },
};

/** A new client of the signed-in evaluator with a fresh questionnaire of the product. */
export async function clientWithQuestionnaire(
  request: APIRequestContext,
  opts: {
    product: string;
    firstName: string;
    lastName: string;
    locale: 'EN_US' | 'EN_UK' | 'DE_DE';
    autoSendReport?: boolean;
  },
) {
  const user = await api.get<{ products: { id: string; productType: string }[] }>(request, '/api/user');
  const config = user.products.find((p) => p.productType === opts.product)!;
  const email = `client.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const client = await api.post<{ token: string }>(request, '/api/u', {
    firstName: opts.firstName,
    lastName: opts.lastName,
    email,
    locale: opts.locale,
    productConfigurationId: config.id,
  });
  const instance = await api.post<{ token: string }>(request, '/api/instance', {
    clientToken: client.token,
    productConfigurationId: config.id,
    autoSendReport: opts.autoSendReport ?? false,
  });
  return { email, clientToken: client.token, instanceToken: instance.token };
}

/** Answers every item with its middle value (or `overrides` by item key) and submits, as the client would. */
export async function answerAndSubmit(
  request: APIRequestContext,
  instanceToken: string,
  overrides: Record<string, number | string> = {},
) {
  const questionnaire = await api.get<{
    interaction: {
      scales: { id: string; points: { value: number }[] }[];
      items: { key: string; type: 'likert' | 'choice'; scale?: string; options?: { key: string }[] }[];
    };
  }>(request, `/api/q?token=${instanceToken}`);
  const scales = new Map(questionnaire.interaction.scales.map((s) => [s.id, s.points.map((p) => p.value)]));
  const answers: Record<string, number | string> = {};
  for (const item of questionnaire.interaction.items) {
    if (item.type === 'choice') answers[item.key] = item.options![Math.floor(item.options!.length / 2)]!.key;
    else {
      const values = scales.get(item.scale!)!;
      answers[item.key] = values[Math.floor(values.length / 2)]!;
    }
  }
  await api.put(request, `/api/q/${instanceToken}/answers`, { answers: { ...answers, ...overrides } });
  await api.post(request, `/api/q/${instanceToken}/submit`);
}

/**
 * Opens a submitted questionnaire's dashboard, waits for the background calculation and unlocks it with a credit
 * (the button asks for confirmation first, naming the balance).
 */
export async function unlockOnDashboard(page: Page, product: string, clientToken: string, instanceToken: string) {
  await page.goto(`/${product}/client/${clientToken}/dashboard/${instanceToken}`);
  await expect(page.getByTestId('result-unlock-panel')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('result-unlock-button').click();
  await page.getByTestId('result-unlock-confirm').click();
  await expect(page.getByTestId('result-dashboard')).toHaveAttribute('data-lock-status', 'UNLOCKED');
}

// ---- Mail: the e2e server sends real SMTP to e2e/mail-catcher.mjs, which lists what arrived ----

export interface CaughtMail {
  to: string[];
  /** The From header, decoded: display name and address. */
  from: string;
  subject: string;
  /** The Reply-To header, decoded; empty when the mail has none. */
  replyTo: string;
  text: string;
  html: string;
}

const CATCHER = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3199) + 1001}/messages`;

/** Every mail the catcher received since the e2e server started. */
export async function caughtMails(): Promise<CaughtMail[]> {
  return (await (await fetch(CATCHER)).json()) as CaughtMail[];
}

/** Waits (up to 30 s) for a mail to this address that matches, and returns it. */
export async function waitForMail(
  to: string,
  matches: (mail: CaughtMail) => boolean = () => true,
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtMails()).find((m) => m.to.includes(to) && matches(m));
        return Boolean(found);
      },
      { timeout: 30_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The first link to this server's path prefix in a mail's text, as a path (the mail names PUBLIC_URL). */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${pathPrefix}[^\\s]*)`).exec(mail.text);
  expect(match, `a ${pathPrefix} link in "${mail.subject}"`).not.toBeNull();
  return match![1]!;
}

// ---- Downloads ----

/** Clicks a download button and returns the suggested file name, the PDF's text (pdftotext) and its path. */
export async function downloadFrom(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }), path };
}

/** A PDF's page as a picture among the screenshots (pdftoppm), to look at the document as printed. */
export function pdfPageScreenshot(pdfPath: string, name: string, page = 1) {
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(page), '-l', String(page), '-singlefile', pdfPath, `e2e/artifacts/${name}`]);
}

/** The PDF's document information (pdfinfo): title, author, subject ... */
export function pdfInfo(pdfPath: string): string {
  return execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
}

/**
 * No sideways scrolling at this width; on failure, the innermost elements that stick out (those inside a container
 * that scrolls on its own do not count), to find the culprit at once.
 */
export async function expectFitsWidth(page: Page, width: number) {
  // After a viewport change the layout settles first (the app shell's navigation slides away at its breakpoint; on
  // a loaded CI machine that took long enough for one measurement to see 398 px): a width that stays too wide fails
  // below, naming what sticks out.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5000 })
    .toBeLessThanOrEqual(width)
    .catch(() => undefined);
  const wider = await page.evaluate((limit) => {
    if (document.documentElement.scrollWidth <= limit) return [];
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > limit + 0.5;
    const scrollsOnItsOwn = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX)) return true;
      }
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter((el) => sticksOut(el) && !scrollsOnItsOwn(el))
      .filter((el) => ![...el.children].some(sticksOut) || getComputedStyle(el).overflowX !== 'visible')
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${String(el.className).slice(0, 50)}: ${Math.round(el.getBoundingClientRect().right)} px "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  }, width);
  expect(wider, `elements wider than ${width} px`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
