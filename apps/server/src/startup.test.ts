// Start-up with a database that cannot be used: the real entry point (src/main.ts through tsx) is spawned and
// must end with exit code 1 and one line on stderr that names the problem, without the password or a stack.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl, withDatabase } from './test/postgres-admin';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      // Only what is given: nothing of the test run's own environment (e.g. its DATABASE_URL) leaks in.
      env: { PORT: '0', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit: ${stdout}${stderr}`));
    }, 40_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe('start-up with a database it cannot use', () => {
  it('an unreachable server: exit 1 and one line naming host and cause, password hidden', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://bq:s3cret-pw@127.0.0.1:1/bq' });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      'BQ platform could not start: Cannot connect to the database at postgres://bq:***@127.0.0.1:1/bq: ' +
        'the server refused the connection (is PostgreSQL running on that host and port?)',
    );
    expect(stderr).not.toContain('s3cret-pw');
    expect(stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('a database that does not exist on a running server: exit 1 and one line saying so', async () => {
    const base = testDatabaseUrl() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const { code, stderr } = await start({ DATABASE_URL: withDatabase(base, 'bq_no_such_database_here') });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^BQ platform could not start: Cannot connect to the database at postgres:\/\/.*\/bq_no_such_database_here: database "bq_no_such_database_here" does not exist \(create it first\)$/);
  }, 60_000);
});
