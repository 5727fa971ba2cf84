// The public sample report (issue 22 point 7): one PDF per locale and page format, rendered once and then served
// from memory (renders counted on the app's PDF renderer), rendered again after the translations are seeded anew,
// limited per IP with its own errorKey, and documented as public in OpenAPI.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translations } from '../../db/schema';
import { TestClient, createTestApp, type TestApp } from '../../test/test-app';
import { forgetTranslations } from '../translations/translation-cache';

const URL = '/api/selfassessment/sampleReport';
let t: TestApp;
const pdfDir = mkdtempSync(join(tmpdir(), 'bq-sample-test-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each caller from an address of its own, so the per-IP limit counts only where a test means it. */
const caller = () => new TestClient(t.app, `10.${randomBytes(3).join('.')}`);
const textOf = (body: Buffer) => {
  const file = join(pdfDir, `${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
};

describe('POST /api/selfassessment/sampleReport', () => {
  it('renders each locale and page format once and answers later calls with the identical bytes', async () => {
    const render = vi.spyOn(t.app.pdf, 'render');
    const first = await caller().request('POST', URL, { locale: 'EN_UK', pageFormat: 'A4' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(render).toHaveBeenCalledTimes(1);
    const again = await caller().request('POST', URL, { locale: 'EN_UK', pageFormat: 'A4' });
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect(render).toHaveBeenCalledTimes(1);
    // Concurrent first calls of another format share one render.
    const letters = await Promise.all([1, 2, 3].map(() => caller().request('POST', URL, { locale: 'EN_UK', pageFormat: 'LETTER' })));
    expect(letters.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(render).toHaveBeenCalledTimes(2);
    expect(Buffer.compare(letters[0]!.rawPayload, first.rawPayload)).not.toBe(0);
    render.mockRestore();
  });

  it('renders afresh once the translations are seeded anew', async () => {
    const before = await caller().request('POST', URL, { locale: 'EN_US', pageFormat: 'LETTER' });
    expect(textOf(before.rawPayload)).toContain('Alex Example');
    const where = and(eq(translations.key, 'report.title.sampleClient'), eq(translations.language, 'EN_US'));
    await t.db.update(translations).set({ text: 'Sam Sample' }).where(where);
    // What seedTranslations does after writing: every process copy of the texts is forgotten.
    forgetTranslations();
    const after = await caller().request('POST', URL, { locale: 'EN_US', pageFormat: 'LETTER' });
    expect(textOf(after.rawPayload)).toContain('Sam Sample');
    await t.db.update(translations).set({ text: 'Alex Example' }).where(where);
    forgetTranslations();
  });

  it('answers 400 for an unknown locale or page format', async () => {
    for (const body of [{ locale: 'FR_FR' }, { pageFormat: 'A3' }, { locale: 'EN_US', pageFormat: 'letter' }]) {
      const res = await caller().request('POST', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorKey).toBe('error.validation');
    }
  });

  it('answers 429 error.report.sample_too_many_requests past 10 calls per IP in 10 minutes; other addresses go on', async () => {
    const limited = caller();
    for (let i = 0; i < 10; i++) expect((await limited.request('POST', URL, { locale: 'DE_DE', pageFormat: 'A4' })).statusCode).toBe(200);
    const refused = await limited.request('POST', URL, { locale: 'DE_DE', pageFormat: 'A4' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorKey).toBe('error.report.sample_too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await caller().request('POST', URL, { locale: 'DE_DE', pageFormat: 'A4' })).statusCode).toBe(200);
  });

  it('is documented as public (no security requirement) with its 429', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/selfassessment/sampleReport'].post;
    expect(operation.security).toEqual([]);
    expect(operation.description).toMatch(/^Public/);
    expect(operation.responses['429'].description).toContain('error.report.sample_too_many_requests');
    // A signed-in route keeps the document's default (session or API credential).
    expect(doc.paths['/api/user'].get.security).toBeUndefined();
  });
});
