// `npm run bench -- start`: how long `npm start` takes until it serves its first page, on a fresh data folder (first
// start: migrations, demo data, market history) and then warm (issue 22 point 12: at most 5 s on this 2-core machine).
// Each start runs scripts/start.mjs as its own process, as `npm start` does, and builds only what changed; the
// baseline is a bare Node HTTP server started the same way, measured in the same run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Seconds from spawning the command until GET / answers 200, then the process is stopped. */
async function untilFirstPage(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  // The embedded database, as `npm start` on a fresh machine: a DATABASE_URL of the bench's own environment is not passed on.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd: root, env: { ...inherited, ...env, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
      if (ok) return (performance.now() - started) / 1000;
      if (performance.now() - started > 600_000) throw new Error('no first page within 10 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

export async function runStartBench() {
  const bare = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;
  const baseline = await untilFirstPage(['-e', bare], {});
  const dataDir = mkdtempSync(join(tmpdir(), 'bq-bench-start-'));
  try {
    const env = { DATA_DIR: dataDir };
    const first = await untilFirstPage(['scripts/start.mjs'], env);
    const warm = [await untilFirstPage(['scripts/start.mjs'], env), await untilFirstPage(['scripts/start.mjs'], env)];
    console.log('\n## npm start until the first page (embedded PGlite, demo data)');
    console.log('| start | seconds | vs bare Node server |');
    console.log('|---|---|---|');
    console.log(`| bare Node HTTP server (baseline) | ${baseline.toFixed(2)} | 1.0x |`);
    console.log(`| first (new data folder; builds only if sources changed) | ${first.toFixed(2)} | ${(first / baseline).toFixed(1)}x |`);
    warm.forEach((s, i) => console.log(`| warm ${i + 1} | ${s.toFixed(2)} | ${(s / baseline).toFixed(1)}x |`));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
