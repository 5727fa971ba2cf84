// The checkpoint's copy with the account (docs/decisions/0039): once the daily signed checkpoint is written, each
// account with a compliance address gets a mail with its own chain's head, signed as a statement of its own (the
// file's signature covers every account's heads, which no single account may see). Kept by the account, outside the
// operator's storage, it shows later whether events up to that point were removed, even by the operator.
import { createHash, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { inArray, isNotNull, and } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { queueMail } from '../mail/outbox';
import { canonicalJson } from './audit-chain';
import type { Checkpoint } from './checkpoint';

/** What each mail states and signs: one account's head at the checkpoint's time. */
export interface AccountCheckpointStatement {
  v: 1;
  createdAt: string;
  accountId: string;
  headSeq: number;
  headHmac: string;
}

export function signStatement(statement: AccountCheckpointStatement, key: KeyObject): string {
  return sign(null, Buffer.from(canonicalJson(statement)), key).toString('base64');
}

export function keyFingerprint(key: KeyObject): string {
  const der = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex');
}

/** Queues one mail per account of the checkpoint that has a compliance address; returns how many. */
export async function mailCheckpoint(db: Db, queue: JobQueue, config: Config, checkpoint: Checkpoint, key: KeyObject): Promise<number> {
  const ids = checkpoint.chains.map((c) => c.accountId);
  if (ids.length === 0) return 0;
  const recipients = await db
    .select({ id: accounts.id, email: accounts.auditComplianceEmail })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), isNotNull(accounts.auditComplianceEmail)));
  const fingerprint = keyFingerprint(key);
  for (const recipient of recipients) {
    const head = checkpoint.chains.find((c) => c.accountId === recipient.id)!;
    const statement: AccountCheckpointStatement = { v: 1, createdAt: checkpoint.createdAt, ...head };
    await db.transaction((tx) =>
      queueMail(
        tx,
        queue,
        {
          accountId: recipient.id,
          kind: 'AUDIT_CHECKPOINT',
          dedupeKey: `audit-checkpoint:${recipient.id}:${checkpoint.createdAt}`,
          to: recipient.email!,
          locale: 'EN_US',
          template: 'auditCheckpoint',
          params: {
            date: checkpoint.createdAt.slice(0, 10),
            createdAt: checkpoint.createdAt,
            headSeq: String(head.headSeq),
            headHmac: head.headHmac,
            statement: canonicalJson(statement),
            signature: signStatement(statement, key),
            keyFingerprint: fingerprint,
            link: `${config.publicUrl}/settings/audit`,
          },
        },
        config,
      ),
    );
  }
  return recipients.length;
}
