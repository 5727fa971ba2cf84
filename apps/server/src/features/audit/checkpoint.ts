// The signed checkpoint (docs/decisions/0039): every account chain's head (seq and HMAC), signed with Ed25519
// (AUDIT_SIGNING_KEY) and written as a file outside the database (AUDIT_CHECKPOINT_DIR). Without it a deleted TAIL
// of a chain leaves nothing to notice; against it, verification reports the events missing since.
import { createPublicKey, sign, verify } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { auditSigningKey, type Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { canonicalJson } from './audit-chain';
import { mailCheckpoint } from './checkpoint-mail';

export interface ChainHead {
  accountId: string;
  headSeq: number;
  headHmac: string;
}

export interface Checkpoint {
  v: 1;
  createdAt: string;
  chains: ChainHead[];
}

/** How often the worker writes one. */
export const CHECKPOINT_INTERVAL_MS = 24 * 3600_000;

async function heads(db: Db): Promise<ChainHead[]> {
  const result = await db.execute(sql`
    select distinct on (account_id) account_id::text as "accountId", seq::int as "headSeq", hmac as "headHmac"
    from audit_events order by account_id, seq desc`);
  return (result as unknown as { rows: ChainHead[] }).rows;
}

/**
 * Writes a signed checkpoint of every chain's head; the file's path, or null without AUDIT_SIGNING_KEY. With the job
 * queue (the worker's housekeeping), each account with a compliance address is mailed its own head, signed too.
 */
export async function writeCheckpoint(db: Db, config: Config, now = new Date(), queue?: JobQueue): Promise<string | null> {
  if (!config.AUDIT_SIGNING_KEY) return null;
  const key = auditSigningKey(config.AUDIT_SIGNING_KEY);
  const checkpoint: Checkpoint = { v: 1, createdAt: now.toISOString(), chains: await heads(db) };
  const payload = canonicalJson(checkpoint);
  const signature = sign(null, Buffer.from(payload), key).toString('base64');
  const publicKey = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  mkdirSync(config.AUDIT_CHECKPOINT_DIR, { recursive: true });
  const file = join(config.AUDIT_CHECKPOINT_DIR, `audit-checkpoint-${checkpoint.createdAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ checkpoint, signature, publicKey }, null, 2)}\n`, { flag: 'wx' });
  if (queue) await mailCheckpoint(db, queue, config, checkpoint, key);
  return file;
}

/**
 * The newest checkpoint whose signature verifies with the configured key's public half (or, without a configured key,
 * with the public key the file carries, which proves integrity but not origin). Null when there is none.
 */
export function latestCheckpoint(config: Config): { file: string; checkpoint: Checkpoint } | null {
  let names: string[];
  try {
    names = readdirSync(config.AUDIT_CHECKPOINT_DIR).filter((n) => /^audit-checkpoint-.*\.json$/.test(n)).sort();
  } catch {
    return null;
  }
  const expected = config.AUDIT_SIGNING_KEY ? createPublicKey(auditSigningKey(config.AUDIT_SIGNING_KEY)) : null;
  for (const name of names.reverse()) {
    const file = join(config.AUDIT_CHECKPOINT_DIR, name);
    const { checkpoint, signature, publicKey } = JSON.parse(readFileSync(file, 'utf8')) as { checkpoint: Checkpoint; signature: string; publicKey: string };
    const key = expected ?? createPublicKey(publicKey);
    if (!verify(null, Buffer.from(canonicalJson(checkpoint)), key, Buffer.from(signature, 'base64'))) {
      throw new Error(`audit checkpoint ${file}: the signature does not verify (the file was changed, or signed with another key)`);
    }
    return { file, checkpoint };
  }
  return null;
}

/** Writes a checkpoint when the newest is older than CHECKPOINT_INTERVAL_MS (the worker's housekeeping calls it). */
export async function writeCheckpointIfDue(db: Db, config: Config, now = new Date(), queue?: JobQueue): Promise<string | null> {
  if (!config.AUDIT_SIGNING_KEY) return null;
  let newest = 0;
  try {
    for (const n of readdirSync(config.AUDIT_CHECKPOINT_DIR)) newest = Math.max(newest, statSync(join(config.AUDIT_CHECKPOINT_DIR, n)).mtimeMs);
  } catch {
    newest = 0;
  }
  return now.getTime() - newest >= CHECKPOINT_INTERVAL_MS ? writeCheckpoint(db, config, now, queue) : null;
}
