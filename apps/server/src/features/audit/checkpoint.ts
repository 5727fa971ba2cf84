// Signed checkpoints (docs/decisions/0071): each account's chain head (seq and hash), signed with Ed25519
// (AUDIT_SIGNING_KEY) over the JCS of the checkpoint without its signature. Without one a deleted TAIL of a chain
// leaves nothing to notice; against it, the verifier reports the events missing since. Each checkpoint is kept three
// times: in the database, as a file in AUDIT_CHECKPOINT_DIR (a folder every API process shares and reads), and in a
// mail to the account's compliance address. The export carries the union of the first two.
import { sign } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { auditCheckpoints } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { currentSigner } from './audit-keys';
import { mailCheckpoints } from './checkpoint-mail';
import { checkpointPayload, type ExportedCheckpoint } from './verify-export';

/** How often the worker writes them. */
export const CHECKPOINT_INTERVAL_MS = 24 * 3600_000;

type CheckpointConfig = Pick<Config, 'AUDIT_SIGNING_KEY' | 'AUDIT_SIGNING_KEYS_RETIRED' | 'AUDIT_CHECKPOINT_DIR'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every chain's head whose seq no checkpoint of the current key covers yet. */
async function uncoveredHeads(db: Db, keyId: string): Promise<{ accountId: string; seq: number; hash: string }[]> {
  const result = await db.execute(sql`
    select h.account_id::text as "accountId", h.seq::int as seq, h.hash
    from (select distinct on (account_id) account_id, seq, hash from audit_events order by account_id, seq desc) h
    where h.hash is not null
      and not exists (select 1 from audit_checkpoints c where c.account_id = h.account_id and c.seq = h.seq and c.key_id = ${keyId})`);
  return (result as unknown as { rows: { accountId: string; seq: number; hash: string }[] }).rows;
}

function fileOf(dir: string, c: ExportedCheckpoint): string {
  return join(dir, c.accountId, `${String(c.seq).padStart(12, '0')}-${c.keyId}.json`);
}

/** Writes the file copy; an existing one (another process wrote the same checkpoint) is left as it is. */
function writeFile(dir: string, c: ExportedCheckpoint): void {
  mkdirSync(join(dir, c.accountId), { recursive: true });
  try {
    writeFileSync(fileOf(dir, c), `${JSON.stringify(c)}\n`, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/**
 * Signs a checkpoint of every chain head that has grown since its last one; stores each in the database and as a
 * file, and with the job queue (the worker's housekeeping) mails each account with a compliance address its own.
 * Returns the checkpoints written (none without AUDIT_SIGNING_KEY).
 */
export async function writeCheckpoints(db: Db, config: CheckpointConfig & Pick<Config, 'publicUrl'>, now = new Date(), queue?: JobQueue): Promise<ExportedCheckpoint[]> {
  const signer = currentSigner(config);
  if (!signer) return [];
  const written: ExportedCheckpoint[] = [];
  for (const head of await uncoveredHeads(db, signer.keyId)) {
    const unsigned = { type: 'checkpoint' as const, v: 1 as const, accountId: head.accountId, seq: head.seq, headHash: head.hash, createdAt: now.toISOString(), keyId: signer.keyId };
    const checkpoint: ExportedCheckpoint = { ...unsigned, signature: sign(null, checkpointPayload(unsigned), signer.privateKey).toString('base64') };
    const inserted = await db
      .insert(auditCheckpoints)
      .values({ ...checkpoint, headHash: checkpoint.headHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: auditCheckpoints.id });
    if (inserted.length === 0) continue;
    writeFile(config.AUDIT_CHECKPOINT_DIR, checkpoint);
    written.push(checkpoint);
  }
  if (queue && written.length > 0) await mailCheckpoints(db, queue, config, written);
  return written;
}

/** Writes checkpoints when the newest is older than CHECKPOINT_INTERVAL_MS (the worker's housekeeping calls it). */
export async function writeCheckpointIfDue(db: Db, config: CheckpointConfig & Pick<Config, 'publicUrl'>, now = new Date(), queue?: JobQueue): Promise<ExportedCheckpoint[]> {
  if (!config.AUDIT_SIGNING_KEY) return [];
  const [row] = await db.select({ newest: max(auditCheckpoints.createdAt) }).from(auditCheckpoints);
  const newest = row?.newest ? new Date(row.newest).getTime() : 0;
  return now.getTime() - newest >= CHECKPOINT_INTERVAL_MS ? writeCheckpoints(db, config, now, queue) : [];
}

/** The folder's copies of one account's checkpoints (read without blocking: an account has one per active day). */
async function checkpointFiles(dir: string, accountId: string): Promise<ExportedCheckpoint[]> {
  if (!UUID.test(accountId)) return [];
  let names: string[];
  try {
    names = (await readdir(join(dir, accountId))).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  // A file that is not JSON still goes to the verifier, which names it (invalid_line) rather than losing it here.
  return Promise.all(
    names.map(async (n) => {
      const text = await readFile(join(dir, accountId, n), 'utf8');
      try {
        return JSON.parse(text) as ExportedCheckpoint;
      } catch {
        return { type: 'checkpoint', v: 1, accountId, seq: 0, headHash: '', createdAt: '', keyId: `unreadable file ${n}`, signature: '' } as ExportedCheckpoint;
      }
    }),
  );
}

/**
 * One account's checkpoints, from the database and the shared folder (one deleted in one place still comes from the
 * other; the same checkpoint in both is listed once), by seq. A forged or changed one stays in: the verifier says so.
 */
export async function checkpointsOf(db: Db, config: CheckpointConfig, accountId: string): Promise<ExportedCheckpoint[]> {
  const rows = await db.select().from(auditCheckpoints).where(and(eq(auditCheckpoints.accountId, accountId))).orderBy(asc(auditCheckpoints.seq), asc(auditCheckpoints.id));
  const all: ExportedCheckpoint[] = rows.map((r) => ({
    type: 'checkpoint',
    v: 1,
    accountId: r.accountId,
    seq: r.seq,
    headHash: r.headHash,
    createdAt: r.createdAt.toISOString(),
    keyId: r.keyId,
    signature: r.signature,
  }));
  const seen = new Set(all.map((c) => c.signature));
  for (const c of await checkpointFiles(config.AUDIT_CHECKPOINT_DIR, accountId)) {
    if (!seen.has(c.signature)) all.push(c);
    seen.add(c.signature);
  }
  return all.sort((a, b) => a.seq - b.seq || a.createdAt.localeCompare(b.createdAt));
}
