// Certificates of BQP results (spec sections 2 and 7). One per result, issued the first time anyone asks for
// it; the verification token is 32 random bytes (base64url), so certificates cannot be enumerated, and a
// printed or forged certificate proves nothing until /verify/certificate/{token} on this server confirms it.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TCertificateContent, TCertificateVerification } from '@bq/contracts/reports';
import type { Locale } from '@bq/domain/locales';
import { reportFileName } from '@bq/domain/report-file-name';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accountBranding, accounts, certificates, clients, interactionInstances } from '../../db/schema';
import { FIRM_BRANDING_JOIN, FIRM_NAME } from '../branding/firm-name';
import type { AuthContext } from '../../plugins/auth';
import { getInteractionDefinition } from '../interactions/definitions';
import { requireInstance } from '../instances/instance-service';
import { dimensionResults } from '../results/dashboard';
import { assertReportType } from './report-content';
import { showClient, signedInViewOf } from '../anonymisation/client-view';
import { assertPublicReportLinkOpen, loadReportSubject, viewerDashboardPath, type ReportSubject } from './report-subject';
import { clientLinkBase } from '../branding/client-base-url';
import { loadReportTexts, textsByKey } from './report-texts';
import { emitForInstance } from '../webhooks/emit';

export const CERTIFICATE_ERRORS = {
  notFound: 'error.certificate.not_found',
  notAvailable: 'error.certificate.not_available',
} as const;

export function verificationUrl(config: Pick<Config, 'publicUrl'>, verificationToken: string): string {
  return `${config.publicUrl}/verify/certificate/${encodeURIComponent(verificationToken)}`;
}

/** The result's certificate, issued now if it has none yet (concurrent first requests issue one). */
async function issuedCertificate(db: Db, subject: ReportSubject) {
  try {
    assertReportType(subject, 'certificate');
  } catch {
    throw new AppError(CERTIFICATE_ERRORS.notAvailable, 409, 'Only BQP results have a certificate');
  }
  // Issued once; the account's webhooks hear of it with the insert (docs/decisions/0090).
  await db.transaction(async (tx) => {
    const issued = await tx
      .insert(certificates)
      .values({
        accountId: subject.instance.accountId,
        instanceId: subject.instance.id,
        verificationToken: randomBytes(32).toString('base64url'),
      })
      .onConflictDoNothing({ target: certificates.instanceId })
      .returning({ id: certificates.id });
    if (issued.length > 0) await emitForInstance(tx, subject.instance.id, 'certificate.issued');
  });
  const [row] = await db.select().from(certificates).where(eq(certificates.instanceId, subject.instance.id));
  return row!;
}

/** The certificate of a result its caller has loaded (loadReportSubject); issued at the first request. */
export async function certificateContent(
  db: Db,
  config: Config,
  subject: ReportSubject,
  locale: Locale,
  auth: AuthContext | null,
): Promise<TCertificateContent> {
  const token = subject.instance.token;
  const certificate = await issuedCertificate(db, subject);
  const texts = await loadReportTexts(db, subject.definition, locale);
  const names = new Map(subject.definition.dimensions.map((d) => [d.key, texts.t(d.nameKey)]));
  const strengths = dimensionResults(subject.results)
    .filter((d) => d.level === 'HIGH' || d.level === 'ABOVE_AVERAGE')
    .map((d) => names.get(d.key) ?? d.key);
  const title = texts.t('report.title.certificate');
  // A holder anonymised for the signed-in evaluator reads as the client list shows them ("Client 12" or stars).
  const view = await signedInViewOf(db, auth, { accountId: subject.account.id, productConfigurationId: subject.instance.productConfigurationId, clientId: subject.client.id });
  const holder = view?.hidden
    ? { firstName: '', lastName: showClient(view, { firstName: subject.client.firstName, lastName: subject.client.lastName }).displayName }
    : { firstName: subject.client.firstName, lastName: subject.client.lastName };
  return {
    locale,
    instanceToken: subject.instance.token,
    status: certificate.revokedAt ? 'REVOKED' : 'VALID',
    holder,
    interactionName: texts.t(subject.definition.nameKey),
    accountName: subject.account.name,
    issuedAt: certificate.issuedAt.toISOString(),
    completedAt: subject.instance.filledAt?.toISOString() ?? null,
    revokedAt: certificate.revokedAt?.toISOString() ?? null,
    verificationUrl: verificationUrl(await clientLinkBase(db, config, subject.account.id), certificate.verificationToken),
    strengths,
    texts: texts.report,
    fileName: reportFileName({
      title,
      lastName: holder.lastName,
      firstName: holder.firstName,
      date: certificate.issuedAt,
      locale,
    }),
    canManage: await canManage(db, auth, token),
    dashboardPath: await viewerDashboardPath(db, auth, token),
  };
}

