// Re-encrypts every stored secret with the current DATA_ENCRYPTION_KEY (docs/decisions/0079), so a previous key can
// be taken out of DATA_ENCRYPTION_KEYS_PREVIOUS. Batches by primary key; each update is conditional on the value it
// read, so a secret changed meanwhile by the running server (which already writes under the current key) is left
// alone, and a second run finds nothing to do. Hashes (recovery codes) cannot be re-made without what they hash:
// they are only counted.
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accountBranding, crmConnections, ssoConnections, userRecoveryCodes, userTotp, webhookEndpoints } from '../../db/schema';
import { recoveryCodeKeyId } from '../two-factor/totp';
import { decryptSecret, encryptSecret, isUnderCurrentKey, keyId, storedKeyId, type DataKeys, type KeyPurpose } from '../../plugins/data-encryption';

interface Target {
  name: string;
  table: PgTable;
  /** The primary key, which is also the value's context (the AAD it was encrypted with). */
  id: PgColumn;
  value: PgColumn;
  purpose: KeyPurpose;
}

/** Every column encryptSecret writes to. A new encrypted column belongs here (rotate-data-keys.test.ts checks). */
export const ENCRYPTED_COLUMNS: readonly Target[] = [
  { name: 'user_totp.secret_encrypted', table: userTotp, id: userTotp.userId, value: userTotp.secretEncrypted, purpose: 'totp-secret' },
  { name: 'account_branding.smtp_password_encrypted', table: accountBranding, id: accountBranding.accountId, value: accountBranding.smtpPasswordEncrypted, purpose: 'smtp-password' },
  { name: 'sso_connections.client_secret_encrypted', table: ssoConnections, id: ssoConnections.accountId, value: ssoConnections.clientSecretEncrypted, purpose: 'sso-client-secret' },
  { name: 'webhook_endpoints.secret_encrypted', table: webhookEndpoints, id: webhookEndpoints.id, value: webhookEndpoints.secretEncrypted, purpose: 'webhook-secret' },
  { name: 'webhook_endpoints.previous_secret_encrypted', table: webhookEndpoints, id: webhookEndpoints.id, value: webhookEndpoints.previousSecretEncrypted, purpose: 'webhook-secret' },
  { name: 'crm_connections.access_token_encrypted', table: crmConnections, id: crmConnections.id, value: crmConnections.accessTokenEncrypted, purpose: 'crm-token' },
  { name: 'crm_connections.refresh_token_encrypted', table: crmConnections, id: crmConnections.id, value: crmConnections.refreshTokenEncrypted, purpose: 'crm-token' },
];

export interface ColumnReport {
  name: string;
  total: number;
  /** Values per key id they name, 'original' for those from before key ids. */
  byKey: Record<string, number>;
  reencrypted: number;
  /** Values none of the configured keys opens (or altered): left as they are, named here. */
  failed: { id: string; error: string }[];
}

export interface RotationReport {
  currentKeyId: string;
  columns: ColumnReport[];
  /** Unused recovery codes per key id ('original': before key ids); those not under the current key. */
  recoveryCodesUnderOldKeys: Record<string, { codes: number; users: number }>;
  /** Encrypted values still needing a key other than the current one (after a rotation: those that failed). */
  remaining: number;
}

/** `check`: only counts. Otherwise re-encrypts `batchSize` rows at a time. */
export async function rotateDataKeys(db: Db, keys: DataKeys, opts: { check: boolean; batchSize?: number }): Promise<RotationReport> {
  const current = keyId(keys.current);
  const columns: ColumnReport[] = [];
  let remaining = 0;
  for (const target of ENCRYPTED_COLUMNS) {
    const report: ColumnReport = { name: target.name, total: 0, byKey: {}, reencrypted: 0, failed: [] };
    let after: string | null = null;
    for (;;) {
      const rows: { id: string; value: string }[] = await db
        .select({ id: sql<string>`${target.id}::text`, value: sql<string>`${target.value}` })
        .from(target.table)
        .where(and(isNotNull(target.value), after === null ? undefined : gt(target.id, after)))
        .orderBy(asc(target.id))
        .limit(opts.batchSize ?? 200);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      for (const row of rows) {
        report.total++;
        const madeWith = keyLabel(row.value);
        report.byKey[madeWith] = (report.byKey[madeWith] ?? 0) + 1;
        if (isUnderCurrentKey(keys, row.value)) continue;
        if (opts.check) {
          remaining++;
          continue;
        }
        try {
          const reencrypted = encryptSecret(keys, target.purpose, decryptSecret(keys, target.purpose, row.value, row.id), row.id);
          const updated = await db
            .update(target.table)
            .set({ [columnKey(target)]: reencrypted })
            .where(and(eq(target.id, row.id), eq(target.value, row.value)))
            .returning({ id: target.id });
          if (updated.length > 0) report.reencrypted++;
        } catch (error) {
          remaining++;
          report.failed.push({ id: row.id, error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    columns.push(report);
  }
  return { currentKeyId: current, columns, recoveryCodesUnderOldKeys: await oldRecoveryCodes(db, current), remaining };
}

function keyLabel(value: string): string {
  try {
    return storedKeyId(value) ?? 'original';
  } catch {
    return 'unreadable';
  }
}

/** The property name drizzle's update().set() takes for the column. */
function columnKey(target: Target): string {
  const columns = target.table as unknown as Record<string, PgColumn>;
  return Object.keys(columns).find((key) => columns[key] === target.value)!;
}

async function oldRecoveryCodes(db: Db, current: string): Promise<RotationReport['recoveryCodesUnderOldKeys']> {
  const rows = await db
    .select({ keyId: recoveryCodeKeyId, codes: sql<number>`count(*)::int`, users: sql<number>`count(distinct ${userRecoveryCodes.userId})::int` })
    .from(userRecoveryCodes)
    .where(isNull(userRecoveryCodes.usedAt))
    .groupBy(recoveryCodeKeyId);
  return Object.fromEntries(rows.filter((r) => r.keyId !== current).map((r) => [r.keyId, { codes: Number(r.codes), users: Number(r.users) }]));
}
