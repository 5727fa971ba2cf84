// The checkpoint's copy with the account (docs/decisions/0071): each checkpoint of an account with a compliance
// address is mailed to it as the very line the export carries. Kept by the account, outside the operator's storage,
// it shows later (npm run audit:verify with the line added to an export) whether events up to that point were removed
// or changed, even by the operator.
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { queueMail } from '../mail/outbox';
import type { ExportedCheckpoint } from './verify-export';

/** Queues one mail per checkpoint whose account has a compliance address; returns how many. */
export async function mailCheckpoints(db: Db, queue: JobQueue, config: Pick<Config, 'publicUrl'>, checkpoints: ExportedCheckpoint[]): Promise<number> {
  const ids = [...new Set(checkpoints.map((c) => c.accountId))];
  if (ids.length === 0) return 0;
  const recipients = await db
    .select({ id: accounts.id, email: accounts.auditComplianceEmail })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), isNotNull(accounts.auditComplianceEmail)));
  const emailOf = new Map(recipients.map((r) => [r.id, r.email!]));
  let queued = 0;
  for (const checkpoint of checkpoints) {
    const to = emailOf.get(checkpoint.accountId);
    if (!to) continue;
    queued++;
    await db.transaction((tx) =>
      queueMail(
        tx,
        queue,
        {
          accountId: checkpoint.accountId,
          kind: 'AUDIT_CHECKPOINT',
          dedupeKey: `audit-checkpoint:${checkpoint.accountId}:${checkpoint.seq}:${checkpoint.keyId}`,
          to,
          locale: 'EN_US',
          template: 'auditCheckpoint',
          params: {
            date: checkpoint.createdAt.slice(0, 10),
            createdAt: checkpoint.createdAt,
            headSeq: String(checkpoint.seq),
            headHash: checkpoint.headHash,
            checkpoint: JSON.stringify(checkpoint),
            keyId: checkpoint.keyId,
            keysUrl: `${config.publicUrl}/api/audit/keys`,
            link: `${config.publicUrl}/settings/audit`,
          },
        },
        config,
      ),
    );
  }
  return queued;
}
