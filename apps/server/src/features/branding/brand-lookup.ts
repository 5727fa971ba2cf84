// Which account a participant page belongs to, from the token it already has (docs/decisions/0055): a questionnaire or
// report (instance) token, a certificate's verification token, a mailed report download token or an active public start
// link's id (docs/decisions/0092); and which account a
// host name was assigned to (docs/decisions/0056). An unknown token is null, as a missing one: the caller answers 404.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountHosts, certificates, interactionInstances, publicLinks, reportDownloadTokens } from '../../db/schema';
import { hashToken } from '../../plugins/sessions';
import { linkUsable } from '../public-links/link-usable';

export async function accountOfToken(db: Db, token: string): Promise<string | null> {
  const [instance] = await db.select({ accountId: interactionInstances.accountId }).from(interactionInstances).where(eq(interactionInstances.token, token)).limit(1);
  if (instance) return instance.accountId;
  const [certificate] = await db.select({ accountId: certificates.accountId }).from(certificates).where(eq(certificates.verificationToken, token)).limit(1);
  if (certificate) return certificate.accountId;
  const [download] = await db
    .select({ accountId: reportDownloadTokens.accountId })
    .from(reportDownloadTokens)
    .where(eq(reportDownloadTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (download) return download.accountId;
  const [link] = await db.select({ accountId: publicLinks.accountId }).from(publicLinks).where(and(eq(publicLinks.publicId, token), linkUsable())).limit(1);
  return link?.accountId ?? null;
}

/** The host name of a Host header or a domain query: lower case, without port or trailing dot. */
export function normaliseHost(host: string | undefined): string {
  return (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export async function accountOfHost(db: Db, host: string | undefined): Promise<string | null> {
  const name = normaliseHost(host);
  if (!name) return null;
  const [row] = await db.select({ accountId: accountHosts.accountId }).from(accountHosts).where(eq(accountHosts.host, name)).limit(1);
  return row?.accountId ?? null;
}
