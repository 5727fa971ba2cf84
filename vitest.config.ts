// Three test projects: pure unit tests (packages, and the server's PDF renderer), web component tests (jsdom), and
// API tests that boot the server against a fresh database per file (PGlite by default, PostgreSQL when DATABASE_URL is set).
import { configDefaults, defineConfig } from 'vitest/config';

const SERVER_PURE_TESTS = 'apps/server/src/features/reports/pdf';

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
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          // The backup test dumps and restores a PostgreSQL database (pg_dump/pg_restore) and the replica test starts a
          // primary and its streaming replica (initdb, pg_basebackup): they belong to the PostgreSQL run only, rather
          // than showing up as skipped in the PGlite run.
          exclude: [
            ...configDefaults.exclude,
            `${SERVER_PURE_TESTS}/**`,
            ...(process.env.DATABASE_URL ? [] : ['apps/server/src/features/ops/backup.test.ts', 'apps/server/src/db/replica.test.ts']),
          ],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
