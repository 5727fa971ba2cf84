// The adverse-impact report's CSV and PDF, on PGlite and PostgreSQL: the same figures as the JSON answer in the
// reader's language, an account's own option label that starts like a formula arrives disarmed, hidden groups carry
// their reason, and only holders of FAIRNESS_REPORT get either file.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { otherUser } from '../repeated-measurements/test-fixtures';
import { fairnessAccount, group } from './test-fixtures';

let t: TestApp;
let f: Awaited<ReturnType<typeof fairnessAccount>>;
const FORMULA = { code: 'OWN_GROUP', label: '=HYPERLINK("http://evil.example","x")' };

beforeAll(async () => {
  t = await createTestApp();
  f = await fairnessAccount(t);
  const settings = (await f.http.request('GET', '/api/fairness/self-identification/settings')).json();
  settings.categories[0].options.push(FORMULA);
  expect((await f.http.request('PUT', '/api/fairness/self-identification/settings', settings)).statusCode).toBe(200);
  for (const person of [...group(6, 1, { sex: 'FEMALE' }), ...group(8, 6, { sex: 'MALE' }), ...group(5, 2, { sex: FORMULA.code }), ...group(2, 1, { sex: 'PREFER_NOT_TO_SAY' })]) {
    await f.addPerson(person);
  }
}, 120_000);
afterAll(() => t.close());

function records(raw: Buffer, delimiter: string): string[][] {
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(raw.toString('utf8'), { bom: true, delimiter }) as string[][];
}

describe('the CSV', () => {
  it('holds each group with its figures in German, and the formula-like label as disarmed text', async () => {
    const res = await f.http.request('GET', '/api/fairness/BQ_SELECTION/adverse-impact/csv?basis=decision&locale=DE_DE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = records(res.rawPayload, ';');
    expect(rows[0]).toContain('Auswahlquote');
    const female = rows.find((r) => r[0] === 'Geschlecht' && r[1] === 'Weiblich')!;
    // 6 women, 1 advanced: a rate of 1/6 written with a decimal comma.
    expect(female.slice(2, 5)).toEqual(['6', '1', '0,1667']);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows.flat()).toContain(`'${FORMULA.label}`);
    // 2 "prefer not to say" and the line's rule: not stated is not a group; the intersection has no ethnic answers.
    expect(rows.some((r) => r[2] === 'Zu wenige, um sie zu zeigen')).toBe(true);
  });
});

describe('the PDF summary', () => {
  it('is a PDF for holders of FAIRNESS_REPORT, refused to others', async () => {
    const res = await f.http.request('GET', '/api/fairness/BQ_SELECTION/adverse-impact/pdf?basis=decision&locale=EN_US');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(res.headers['content-disposition'])).toMatch(/adverse-impact_BQ_SELECTION_.*\.pdf/);
    const adviser = await otherUser(t, f.account.id, [{ realm: 'BQ_SELECTION', entity: 'INDIVIDUAL_RESULTS', action: 'ALL' }]);
    expect((await adviser.request('GET', '/api/fairness/BQ_SELECTION/adverse-impact/pdf')).statusCode).toBe(403);
    expect((await adviser.request('GET', '/api/fairness/BQ_SELECTION/adverse-impact/csv')).statusCode).toBe(403);
  }, 60_000);
});
