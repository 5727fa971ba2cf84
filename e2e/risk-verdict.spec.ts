// Issue 11, the risk verdict (decision 0013): a cautious, a balanced and a bold client answer the risk
// questionnaire, in English and in German (one of them per language by mouse in their own browser); the adviser
// unlocks each result with a credit and reads the verdict on the dashboard (which limit set the class and why, what
// to explain first, the one-sentence flag), then downloads the report PDF, whose first page (and the pages with the
// verdict and the suitability statement) are rendered to pictures (pdftoppm) next to the dashboard's screenshot in e2e/artifacts/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { ADVISER, answerAndSubmit, clientWithQuestionnaire, DE, EN, expect, openLoginAndSignIn, screenshot, test, unlockOnDashboard, useLanguage } from './support';
import { BALANCED, BOLD, CAUTIOUS, type RiskAnswers } from './risk-profiles';

type Locale = 'EN_US' | 'DE_DE';
const DATA = 'apps/server/src/features/translations/data';
const textsOf = (locale: Locale, type: string) => JSON.parse(readFileSync(`${DATA}/${locale}/${type}.json`, 'utf8')) as Record<string, string>;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

interface Case {
  profile: 'cautious' | 'balanced' | 'bold';
  answers: RiskAnswers;
  names: Record<Locale, [string, string]>;
  /** What the rules of decision 0013 make of the answers. */
  suitableClass: number;
  toleranceClass: number;
  binding: string | null;
  explainFirst: string[];
  flag: 'ABOVE' | 'BELOW' | null;
}

const CASES: Case[] = [
  {
    // Attitude class 3, but the money is needed in 1-3 years: at most class 2. Sees themselves at 4: flagged above.
    profile: 'cautious',
    answers: { ...CAUTIOUS, self_estimate: 4 },
    names: { EN_US: ['Margaret', 'Holloway'], DE_DE: ['Ingrid', 'Vogel'] },
    toleranceClass: 3,
    suitableClass: 2,
    binding: 'horizon',
    explainFirst: [],
    flag: 'ABOVE',
  },
  {
    // Attitude class 5; 10,000-25,000 bearable of 50,000-250,000 (about 14 %) allows class 4; one knowledge question wrong.
    profile: 'balanced',
    answers: BALANCED,
    names: { EN_US: ['Daniel', 'Price'], DE_DE: ['Stefan', 'Brandt'] },
    toleranceClass: 5,
    suitableClass: 4,
    binding: 'loss_money',
    explainFirst: ['knowledge_check_3'],
    flag: null,
  },
  {
    profile: 'bold',
    answers: BOLD,
    names: { EN_US: ['Ryan', 'Fletcher'], DE_DE: ['Jana', 'Schäfer'] },
    toleranceClass: 7,
    suitableClass: 7,
    binding: null,
    explainFirst: [],
    flag: null,
  },
];

/** The client answers every page by mouse in their own browser, as the profile says, and submits. */
async function answerAsParticipant(browser: Browser, pageErrors: string[], token: string, locale: Locale, answers: RiskAnswers) {
  const context = await browser.newContext({ locale: locale === 'DE_DE' ? 'de-DE' : 'en-US' });
  const q = await context.newPage();
  q.on('pageerror', (err) => pageErrors.push(`participant: ${err.message}`));
  // Which radio is which answer: the options in the order the page lists them.
  const questionnaire = (await (await q.request.get(`/api/q?token=${token}`, { headers: { accept: 'application/json' } })).json()) as {
    interaction: { version: number; scales: { id: string; points: { value: number }[] }[]; items: { key: string; scale?: string; options?: { key: string }[] }[] };
  };
  expect(questionnaire.interaction.version).toBe(2);
  const positions = new Map(
    questionnaire.interaction.items.map((item) => [
      item.key,
      item.options ? item.options.map((o) => o.key as string | number) : questionnaire.interaction.scales.find((s) => s.id === item.scale)!.points.map((p) => p.value as string | number),
    ]),
  );
  const T = locale === 'DE_DE' ? DE : EN;
  const base = textsOf(locale, 'INTERACTION_BASE');
  await q.goto(`/q/${token}`);
  await expect(q.getByTestId('questionnaire')).toBeVisible();
  await expect(q.getByTestId('questionnaire-page-title')).toHaveText(base['suitability.page.about_you']!);
  const items = q.locator('[data-testid^="questionnaire-item-"]');
  const indicator = q.getByTestId('questionnaire-page-indicator');
  for (let pageNumber = 1; pageNumber <= 20; pageNumber++) {
    const count = await items.count();
    for (let i = 0; i < count; i++) {
      const key = (await items.nth(i).getAttribute('data-item-key'))!;
      const position = positions.get(key)!.indexOf(answers[key]!);
      expect(position, `${key} = ${answers[key]}`).toBeGreaterThanOrEqual(0);
      await items.nth(i).getByRole('radio').nth(position).check();
    }
    if (pageNumber === 6) await screenshot(q, `risk-verdict-questionnaire-losses-${locale}`);
    if (await q.getByTestId('questionnaire-review-open').isVisible()) {
      // After the last page: the review of every answer, and the submit button there.
      await q.getByTestId('questionnaire-review-open').click();
      await expect(q.getByTestId('questionnaire-review')).toBeVisible();
      await expect(q.getByTestId('questionnaire-save-status')).not.toHaveAttribute('data-state', 'error');
      await q.getByTestId('questionnaire-submit').click();
      await expect(q.getByTestId('questionnaire-thank-you')).toBeVisible();
      await context.close();
      return;
    }
    const before = await indicator.innerText();
    await q.getByTestId('questionnaire-next').click();
    await expect(indicator).not.toHaveText(before);
  }
  throw new Error(`no submit button after 20 pages (${T['questionnaire.submit']})`);
}

