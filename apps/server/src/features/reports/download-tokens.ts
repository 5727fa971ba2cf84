// Report download links (/report/{token}/download) for the auto report mail: a random token that only the
// mail carries (the table keeps its SHA-256), valid for the product configuration's reportLinkDays (else
// REPORT_LINK_DAYS), for one result in one language and
// page format. They are told apart from instance tokens by a prefix, since both use GET /api/report/download/{id}.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { REPORT_DOWNLOAD_TOKEN_PREFIX, type PageFormat, type ReportType } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { AppError } from '../../app-error';
import type { Db, Tx } from '../../db/client';
import { reportDownloadTokens } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';

export const DOWNLOAD_ERRORS = { expired: 'error.auto_report.expired' } as const;

export function isDownloadToken(id: string): boolean {
  return id.startsWith(REPORT_DOWNLOAD_TOKEN_PREFIX);
}

export async function createDownloadToken(
  tx: Tx | Db,
  link: {
    accountId: string;
    instanceId: string;
    interactionType: ReportType;
    locale: Locale;
    pageFormat: PageFormat;
    validDays: number;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = REPORT_DOWNLOAD_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + link.validDays * 24 * 3600_000);
  await tx.insert(reportDownloadTokens).values({
    accountId: link.accountId,
    instanceId: link.instanceId,
    tokenHash: hashToken(token),
    interactionType: link.interactionType,
    locale: link.locale,
    pageFormat: link.pageFormat,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The link behind a token: 404 when unknown, 410 error.auto_report.expired after it expired. */
export async function resolveDownloadToken(db: Db, token: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(reportDownloadTokens)
    .where(eq(reportDownloadTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError('error.not_found', 404, 'Not found');
  if (row.expiresAt.getTime() <= now.getTime())
    throw new AppError(DOWNLOAD_ERRORS.expired, 410, 'This download link has expired');
  return {
    ...row,
    interactionType: row.interactionType as ReportType,
    pageFormat: row.pageFormat as PageFormat,
  };
}

export async function recordDownload(db: Db, id: string): Promise<void> {
  await db
    .update(reportDownloadTokens)
    .set({ downloadCount: sql`${reportDownloadTokens.downloadCount} + 1`, lastDownloadedAt: new Date() })
    .where(eq(reportDownloadTokens.id, id));
}
