// Every API test file that replaces a module is listed in module-mocking-tests.ts, so it runs with a module graph of
// its own: in the shared graph its mock would silently not apply, and the test would check the real module instead.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULE_MOCKING_TESTS } from './module-mocking-tests';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const serverSrc = join(repoRoot, 'apps/server/src');

describe('API test files that mock a module', () => {
  it('are exactly the ones listed to run with a module graph of their own', async () => {
    const files = (await readdir(serverSrc, { recursive: true })).filter((f) => f.endsWith('.test.ts'));
    const mocking: string[] = [];
    for (const file of files) {
      const text = await readFile(join(serverSrc, file), 'utf8');
      // The call, not a mention in a comment or a string of this file.
      if (/^\s*vi\.(mock|doMock)\(/m.test(text)) mocking.push(relative(repoRoot, join(serverSrc, file)).replaceAll('\\', '/'));
    }
    expect(mocking.sort()).toEqual([...MODULE_MOCKING_TESTS].sort());
  });
});
