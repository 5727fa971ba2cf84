// A primary PostgreSQL cluster and its streaming replica, both private to one test (docs/decisions/0059): initdb into
// a temporary folder on a free port, then pg_basebackup -R (which writes standby.signal and primary_conninfo) and a
// second server on that copy. initdb and postgres refuse to run as root: as root every command runs as the postgres
// user (runuser), like fault/cluster.ts.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'pg_basebackup'))) : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL installation under ${base}/*/bin (initdb, pg_basebackup)`);
  return join(base, versions.sort((a, b) => Number(b) - Number(a))[0]!, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface StreamingPair {
  /** Admin URLs (user postgres, database postgres) over TCP on 127.0.0.1. */
  primaryUrl: string;
  replicaUrl: string;
  destroy(): Promise<void>;
}

export async function startStreamingPair(): Promise<StreamingPair> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'bq-replica-'));
  const sockets = join(dir, 'sockets');
  mkdirSync(sockets);
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    for (const path of [dir, sockets]) chownSync(path, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryData = join(dir, 'primary');
  const replicaData = join(dir, 'replica');
  const options = (port: number) => `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
  const started: string[] = [];
  const start = async (data: string, port: number) => {
    await pg('pg_ctl', ['-D', data, '-l', join(dir, `${port}.log`), '-o', options(port), '-w', '-t', '60', 'start']);
    started.push(data);
  };
  const destroy = async () => {
    for (const data of started.reverse()) await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // trust for local replication connections is initdb's default with --auth=trust.
    await pg('initdb', ['-D', primaryData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await start(primaryData, primaryPort);
    await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaData, '-R', '-X', 'stream', '--no-sync']);
    await start(replicaData, replicaPort);
  } catch (err) {
    await destroy();
    throw err;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    destroy,
  };
}
