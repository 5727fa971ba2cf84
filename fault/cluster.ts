// A private PostgreSQL cluster owned by the fault script: initdb into a temporary folder, its own port and socket
// folder, so stopping and restarting it never touches the machine's shared server. initdb and postgres refuse to
// run as root: as root, every command runs as the postgres user (runuser), and the folder belongs to it.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function binDir(): string {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) throw new Error(`${base} not found: the fault script needs a local PostgreSQL installation (initdb, pg_ctl)`);
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error(`no initdb under ${base}/*/bin`);
  return join(base, versions[0]!, 'bin');
}

export interface Cluster {
  /** Admin URL (user postgres, database postgres) over TCP on 127.0.0.1. */
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The server's log (for a failure report). */
  logFile: string;
  destroy(): Promise<void>;
}

export async function createCluster(port: number): Promise<Cluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'bq-fault-pg-'));
  const data = join(dir, 'data');
  const sockets = join(dir, 'sockets');
  const logFile = join(dir, 'postgres.log');
  mkdirSync(sockets);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const path of [dir, sockets]) chownSync(path, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);

  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Throw-away data: no fsync. Enough connections for two API processes, a worker and the script.
  const options = `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=120`;
  const ctl = (args: string[]) => pg('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', ...args]);
  let running = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    logFile,
    start: async () => {
      await ctl(['start']);
      running = true;
    },
    // Fast shutdown: open sessions are ended (57P01), as when an operator restarts the server.
    stop: async () => {
      await ctl(['stop', '-m', 'fast']);
      running = false;
    },
    destroy: async () => {
      if (running) await ctl(['stop', '-m', 'immediate']).catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
