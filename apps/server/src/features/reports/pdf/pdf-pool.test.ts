// The render pool: documents are laid out on a worker thread (not the API's), concurrent renders get their own
// documents back, and a worker that dies fails its pending renders and is replaced by the next render.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfRenderPool } from './pdf-pool';
import { certificate, germanBqaReport } from './test-content';

const dir = mkdtempSync(join(tmpdir(), 'bq-pdf-pool-'));
const pool = new PdfRenderPool();
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

function pageSize(pdf: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return /Page size:\s+([\d.]+ x [\d.]+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]!;
}

describe('PdfRenderPool', () => {
  it('lays documents out on a worker thread and answers each render with its own document', { timeout: 120_000 }, async () => {
    const [a4, letter, cert] = await Promise.all([
      pool.render({ kind: 'report', content: germanBqaReport(), pageFormat: 'A4' }),
      pool.render({ kind: 'report', content: germanBqaReport(), pageFormat: 'LETTER' }),
      pool.render({ kind: 'certificate', content: certificate('VALID'), pageFormat: 'A4' }),
    ]);
    expect(pool.threadId).not.toBeNull();
    expect(pool.threadId).not.toBe(threadId);
    expect(pageSize(a4, 'a4.pdf')).toMatch(/^595\.\d+ x 841\.\d+$/);
    expect(pageSize(letter, 'letter.pdf')).toBe('612 x 792');
    // The certificate is one landscape page.
    expect(pageSize(cert, 'cert.pdf')).toMatch(/^841\.\d+ x 595\.\d+$/);
  });

  it('fails the renders of a worker that stops, and the next render starts a new one', { timeout: 120_000 }, async () => {
    const pending = pool.render({ kind: 'report', content: germanBqaReport(), pageFormat: 'A4' });
    const before = pool.threadId;
    await pool.close();
    await expect(pending).rejects.toThrow(/PDF worker stopped/);
    const again = await pool.render({ kind: 'certificate', content: certificate('REVOKED'), pageFormat: 'LETTER' });
    expect(again.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.threadId).not.toBeNull();
    expect(pool.threadId).not.toBe(before);
  });
});
