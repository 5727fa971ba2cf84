// The account's retention settings (docs/decisions/0044): read with the defaults when the account saved none, and
// saved by the account admin. The fixed periods (mails, audit events) travel with them so the page can show them.
import { eq } from 'drizzle-orm';
import {
  AUDIT_RETENTION_YEARS,
  MAIL_RETENTION_DAYS,
  SELECTION_RETENTION_MONTHS,
  type TRetentionResponse,
  type TRetentionSettings,
} from '@bq/contracts/retention';
import type { Db, Tx } from '../../db/client';
import { accountRetention } from '../../db/schema';

export const DEFAULT_RETENTION: TRetentionSettings = { advisoryYears: 5, selectionMonths: SELECTION_RETENTION_MONTHS.default };

export async function retentionSettings(db: Db | Tx, accountId: string): Promise<TRetentionSettings & { updatedAt: Date | null }> {
  const [row] = await db.select().from(accountRetention).where(eq(accountRetention.accountId, accountId)).limit(1);
  if (!row) return { ...DEFAULT_RETENTION, updatedAt: null };
  return { advisoryYears: row.advisoryYears === 7 ? 7 : 5, selectionMonths: row.selectionMonths, updatedAt: row.updatedAt };
}

export function toRetentionResponse(settings: TRetentionSettings & { updatedAt: Date | null }): TRetentionResponse {
  return {
    advisoryYears: settings.advisoryYears,
    selectionMonths: settings.selectionMonths,
    mailDays: MAIL_RETENTION_DAYS,
    auditYears: AUDIT_RETENTION_YEARS,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
  };
}

/** Saves the settings; returns them as before and after, for the audit event's changed fields. */
export async function updateRetentionSettings(
  tx: Tx,
  auth: { accountId: string; userId: string },
  body: TRetentionSettings,
): Promise<{ before: TRetentionSettings; after: TRetentionResponse }> {
  const before = await retentionSettings(tx, auth.accountId);
  const now = new Date();
  const values = { advisoryYears: body.advisoryYears, selectionMonths: body.selectionMonths, updatedBy: auth.userId, updatedAt: now };
  await tx
    .insert(accountRetention)
    .values({ accountId: auth.accountId, ...values })
    .onConflictDoUpdate({ target: accountRetention.accountId, set: values });
  return {
    before: { advisoryYears: before.advisoryYears, selectionMonths: before.selectionMonths },
    after: toRetentionResponse({ ...body, updatedAt: now }),
  };
}
