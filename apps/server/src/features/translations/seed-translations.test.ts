// Start-up seeds the shipped translation files into the database. A warm start with unchanged files must not rewrite
// 6,000 texts (it made `npm start` slow), and a changed file or a changed stored text must still be written back.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translations } from '../../db/schema';
import { paths } from '../../paths';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedTranslations } from './seed-translations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginKey = and(eq(translations.language, 'EN_US'), eq(translations.textType, 'BQUI'), eq(translations.key, 'addProduct.submit'));

describe('seeding the shipped translations at start-up', () => {
  it('unchanged files: nothing is written (one digest is read instead)', async () => {
    await seedTranslations(t.db, paths.translationsData);
    const transaction = vi.spyOn(t.db, 'transaction');
    try {
      const count = await seedTranslations(t.db, paths.translationsData);
      expect(count).toBeGreaterThan(1000);
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
    }
  });

  it('a stored text that differs from the file is written back from the file', async () => {
    const [before] = await t.db.select().from(translations).where(loginKey);
    await t.db.update(translations).set({ text: 'tampered' }).where(loginKey);
    await seedTranslations(t.db, paths.translationsData);
    const [after] = await t.db.select().from(translations).where(loginKey);
    expect(after!.text).toBe(before!.text);
  });
});
