// Issue 22 point 2 (docs/decisions/0030): what is meant for the adviser stays with the adviser. A bold client who
// borrows, names difficult circumstances, fails a knowledge question and rates themselves at 7 answers the risk
// questionnaire; the adviser reads the vulnerability remark, "explain first" and the "check needed" flag on the
// dashboard and downloads them as the file note PDF. The public report (opened without a session, as the client
// would) says the same facts to the client and none of the adviser's instructions. English and German, axe on
// every page; screenshots and the file note's first page in e2e/artifacts/.
import { readFileSync } from 'node:fs';
import { ADVISER, answerAndSubmit, clientWithQuestionnaire, downloadFrom, expect, openLoginAndSignIn, pdfPageScreenshot, screenshot, test, unlockOnDashboard } from './support';
import { BOLD } from './risk-profiles';

type Locale = 'EN_US' | 'DE_DE';
const DATA = 'apps/server/src/features/translations/data';
const textsOf = (locale: Locale, type: string) => JSON.parse(readFileSync(`${DATA}/${locale}/${type}.json`, 'utf8')) as Record<string, string>;
const flat = (text: string) => text.replace(/\s+/g, ' ');

const ANSWERS = { ...BOLD, vulnerability: 'support', borrowing: 'some', knowledge_check_1: 'rises', self_estimate: 7 };

// The demo adviser's language is read by every journey after this one: leave it in English, as it was found.
test.afterEach(async ({ page }) => {
  await page.goto('/settings/language');
  await page.getByTestId('language-option-EN_US').check();
  const save = page.locator('form:has([data-testid^="language-option-"]) button[type="submit"]');
  if (await save.isEnabled()) await save.click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

for (const locale of ['EN_US', 'DE_DE'] as const) {
  test(`the client's report words the facts for the client; the adviser keeps the notes and downloads the file note (${locale})`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const base = textsOf(locale, 'INTERACTION_BASE');
    const ui = textsOf(locale, 'BQUI');
    const report = textsOf(locale, 'REPORT');
    const adviserTexts = [
      base['suitability.remark.vulnerability']!,
      base['suitability.remark.borrowing']!,
      base['suitability.explain.knowledge_check_1']!,
      ui['results.risk.consistency.title']!,
      ui['results.risk.consistency.review']!,
    ];

    await openLoginAndSignIn(page, ADVISER);
    await page.goto('/settings/language');
    await page.getByTestId(`language-option-${locale}`).check();
    const save = page.locator('form:has([data-testid^="language-option-"]) button[type="submit"]');
    if (await save.isEnabled()) await save.click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'DE_DE' ? 'de-DE' : 'en-US');

    const { clientToken, instanceToken } = await clientWithQuestionnaire(page.request, {
      product: 'BQ_RISK',
      firstName: locale === 'DE_DE' ? 'Greta' : 'Nora',
      lastName: `${locale === 'DE_DE' ? 'Lindner' : 'Quinn'}-${Date.now() % 100000}`,
      locale,
    });
    await answerAndSubmit(page.request, instanceToken, ANSWERS);
    await unlockOnDashboard(page, 'BQ_RISK', clientToken, instanceToken);

    // The dashboard: the adviser's own words.
    await expect(page.getByTestId('risk-remarks')).toContainText(base['suitability.remark.vulnerability']!);
    await expect(page.getByTestId('risk-explain-first')).toContainText(base['suitability.explain.knowledge_check_1']!);
    await expect(page.getByTestId('risk-consistency-flag')).toContainText(ui['results.risk.consistency.title']!);
    await expect(page.getByTestId('result-file-note')).toHaveText(ui['results.documents.fileNote']!);
    await screenshot(page, `adviser-notes-dashboard-${locale}`);

    // The file note: every adviser text, for the adviser's file.
    const note = await downloadFrom(page, 'result-file-note');
    expect(note.name).toMatch(locale === 'DE_DE' ? /^Aktennotiz_Lindner-\d+_Greta_[\d-]+\.pdf$/ : /^File-note_Quinn-\d+_Nora_[\d-]+\.pdf$/);
    for (const text of [ui['results.risk.fileNote.title']!, ...adviserTexts]) expect(flat(note.text)).toContain(flat(text));
    pdfPageScreenshot(note.path, `adviser-notes-file-note-${locale}`);

    // The public report, as the client opens it: no session.
    const visitor = await browser.newContext({ locale: locale === 'DE_DE' ? 'de-DE' : 'en-US' });
    const client = await visitor.newPage();
    await client.goto(`/bqa/report/${instanceToken}?locale=${locale}`);
    const risk = client.getByTestId('report-risk');
    await expect(risk).toBeVisible({ timeout: 20_000 });
    await expect(client.getByTestId('report-remarks')).toContainText(report['report.risk.remark.borrowing']!);
    await expect(client.getByTestId('report-explain-first')).toContainText(report['report.risk.explain.knowledge_check_1']!);
    await expect(client.getByTestId('report-consistency')).toContainText(report['report.risk.consistency.flagged']!);
    const shown = flat((await client.getByTestId('report-document').innerText()));
    expect(adviserTexts.filter((text) => shown.includes(flat(text)))).toEqual([]);
    await expect(client.getByTestId('result-file-note')).toHaveCount(0);
    await screenshot(client, `adviser-notes-client-report-${locale}`);
    // The file note is not the client's: without a session it answers 401.
    expect((await client.request.get(`/api/dashboard/${instanceToken}/fileNote`)).status()).toBe(401);
    await visitor.close();
  });
}
