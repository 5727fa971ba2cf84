// Bundles the server for `npm start`: our TypeScript (including the workspace packages, which ship as
// source) into dist/main.js; npm dependencies stay external. Migrations, translation files and the shipped market history are copied
// beside it, where src/paths.ts looks for them.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
await build({
  // The PDF renderer runs in a worker thread of its own (features/reports/pdf/pdf-pool.ts); migrate.js is the
  // one-shot migration of a deployment (compose.yaml).
  entryPoints: {
    main: 'src/main.ts',
    'pdf-worker': 'src/features/reports/pdf/pdf-worker.ts',
    // The embedded PGlite's thread (src/db/pglite-thread.ts looks for it beside main.js).
    'pglite-worker': 'src/db/pglite-worker.ts',
    // The reader thread of uploaded files (src/features/untrusted-files/reader-thread.ts looks for it beside main.js).
    'untrusted-reader-worker': 'src/features/untrusted-files/untrusted-reader-worker.ts',
    migrate: 'src/db/migrate-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalise-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bq/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/features/translations/data', 'dist/translations-data', { recursive: true });
cpSync('src/features/market-history/data/sp500-shiller', 'dist/market-history-data', { recursive: true });
cpSync('src/features/interactions/definitions', 'dist/interaction-definitions', { recursive: true });
cpSync('src/features/password-rules/data', 'dist/password-rules-data', { recursive: true });
console.log('server built: apps/server/dist/main.js');
