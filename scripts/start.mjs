// `npm start`: builds the web app and the server only where their sources changed since the last build
// (scripts/build-stamp.mjs), then runs the server in this process. A warm start therefore skips both builds.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fingerprint, isUpToDate, writeStamp } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['packages/domain', 'packages/contracts', 'packages/scoring', 'package-lock.json', 'tsconfig.base.json'];
const parts = [
  { name: 'web app', workspace: '@bq/web', dist: 'apps/web/dist', inputs: ['apps/web', ...shared] },
  { name: 'server', workspace: '@bq/server', dist: 'apps/server/dist', inputs: ['apps/server', ...shared] },
];

for (const part of parts) {
  const print = fingerprint(root, part.inputs);
  const dist = join(root, part.dist);
  if (isUpToDate(dist, print)) {
    console.log(`${part.name}: unchanged since its last build, not rebuilt`);
    continue;
  }
  console.log(`${part.name}: building (its sources changed since the last build, or it was never built)`);
  const built = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeStamp(dist, print);
}

await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
