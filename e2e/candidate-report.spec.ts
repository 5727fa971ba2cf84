// Issue 37 point 1 (docs/decisions/0082), in English and German: a selection candidate who answered low opens their
// public report as they would from the link (no session), on a laptop and on a phone. It is "Your profile": their
// profile per dimension, what moved each score and what they can do with it, and none of the evaluator's outlook,
// fit or onboarding texts (derived from the shipped translations). The evaluator's dashboard keeps the outlook and
// offers it as the "Selection report (PDF)". axe on every page; screenshots and the PDFs' first pages in e2e/artifacts/.
import { readFileSync } from 'node:fs';
import { ADMIN, answerAndSubmit, api, clientWithQuestionnaire, downloadFrom, expect, expectFitsWidth, openLoginAndSignIn, pdfPageScreenshot, screenshot, test, unlockOnDashboard, useLanguage } from './support';

type Locale = 'EN_US' | 'DE_DE';
const DATA = 'apps/server/src/features/translations/data';
const textsOf = (locale: Locale, type: string) => JSON.parse(readFileSync(`${DATA}/${locale}/${type}.json`, 'utf8')) as Record<string, string>;
const flat = (text: string) => text.replace(/\s+/g, ' ');
const PHONE = { width: 390, height: 844 };

/** The evaluator's texts in one language: the performance outlook, its frame, fit, decisions, onboarding. */
function evaluatorTexts(locale: Locale): string[] {
  const base = textsOf(locale, 'INTERACTION_BASE');
  const ui = textsOf(locale, 'BQUI');
  const report = textsOf(locale, 'REPORT');
  const texts = [
    ...Object.entries(base).filter(([key]) => key.startsWith('prediction.performance.')),
    ...Object.entries(report).filter(([key]) => key.startsWith('report.prediction.')),
    ...Object.entries(ui).filter(([key]) => /^(results\.fit\.|decision\.|results\.selectionReport\.)/.test(key)),
  ].map(([, text]) => text);
  // Literal parts around placeholders, long enough to mean something on their own.
  return texts.flatMap((text) => text.split(/\{\{[^}]+\}\}/)).map((part) => flat(part).trim()).filter((part) => part.length >= 14);
}

/** Every answer at the low end of its scale (choices: the first option), as the review's candidate answered. */
async function lowAnswers(request: Parameters<typeof api.get>[0], instanceToken: string) {
  const q = await api.get<{ interaction: { scales: { id: string; points: { value: number }[] }[]; items: { key: string; type: string; scale?: string; options?: { key: string }[] }[] } }>(
    request,
    `/api/q?token=${instanceToken}`,
  );
  const lowest = new Map(q.interaction.scales.map((s) => [s.id, s.points[0]!.value]));
  return Object.fromEntries(q.interaction.items.map((i) => [i.key, i.type === 'choice' ? i.options![0]!.key : lowest.get(i.scale!)!]));
}

for (const locale of ['EN_US', 'DE_DE'] as const) {
  test(`the candidate's report is theirs; the outlook stays with the evaluator (${locale})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const base = textsOf(locale, 'INTERACTION_BASE');
    const ui = textsOf(locale, 'BQUI');
    const report = textsOf(locale, 'REPORT');
    const evaluatorWords = evaluatorTexts(locale);
    await openLoginAndSignIn(page, ADMIN);
    try {
      const { clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
        product: 'BQ_SELECTION',
        firstName: locale === 'DE_DE' ? 'Sophie' : 'Sam',
        lastName: `Keller-${Date.now() % 100000}`,
        locale,
      });
      await answerAndSubmit(page.request, instanceToken, await lowAnswers(page.request, instanceToken));
      await useLanguage(page, locale);
      await unlockOnDashboard(page, 'BQ_SELECTION', clientToken, instanceToken);

      // The evaluator: the outlook on the dashboard and in the selection report.
      await expect(page.getByTestId('prediction-card')).toContainText(base['prediction.performance.title']!, { timeout: 20_000 });
      const outlookClass = (await page.getByTestId('prediction-class').innerText()).trim();
      await expect(page.getByTestId('result-selection-report')).toHaveText(ui['results.documents.selectionReport']!);
      await screenshot(page, `candidate-report-dashboard-${locale}`);
      const selection = await downloadFrom(page, 'result-selection-report');
      expect(selection.name).toMatch(locale === 'DE_DE' ? /^Auswahlbericht_Keller-\d+_Sophie_[\d-]+\.pdf$/ : /^Selection-report_Keller-\d+_Sam_[\d-]+\.pdf$/);
      for (const text of [ui['results.selectionReport.title']!, base['prediction.performance.title']!, outlookClass]) expect(flat(selection.text)).toContain(flat(text));
      pdfPageScreenshot(selection.path, `candidate-report-selection-report-${locale}`);

      // The candidate, from the link, on a laptop and on a phone.
      for (const [device, options] of [
        ['laptop', { viewport: { width: 1366, height: 768 } }],
        ['phone', { viewport: PHONE, isMobile: true, hasTouch: true }],
      ] as const) {
        const visitor = await browser.newContext({ ...options, locale: locale === 'DE_DE' ? 'de-DE' : 'en-US' });
        const candidate = await visitor.newPage();
        await candidate.goto(`/performance/report/${instanceToken}?locale=${locale}`);
        await expect(candidate.getByTestId('report-title')).toHaveText(report['report.title.bqp']!, { timeout: 20_000 });
        const advice = candidate.getByTestId('report-advice-conscientiousness');
        await expect(advice).toContainText(report['report.advice.title']!);
        // The sentence for the candidate's own level, as the report's content gives it.
        const content = await api.get<{ dimensions: { key: string; advice: string | null }[] }>(candidate.request, `/api/report/content/bqp/${instanceToken}?locale=${locale}`);
        const own = content.dimensions.find((d) => d.key === 'conscientiousness')!.advice!;
        expect(['low', 'average', 'high'].map((side) => report[`report.advice.conscientiousness.${side}`])).toContain(own);
        await expect(advice).toContainText(own);
        await expect(candidate.getByTestId('report-why-conscientiousness')).toBeVisible();
        await expect(candidate.getByTestId('report-disclaimer')).toHaveText(report['report.profileDisclaimer']!);
        const shown = flat(await candidate.getByTestId('report-document').innerText());
        expect(evaluatorWords.filter((text) => shown.includes(text))).toEqual([]);
        expect(shown).not.toContain(outlookClass);
        if (device === 'phone') await expectFitsWidth(candidate, PHONE.width);
        await screenshot(candidate, `candidate-report-${device}-${locale}`);
        if (device === 'laptop') {
          const pdf = await downloadFrom(candidate, 'report-download');
          expect(evaluatorWords.filter((text) => flat(pdf.text).includes(text))).toEqual([]);
          expect(flat(pdf.text)).toContain(report['report.title.bqp']!);
          pdfPageScreenshot(pdf.path, `candidate-report-pdf-${locale}`);
        }
        await visitor.close();
      }
    } finally {
      if (locale !== 'EN_US') await useLanguage(page, 'EN_US');
    }
  });
}