/** Whether the viewer is an evaluator of the issuing account allowed to change the instance. */
async function canManage(db: Db, auth: AuthContext | null, token: string): Promise<boolean> {
  if (!auth) return false;
  try {
    await requireInstance(db, auth, token, 'UPDATE');
    return true;
  } catch {
    return false;
  }
}

export async function certificateLink(db: Db, config: Config, token: string, viewer: AuthContext | null) {
  const subject = await loadReportSubject(db, { token });
  await assertPublicReportLinkOpen(db, config, subject, viewer);
  const certificate = await issuedCertificate(db, subject);
  return {
    verificationToken: certificate.verificationToken,
    verificationUrl: verificationUrl(await clientLinkBase(db, config, subject.account.id), certificate.verificationToken),
  };
}

/** Revoking is final; the verification page then says "not valid" and names nobody. */
export async function revokeCertificate(
  db: Db,
  config: Config,
  auth: AuthContext,
  subject: ReportSubject,
  locale: Locale,
): Promise<TCertificateContent> {
  await requireInstance(db, auth, subject.instance.token, 'UPDATE');
  const certificate = await issuedCertificate(db, subject);
  if (!certificate.revokedAt) {
    await db
      .update(certificates)
      .set({ revokedAt: new Date(), revokedBy: auth.userId })
      .where(eq(certificates.id, certificate.id));
  }
  return certificateContent(db, config, subject, locale, auth);
}

/** GET /api/verification/certificate/{verificationToken}: public. */
export async function verifyCertificate(
  db: Db,
  verificationToken: string,
  locale: Locale,
): Promise<TCertificateVerification> {
  const [row] = await db
    .select({
      certificate: certificates,
      interactionId: interactionInstances.interactionId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      accountName: FIRM_NAME,
    })
    .from(certificates)
    .innerJoin(interactionInstances, eq(interactionInstances.id, certificates.instanceId))
    .innerJoin(clients, eq(clients.id, interactionInstances.clientId))
    .innerJoin(accounts, eq(accounts.id, certificates.accountId))
    .leftJoin(accountBranding, FIRM_BRANDING_JOIN)
    .where(eq(certificates.verificationToken, verificationToken))
    .limit(1);
  if (!row) throw new AppError(CERTIFICATE_ERRORS.notFound, 404, 'No certificate with this token');
  const definition = getInteractionDefinition(row.interactionId);
  const names = await textsByKey(db, locale, definition ? [definition.nameKey] : []);
  const revoked = row.certificate.revokedAt !== null;
  return {
    status: revoked ? 'REVOKED' : 'VALID',
    holderName: revoked ? null : `${row.firstName} ${row.lastName}`,
    interactionName: (definition && names.get(definition.nameKey)) ?? row.interactionId,
    accountName: row.accountName,
    issuedAt: row.certificate.issuedAt.toISOString(),
    revokedAt: row.certificate.revokedAt?.toISOString() ?? null,
  };
}
