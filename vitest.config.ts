// The test projects: pure unit tests (packages, and the server's PDF renderer), web component tests (jsdom), and
// API tests that boot the server against a fresh database per file (PGlite by default, PostgreSQL when DATABASE_URL is
// set), in two projects: `api` shares one module graph among a worker's files, `api-mocks` holds the few that mock a
// module. `npm run test:api` runs both.
import { configDefaults, defineConfig } from 'vitest/config';
import { MODULE_MOCKING_TESTS } from './apps/server/src/test/module-mocking-tests';

const SERVER_PURE_TESTS = 'apps/server/src/features/reports/pdf';
/**
 * The backup test dumps and restores a PostgreSQL database (pg_dump/pg_restore) and the replica test starts a primary
 * and its streaming replica (initdb, pg_basebackup): they belong to the PostgreSQL run only, rather than showing up as
 * skipped in the PGlite run.
 */
const POSTGRES_ONLY_TESTS = ['apps/server/src/features/ops/backup.test.ts', 'apps/server/src/db/replica.test.ts'];

/** API tests: they boot the server against a fresh database per file (PGlite, or PostgreSQL with DATABASE_URL). */
function apiProject(name: string, test: { include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    test: {
      name,
      ...test,
      environment: 'node',
      globalSetup: ['apps/server/src/test/global-setup.ts'],
      setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // The server's PDF renderer is pure (content in, PDF out): unit-tested without a database.
          include: ['packages/**/*.test.ts', 'scripts/**/*.test.ts', `${SERVER_PURE_TESTS}/**/*.test.{ts,tsx}`],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      apiProject('api', {
        include: ['apps/server/src/**/*.test.ts'],
        exclude: [...configDefaults.exclude, `${SERVER_PURE_TESTS}/**`, ...MODULE_MOCKING_TESTS, ...(process.env.DATABASE_URL ? [] : POSTGRES_ONLY_TESTS)],
        // One module graph for every file of a worker (docs/decisions/0089): each file still boots its own server on its
        // own database; what it no longer does is import and transform the whole server again (464 of the PostgreSQL
        // pass's 1,239 s went to imports, 2026-12-06).
        isolate: false,
      }),
      // Files that replace a module with vi.mock need a module graph of their own: a graph shared with earlier files
      // already holds the real module.
      apiProject('api-mocks', { include: MODULE_MOCKING_TESTS, isolate: true }),
    ],
  },
});
