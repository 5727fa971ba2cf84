// What is meant for the adviser never reaches the client (issue 22 point 2, docs/decisions/0030): the public report
// content, its PDFs and the report mail with its download link carry the client's wording only; the adviser's file
// note PDF carries the adviser's texts and is reachable signed in with the result's read permission only. Through
// the HTTP API, on PGlite and PostgreSQL; PDFs read back with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionForProduct } from '../interactions/definitions';
import { calculateInstance } from '../calculation/calculate-instance';
import { interactionInstances, mailOutbox } from '../../db/schema';
import { createAccount, createUser } from '../../test/factories';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const pdfDir = mkdtempSync(join(tmpdir(), 'bq-advnotes-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const textsOf = (type: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../translations/data/EN_UK/${type}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const base = textsOf('INTERACTION_BASE');
const ui = textsOf('BQUI');

/** The adviser's texts this result raises, as the dashboard words them, and the adviser's own note. */
const NOTE = 'Quokka agreement: we settled on class 4 after going through the limits.';
const ADVISER_TEXTS = [
  base['suitability.remark.vulnerability']!,
  base['suitability.remark.borrowing']!,
  base['suitability.explain.knowledge_check_1']!,
  base['suitability.explain.knowledge_check_2']!,
  ui['results.risk.consistency.review']!,
  ui['results.risk.consistency.title']!,
  'Allow more time',
  'Check needed',
  'Regulations do not allow',
  'explain the limits before giving advice',
  'The client sees themselves',
];
const flat = (text: string) => text.replace(/\s+/g, ' ');
const adviserTextsIn = (text: string, extra: string[] = []) =>
  [...ADVISER_TEXTS, ...extra].filter((phrase) => flat(text).includes(flat(phrase)));

function pdfText(body: Buffer, name: string): string {
  const file = join(pdfDir, name);
  writeFileSync(file, body);
  return flat(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

/** A bold wealth client who borrows, names difficult circumstances, fails two knowledge questions and rates themselves at 7. */
function answers(): Record<string, number | string> {
  const definition = definitionForProduct('BQ_ADVISORY_WEALTH');
  const out: Record<string, number | string> = {};
  for (const item of definition.items) {
    if (item.type === 'choice') out[item.key] = item.dimension === null ? item.options[0]!.key : item.options.reduce((a, b) => (b.score > a.score ? b : a)).key;
    else out[item.key] = item.reverse ? 1 : item.scale === 'investor7' ? 7 : 5;
  }
  for (const q of definition.risk!.knowledgeTest!.questions) out[q.item] = q.correct;
  return { ...out, amount_band: 'k10to50k', loss_money: 'k10to25k', vulnerability: 'support', borrowing: 'some', knowledge_check_1: 'rises', knowledge_check_2: 'cannot_fall', self_estimate: 7 };
}

async function scenario() {
  const acc = await createAccount(t.db, { products: ['BQ_ADVISORY_WEALTH'], credits: 5 });
  const configId = acc.configs[0]!.id;
  const { email, password } = await createUser(t.db, acc.account.id);
  const adviser = new TestClient(t.app);
  await adviser.login(email, password);
  const client = (
    await adviser.request('POST', '/api/u', { firstName: 'Wanda', lastName: 'Weiss', email: `wanda.${Math.random().toString(36).slice(2)}@example.com`, locale: 'EN_UK', productConfigurationId: configId })
  ).json();
  const token = (await adviser.request('POST', '/api/instance', { clientToken: client.token, productConfigurationId: configId })).json().token as string;
  const participant = new TestClient(t.app);
  expect((await participant.request('PUT', `/api/q/${token}/answers`, { answers: answers() })).statusCode).toBe(200);
  expect((await participant.request('POST', `/api/q/${token}/submit`)).statusCode).toBe(200);
  const [row] = await t.db.select().from(interactionInstances).where(eq(interactionInstances.token, token));
  await calculateInstance(t.db, row!.id);
  expect((await adviser.request('POST', '/api/credit/unlock', { interactionToken: token })).statusCode).toBe(200);
  return { adviser, token, id: row!.id, accountId: acc.account.id };
}

describe("the adviser's notes stay with the adviser", () => {
  it("keeps vulnerability, borrowing, explain-first, the consistency flag and its resolution out of the client's report, PDFs and mail, and words them for the client", async () => {
    const { adviser, token, id } = await scenario();
    const dashboard = (await adviser.request('GET', `/api/dashboard/${token}`)).json();
    // The result raises every kind of adviser note.
    expect(dashboard.risk.remarks.map((r: { key: string }) => r.key)).toEqual(expect.arrayContaining(['vulnerability', 'borrowing']));
    expect(dashboard.risk.explainFirst).toHaveLength(2);
    expect(dashboard.risk.consistency).toMatchObject({ flagged: true, direction: 'ABOVE' });

    const clientSees = async (stage: string, extra: string[]) => {
      const anonymous = new TestClient(t.app);
      for (const [http, who] of [[anonymous, 'visitor'], [adviser, 'adviser']] as const) {
        for (const path of [`/api/report/content/bqa/${token}`, `/api/report/content/bqa/recommendations/${token}`]) {
          const res = await http.request('GET', `${path}?locale=EN_UK`);
          expect(res.statusCode).toBe(200);
          expect(adviserTextsIn(res.body, extra), `${stage} ${who} ${path}`).toEqual([]);
        }
      }
      for (const interactionType of ['bqa', 'bqaRecommendations']) {
        const res = await anonymous.request('GET', `/api/report/download/${token}?interactionType=${interactionType}&locale=EN_UK`);
        expect(res.statusCode).toBe(200);
        const text = pdfText(res.rawPayload, `${stage}-${interactionType}.pdf`);
        expect(adviserTextsIn(text, extra), `${stage} PDF ${interactionType}`).toEqual([]);
        // The same facts, worded for the client.
        expect(text).toContain('You see yourself at class 7');
        expect(text).toContain('Part of the money you want to invest is borrowed');
        expect(text).toContain('Bonds and bond funds: their price falls when interest rates rise.');
      }
    };
    await clientSees('unresolved', []);

    const report = (await new TestClient(t.app).request('GET', `/api/report/content/bqa/${token}?locale=EN_UK`)).json();
    expect(report.risk.caps.find((c: { binding: boolean }) => c.binding).reason).toMatch(/^Knowledge questions: 2 of 3 were not answered correctly, which allows at most class 4 until your adviser has explained them$/);
    expect(report.risk.remarks).toEqual([expect.stringContaining('Part of the money you want to invest is borrowed')]);
    expect(report.risk.consistency).toEqual({ flagged: true, direction: 'ABOVE', reasons: [expect.stringMatching(/^You see yourself at class 7, 3 classes above the suitable class 4\./)], discussedAt: null });

    expect((await adviser.request('POST', `/api/dashboard/${token}/consistency/resolution`, { note: NOTE })).statusCode).toBe(201);
    await clientSees('resolved', [NOTE, 'Quokka']);
    const resolved = (await new TestClient(t.app).request('GET', `/api/report/content/bqa/${token}?locale=EN_UK`)).json();
    expect(resolved.risk.consistency.discussedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The report mail and the PDF its link downloads.
    expect((await adviser.request('POST', `/api/instance/${token}/report/email`)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.instanceId, id), eq(mailOutbox.kind, 'REPORT')));
    expect(adviserTextsIn(`${mail!.subject} ${mail!.textBody} ${mail!.htmlBody}`, [NOTE, 'Quokka'])).toEqual([]);
    const downloadToken = /\/report\/(rdl_[A-Za-z0-9_-]+)\/download/.exec(mail!.textBody)![1]!;
    const mailed = await new TestClient(t.app).request('GET', `/api/report/download/${downloadToken}`);
    expect(mailed.statusCode).toBe(200);
    const mailedText = pdfText(mailed.rawPayload, 'mailed.pdf');
    expect(adviserTextsIn(mailedText, [NOTE, 'Quokka'])).toEqual([]);
    expect(mailedText).toContain('You see yourself at class 7');
  }, 240_000);

  it("puts them in the adviser's file note, which the public token, a download token and other accounts cannot open", async () => {
    const { adviser, token, id } = await scenario();
    const fileNote = async (stage: string) => {
      const res = await adviser.request('GET', `/api/dashboard/${token}/fileNote?locale=EN_UK`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(/filename="File-note_Weiss_Wanda_\d{2}-\d{2}-\d{4}\.pdf"/);
      return pdfText(res.rawPayload, `file-note-${stage}.pdf`);
    };
    const before = await fileNote('unresolved');
    // Every adviser text of this result, the regulatory instruction included while the flag is open.
    expect(ADVISER_TEXTS.filter((phrase) => !before.includes(flat(phrase)))).toEqual([]);
    expect(before).toContain("Adviser's file note");
    expect(before).toContain('Wanda Weiss');

    expect((await adviser.request('POST', `/api/dashboard/${token}/consistency/resolution`, { note: NOTE })).statusCode).toBe(201);
    const after = await fileNote('resolved');
    expect(after).toContain(NOTE);
    expect(after).toContain(ui['results.risk.consistency.resolution.title']!);
    expect(after).not.toContain('Regulations do not allow');

    // Not by the public token, not by a mailed download token, not for another account, not without the permission.
    const anonymous = new TestClient(t.app);
    const unauthorised = await anonymous.request('GET', `/api/dashboard/${token}/fileNote`);
    expect([unauthorised.statusCode, unauthorised.json().errorKey]).toEqual([401, 'error.auth.unauthorized']);
    expect((await adviser.request('POST', `/api/instance/${token}/report/email`)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.instanceId, id), eq(mailOutbox.kind, 'REPORT')));
    const downloadToken = /\/report\/(rdl_[A-Za-z0-9_-]+)\/download/.exec(mail!.textBody)![1]!;
    expect((await anonymous.request('GET', `/api/dashboard/${downloadToken}/fileNote`)).statusCode).toBe(401);
    const byDownloadToken = await adviser.request('GET', `/api/dashboard/${downloadToken}/fileNote`);
    expect([byDownloadToken.statusCode, byDownloadToken.json().errorKey]).toEqual([404, 'error.not_found']);

    const other = await createAccount(t.db, { products: ['BQ_ADVISORY_WEALTH'], credits: 1 });
    const outsider = await createUser(t.db, other.account.id);
    const otherHttp = new TestClient(t.app);
    await otherHttp.login(outsider.email, outsider.password);
    const foreign = await otherHttp.request('GET', `/api/dashboard/${token}/fileNote`);
    expect([foreign.statusCode, foreign.json().errorKey]).toEqual([404, 'error.not_found']);
  }, 120_000);
});
