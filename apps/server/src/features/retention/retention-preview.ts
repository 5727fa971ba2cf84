// What the daily retention job removes within the next RETENTION_PREVIEW_DAYS under the saved settings: the job's
// own rules applied at a later moment, so the preview and the job cannot disagree.
import { lte, and, eq, sql } from 'drizzle-orm';
import { AUDIT_RETENTION_YEARS, RETENTION_PREVIEW_DAYS, type TRetentionPreview } from '@bq/contracts/retention';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { countDue, cutoffsAt } from './retention-due';
import { retentionSettings } from './retention-settings';

export async function retentionPreview(db: Db, accountId: string, now = new Date()): Promise<TRetentionPreview> {
  const until = new Date(now.getTime() + RETENTION_PREVIEW_DAYS * 86_400_000);
  const settings = await retentionSettings(db, accountId);
  const counts = await countDue(db, accountId, cutoffsAt(until, settings));
  const auditCutoff = new Date(until);
  auditCutoff.setUTCFullYear(auditCutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS);
  const [old] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), lte(auditEvents.occurredAt, auditCutoff)));
  return { until: until.toISOString(), counts, auditEventsPastRetention: old?.n ?? 0 };
}