/** Downloads the report PDF from the report page; returns its text and renders page 1 to e2e/artifacts. */
async function reportPdf(page: Page, token: string, locale: Locale, name: string) {
  await page.goto(`/bqa/report/${token}`);
  await expect(page.getByTestId('report-document')).toBeVisible();
  await page.getByTestId('report-locale').selectOption(locale);
  await expect(page.getByTestId('report-document')).toHaveAttribute('data-locale', locale);
  await expect(page.getByTestId('report-suitability')).toBeVisible();
  await screenshot(page, `${name}-report-view`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
  const file = (await download.path())!;
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, `e2e/artifacts/${name}-page1`]);
  // Also the pages with the verdict and with the statement, so they can be looked at beside page 1.
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  const pageText = (n: number) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), '-layout', file, '-'], { encoding: 'utf8' });
  const headings = { verdict: textsOf(locale, 'REPORT')['report.risk.suitableClass']!.toUpperCase(), statement: textsOf(locale, 'REPORT')['report.section.suitability']! };
  for (const [part, heading] of Object.entries(headings)) {
    const n = Array.from({ length: pages }, (_, i) => i + 1).find((p) => pageText(p).includes(heading));
    expect(n, `the page with ${heading}`).toBeDefined();
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', String(n), '-l', String(n), '-singlefile', file, `e2e/artifacts/${name}-${part}`]);
  }
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/**
 * Who answers by mouse in their own browser, per language: one profile each. The others send the same answers as the
 * page would (PUT answers, submit): the verdict depends on the answers, not on how they were given, and a filled
 * questionnaire of ten pages cost a shard about 40 s of CI's two cores (2026-12-07).
 */
const BY_MOUSE: Record<Locale, Case['profile']> = { EN_US: 'cautious', DE_DE: 'balanced' };

for (const locale of ['EN_US', 'DE_DE'] as const) {
  for (const c of CASES) {
    test(`the ${c.profile} client (${locale}) answers as a participant; the adviser reads the verdict and its report`, async ({ page, browser, pageErrors }) => {
      test.setTimeout(180_000);
      const T = locale === 'DE_DE' ? DE : EN;
      const base = textsOf(locale, 'INTERACTION_BASE');
      const report = textsOf(locale, 'REPORT');
      const [firstName, lastName] = c.names[locale];
      await openLoginAndSignIn(page, ADVISER);
      await useLanguage(page, locale);
      const { clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
        product: 'BQ_RISK',
        firstName,
        lastName: `${lastName}-${Date.now() % 100000}`,
        locale,
      });
      if (BY_MOUSE[locale] === c.profile) await answerAsParticipant(browser, pageErrors, instanceToken, locale, c.answers);
      else await answerAndSubmit(page.request, instanceToken, c.answers);

      await unlockOnDashboard(page, 'BQ_RISK', clientToken, instanceToken);
      const section = page.getByTestId('risk-section');
      await expect(section).toBeVisible();
      await expect(page.getByTestId('risk-suitable-class')).toHaveAttribute('data-class', String(c.suitableClass));
      await expect(page.getByTestId('risk-portfolio')).toBeVisible();
      const caps = page.getByTestId('risk-caps');
      if (c.binding) {
        await expect(caps).toContainText(fill(T['results.risk.capsLead']!, { tolerance: c.toleranceClass, suitable: c.suitableClass }));
        const binding = caps.locator(`[data-cap="${c.binding}"]`);
        await expect(binding).toHaveAttribute('data-binding', 'true');
        await expect(binding).toContainText(T['results.risk.verdict.binding']!);
      } else {
        await expect(caps).toHaveText(T['results.risk.noCaps']!);
      }
      if (c.explainFirst.length > 0) {
        const explain = page.getByTestId('risk-explain-first');
        for (const item of c.explainFirst) await expect(explain).toContainText(base[`suitability.explain.${item}`]!);
      } else {
        await expect(page.getByTestId('risk-explain-first')).toHaveCount(0);
      }
      if (c.flag) {
        const flag = page.getByTestId('risk-consistency-flag');
        await expect(flag).toHaveAttribute('data-direction', c.flag);
        const self = Number(c.answers.self_estimate);
        await expect(flag).toContainText(
          fill(T[`results.risk.consistency.reason.self_estimate_${c.flag === 'ABOVE' ? 'above' : 'below'}_suitable`]!, { self, suitable: c.suitableClass, gap: Math.abs(self - c.suitableClass) }),
        );
      } else {
        await expect(page.getByTestId('risk-consistency-flag')).toHaveCount(0);
      }
      await screenshot(page, `risk-verdict-dashboard-${c.profile}-${locale}`);

      const pdf = await reportPdf(page, instanceToken, locale, `risk-verdict-pdf-${c.profile}-${locale}`);
      expect(pdf).toContain(report['report.section.suitability']!);
      expect(pdf).toContain(fill(report['report.risk.classOf']!, { class: c.suitableClass }));
      if (c.binding) expect(pdf).toContain(report['report.risk.binding']!);
      // The client's PDF words the point for the client; the adviser's instruction stays on the dashboard (decision 0030).
      if (c.explainFirst.length > 0) {
        expect(pdf).toContain(report[`report.risk.explain.${c.explainFirst[0]}`]!);
        expect(pdf).not.toContain(base[`suitability.explain.${c.explainFirst[0]}`]!);
      }
      expect(pdf).not.toMatch(/report\.[a-z]+\.[\w.]+|suitability\.[a-z]+\.[\w.]+|results\.risk\./);
    });
  }
}
