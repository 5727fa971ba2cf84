// The report a person receives about themselves holds nothing meant for the evaluator (issue 37 point 1,
// docs/decisions/0082): for every shipped interaction definition (every version) that produces a report, its public
// audience's answers (the public report content in three languages, the PDF read back with pdftotext, the report
// mail and the PDF its link downloads) contain none of the evaluator's texts. The evaluator's texts are derived from
// the definitions and the shipped translations, not listed by hand: the performance outlook of every definition
// (title, class names, descriptions with their onboarding advice), the fit and decision wording of the evaluator's
// screens, the selection report's own texts, and the indication's frame where the report has no indication of its own
// client. The selection candidate's report carries their own texts instead ("Your profile", what they can do with
// each score, chosen by their level). Through the HTTP API, on PGlite and PostgreSQL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInteractionDefinition } from '@bq/contracts/interaction-definition';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import type { Locale } from '@bq/domain/locales';
import { loadInteractionDefinitions } from '../interactions/definitions';
import { calculateInstance } from '../calculation/calculate-instance';
import { interactionInstances, mailOutbox } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const pdfDir = mkdtempSync(join(tmpdir(), 'bq-candidate-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCALES: Locale[] = ['EN_US', 'EN_UK', 'DE_DE'];
const DEFINITIONS = [...loadInteractionDefinitions().values()].flat();

const shipped = (locale: Locale, type: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../translations/data/${locale}/${type}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Whitespace as one space; a word that react-pdf hyphenated at a line end joined again. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const joined = (text: string) => flat(text).replace(/(\p{L})- (\p{Ll})/gu, '$1$2');

/**
 * The literal parts of a text around its {{placeholders}}, long enough to mean something on their own ("Decision" or
 * "Weight" alone also label the client's own report).
 */
function phrases(text: string): string[] {
  return text.split(/\{\{[^}]+\}\}/).map((part) => flat(part).trim()).filter((part) => part.length >= 14);
}

/** The evaluator's texts in one language, derived from the definitions and the translations. */
function evaluatorTexts(locale: Locale, clientHasIndication: boolean): Map<string, string> {
  const base = shipped(locale, 'INTERACTION_BASE');
  const ui = shipped(locale, 'BQUI');
  const report = shipped(locale, 'REPORT');
  const keys = new Map<string, string>();
  const add = (key: string, text: string | undefined) => {
    for (const phrase of phrases(text ?? '')) keys.set(phrase, key);
  };
  // The performance outlook of every definition: employer guidance about the candidate.
  for (const definition of DEFINITIONS) {
    const model = definition.prediction;
    if (!model || model.kind !== 'PERFORMANCE') continue;
    add(model.titleKey, base[model.titleKey]);
    for (const c of model.classes) {
      add(c.labelKey, base[c.labelKey]);
      add(c.descriptionKey, base[c.descriptionKey]);
    }
  }
  // The evaluator's screens: fit to a requirement profile, decisions, the selection report.
  for (const [key, text] of Object.entries(ui)) {
    if (/^(results\.fit\.|decision\.|results\.selectionReport\.)/.test(key)) add(key, text);
    if (!clientHasIndication && key.startsWith('results.prediction.')) add(key, text);
  }
  // The frame of an indication; only a report whose client reads an indication of their own (investment style) has one.
  if (!clientHasIndication) for (const [key, text] of Object.entries(report)) if (key.startsWith('report.prediction.')) add(key, text);
  // Any shipped text about onboarding is advice to an employer.
  for (const [key, text] of [...Object.entries(base), ...Object.entries(ui)]) if (/onboarding|einarbeitung/i.test(text)) add(key, text);
  return keys;
}

function found(text: string, evaluator: Map<string, string>): string[] {
  const plain = flat(text);
  const unhyphenated = joined(text);
  return [...evaluator].filter(([phrase]) => plain.includes(phrase) || unhyphenated.includes(phrase)).map(([phrase, key]) => `${key}: ${phrase}`);
}

function pdfText(body: Buffer, name: string): string {
  const file = join(pdfDir, name);
  writeFileSync(file, body);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

/**
 * Answers spread over the scale: the first dimension low, the next a step above the middle (where the norms' means
 * lie), the next high, and so on.
 */
function answers(definition: TInteractionDefinition, middle = 0.75): Record<string, number | string> {
  const SPREAD = [0, middle, 1];
  const dimensions = definition.dimensions.map((d) => d.key);
  const out: Record<string, number | string> = {};
  for (const item of definition.items) {
    const position = item.dimension === null ? 0 : dimensions.indexOf(item.dimension) % 3;
    if (item.type === 'choice') {
      const options = [...item.options].sort((a, b) => a.score - b.score);
      out[item.key] = item.dimension === null ? item.options[0]!.key : options[Math.round(SPREAD[position]! * (options.length - 1))]!.key;
    } else {
      const points = definition.scales.find((s) => s.id === item.scale)!.points.map((p) => p.value);
      const index = Math.round(SPREAD[position]! * (points.length - 1));
      out[item.key] = points[item.reverse ? points.length - 1 - index : index]!;
    }
  }
  return out;
}

const sideOf = (level: string) => (level === 'AVERAGE' ? 'average' : level === 'HIGH' || level === 'ABOVE_AVERAGE' ? 'high' : 'low');

async function resultOf(definition: TInteractionDefinition, locale: Locale, middle?: number) {
  const productType = definition.productType as ProductType;
  const acc = await createAccount(t.db, { products: [productType], credits: 5 });
  const configId = acc.configs[0]!.id;
  const { email, password } = await createUser(t.db, acc.account.id);
  const evaluator = new TestClient(t.app);
  await evaluator.login(email, password);
  const client = (
    await evaluator.request('POST', '/api/u', { firstName: 'Sophie', lastName: 'Keller', email: `sophie.${Math.random().toString(36).slice(2)}@example.com`, locale, productConfigurationId: configId })
  ).json();
  const created = await evaluator.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId });
  expect(created.statusCode, created.body).toBe(201);
  const token = created.json().token as string;
  // This version of the definition, also where a newer one ships (results of older versions keep their reports).
  await t.db.update(interactionInstances).set({ definitionVersion: definition.version }).where(eq(interactionInstances.token, token));
  const participant = new TestClient(t.app);
  const saved = await participant.request('PUT', `/api/q/${token}/answers`, { answers: answers(definition, middle) });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await participant.request('POST', `/api/q/${token}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
  expect(row!.definitionVersion).toBe(definition.version);
  await calculateInstance(t.db, row!.id);
  expect((await evaluator.request('POST', '/api/credit/unlock', { interactionToken: token })).statusCode).toBe(200);
  return { evaluator, token, id: row!.id };
}

describe("the report a person receives holds only what is theirs", () => {
  it.each(DEFINITIONS.map((d, i) => [`${d.id}.v${d.version}`, d, LOCALES[i % LOCALES.length]!] as const))(
    '%s: public content, PDF and report mail carry none of the evaluator texts',
    async (_name, definition, clientLocale) => {
      const { evaluator, token, id } = await resultOf(definition, clientLocale);
      const kind = PRODUCT_TYPE_INFO[definition.productType as ProductType].dashboardKind;
      const reportTypes = kind === 'BQA' ? (['bqa', 'bqaRecommendations'] as const) : (['bqp'] as const);
      const clientHasIndication = definition.prediction?.kind === 'INVESTMENT_STYLE';
      const anonymous = new TestClient(t.app);

      for (const locale of LOCALES) {
        const evaluatorWords = evaluatorTexts(locale, clientHasIndication);
        expect(evaluatorWords.size).toBeGreaterThan(20);
        for (const reportType of reportTypes) {
          const path = reportType === 'bqaRecommendations' ? `/api/report/content/bqa/recommendations/${token}` : `/api/report/content/${reportType}/${token}`;
          // A visitor with the link, and the evaluator opening the same public report: the same document.
          for (const [http, who] of [[anonymous, 'visitor'], [evaluator, 'evaluator']] as const) {
            const res = await http.request('GET', `${path}?locale=${locale}`);
            expect(res.statusCode, res.body).toBe(200);
            expect(found(res.body, evaluatorWords), `${locale} ${reportType} content (${who})`).toEqual([]);
          }
        }
      }

      const evaluatorWords = evaluatorTexts(clientLocale, clientHasIndication);
      const report = shipped(clientLocale, 'REPORT');
      for (const reportType of reportTypes) {
        const res = await anonymous.request('GET', `/api/report/download/${token}?interactionType=${reportType}&locale=${clientLocale}`);
        expect(res.statusCode).toBe(200);
        const text = pdfText(res.rawPayload, `${definition.id}-${definition.version}-${reportType}.pdf`);
        // The reading works: the report's own heading is there.
        expect(joined(text)).toContain(flat(report['report.section.evidence']!));
        expect(found(text, evaluatorWords), `${clientLocale} ${reportType} PDF`).toEqual([]);
      }

      expect((await evaluator.request('POST', `/api/instance/${token}/report/email`)).statusCode).toBe(200);
      const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.instanceId, id), eq(mailOutbox.kind, 'REPORT')));
      expect(found(`${mail!.subject} ${mail!.textBody} ${mail!.htmlBody}`, evaluatorWords), 'report mail').toEqual([]);
      const downloadToken = /\/report\/(rdl_[A-Za-z0-9_-]+)\/download/.exec(mail!.textBody)![1]!;
      const mailed = await anonymous.request('GET', `/api/report/download/${downloadToken}`);
      expect(mailed.statusCode).toBe(200);
      expect(found(pdfText(mailed.rawPayload, `${definition.id}-${definition.version}-mailed.pdf`), evaluatorWords), 'mailed PDF').toEqual([]);
    },
    240_000,
  );

  // Every report a person reads about their own work: selection and campaign candidates, performance reviews, coaching
  // and self-assessments.
  const PROFILE_DEFINITIONS = DEFINITIONS.filter((d) => PRODUCT_TYPE_INFO[d.productType as ProductType].dashboardKind !== 'BQA');
  it('covers every profile report type: selection, campaign, performance, coaching and self-assessment', () => {
    expect(new Set(PROFILE_DEFINITIONS.map((d) => d.productType))).toEqual(
      new Set(['BQ_SELECTION', 'BQ_SELECT_CAMPAIGN', 'BQ_PERFORMANCE', 'BQ_PERFORMANCE_COACH', 'BQ_PERFORMANCE_SELF_ASSESSMENT']),
    );
  });
  it.each(PROFILE_DEFINITIONS.map((d) => [`${d.id}.v${d.version}`, d] as const))(
    "%s: the person reads their profile as theirs, and what to do with each score, chosen by their level, in three languages",
    async (_name, definition) => {
      const titleKey = PRODUCT_TYPE_INFO[definition.productType as ProductType].dashboardKind === 'SA' ? 'report.title.sa' : 'report.title.bqp';
      // Two people whose answers spread the dimensions over the scale (the norms' means differ between products), so
      // each side of the advice is met for some dimension.
      const sides = new Set<string>();
      let token = '';
      for (const middle of [0.75, 0.5]) {
        ({ token } = await resultOf(definition, 'EN_US', middle));
        for (const locale of LOCALES) {
          const report = shipped(locale, 'REPORT');
          const content = (await new TestClient(t.app).request('GET', `/api/report/content/bqp/${token}?locale=${locale}`)).json();
          expect(content.title).toBe(report[titleKey]);
          expect(content.prediction).toBeNull();
          // The web report names the sender as the PDF does: the person's contact person.
          expect(content.adviserLabelKey).toBe('report.cover.contact');
          const scored = content.dimensions.filter((d: { level: string | null }) => d.level !== null);
          expect(scored.length).toBe(definition.dimensions.length);
          for (const d of scored) {
            sides.add(sideOf(d.level));
            expect(d.advice, `${locale} ${d.key}`).toBe(report[`report.advice.${d.key}.${sideOf(d.level)}`]);
            expect(d.advice, `${locale} ${d.key}`).toEqual(expect.any(String));
          }
        }
      }
      expect(sides).toEqual(new Set(['low', 'average', 'high']));
      const pdf = await new TestClient(t.app).request('GET', `/api/report/download/${token}?interactionType=bqp&locale=DE_DE`);
      const text = joined(pdfText(pdf.rawPayload, `${definition.id}-profile-de.pdf`));
      const de = shipped('DE_DE', 'REPORT');
      expect(text).toContain(de[titleKey]);
      expect(text).toContain(flat(de['report.advice.title']!));
      // Addressed to the candidate, not the investment disclaimer of the advisory reports.
      expect(text).toContain(flat(de['report.profileDisclaimer']!));
      expect(text).not.toContain(flat(de['report.disclaimer']!));
      // The evaluator who sent it is the candidate's contact person, not an adviser ("Beratung durch"); the cover's
      // labels are set in capitals.
      expect(text).toContain(de['report.cover.contact']!.toUpperCase());
      expect(text).not.toContain(de['report.cover.adviser']!.toUpperCase());
    },
    120_000,
  );

  it("keeps the outlook in the evaluator's selection report, which the candidate's link cannot open", async () => {
    const definition = DEFINITIONS.find((d) => d.productType === 'BQ_SELECTION')!;
    const { evaluator, token } = await resultOf(definition, 'EN_UK');
    const res = await evaluator.request('GET', `/api/dashboard/${token}/fileNote?locale=EN_UK`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="Selection-report_Keller_Sophie_\d{2}-\d{2}-\d{4}\.pdf"/);
    const text = joined(pdfText(res.rawPayload, 'selection-report.pdf'));
    const base = shipped('EN_UK', 'INTERACTION_BASE');
    const ui = shipped('EN_UK', 'BQUI');
    const dashboard = (await evaluator.request('GET', `/api/dashboard/${token}`)).json();
    expect(dashboard.prediction).toEqual({ kind: 'PERFORMANCE', available: true });
    const predicted = (await evaluator.request('GET', `/api/predict/bqp/${token}?locale=EN_UK`)).json();
    const model = definition.prediction!;
    const shown = model.classes.find((c) => c.key === predicted.predictedClass)!;
    for (const phrase of [ui['results.selectionReport.title']!, base[model.titleKey]!, base[shown.labelKey]!, base[shown.descriptionKey]!]) {
      expect(text).toContain(flat(phrase));
    }
    const anonymous = await new TestClient(t.app).request('GET', `/api/dashboard/${token}/fileNote`);
    expect([anonymous.statusCode, anonymous.json().errorKey]).toEqual([401, 'error.auth.unauthorized']);
  }, 120_000);
});
