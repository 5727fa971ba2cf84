// Which PDF a download or render request means, and the HTTP details of sending it: the report types of
// spec section 7 by instance token, the mailed download tokens, and the sample self-assessment report.
import {
  defaultPageFormat,
  type PageFormat,
  type ReportType,
  type TReportDownloadInfo,
  type TReportDownloadQuery,
} from '@bq/contracts/reports';
import { DEFAULT_LOCALE, type Locale } from '@bq/domain/locales';
import { simulateRespondents } from '@bq/scoring/simulate';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { interactionInstances } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';
import { scoreResult } from '../calculation/score-result';
import { definitionForProduct } from '../interactions/definitions';
import { userLocale } from '../user/user-service';
import { certificateContent } from './certificates';
import { recordDownload, isDownloadToken, resolveDownloadToken } from './download-tokens';
import { buildReportContent, reportFileNameOf, reportTitleKey } from './report-content';
import { reportHiddenFor } from '../anonymisation/client-view';
import { assertPublicReportLinkOpen, loadReportSubject, type ReportSubject } from './report-subject';
import { loadReportTexts } from './report-texts';
import type { PdfRenderer } from './pdf/pdf-pool';
import type { PdfBrand } from './pdf/pdf-brand';
import { brandingForAccount } from '../branding/branding-service';
import { logoAsPng } from '../branding/logo-raster';

/** The account's branding for its PDFs; null when it set none (the platform's look, unchanged). */
async function pdfBrandOf(db: Db, accountId: string): Promise<PdfBrand | null> {
  const b = await brandingForAccount(db, accountId);
  if (!b.firmName && !b.primaryColor && !b.logo) return null;
  return { firmName: b.firmName, primaryColor: b.primaryColor, logoPng: logoAsPng(b.logo), poweredBy: b.poweredBy };
}

export interface RenderedPdf {
  body: Buffer;
  fileName: string;
}

/** The language of a report: asked for, else the signed-in evaluator's, else the client's own. */
export async function subjectLocale(
  db: Db,
  subject: ReportSubject,
  auth: AuthContext | null,
  requested: Locale | undefined,
): Promise<Locale> {
  return requested ?? (auth ? await userLocale(db, auth.userId) : null) ?? subject.client.locale;
}

/** RFC 6266: an ASCII fallback name plus the UTF-8 name (ours are ASCII already, see report-file-name.ts). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function renderFor(
  db: Db,
  config: Config,
  pdf: PdfRenderer,
  subject: ReportSubject,
  type: ReportType,
  opts: { locale: Locale; pageFormat: PageFormat; anonymize: boolean; auth: AuthContext | null },
): Promise<RenderedPdf> {
  // The firm's name, colour and logo on its clients' documents (docs/decisions/0055).
  const brand = await pdfBrandOf(db, subject.account.id);
  const firm = brand?.firmName ? { accountName: brand.firmName } : {};
  if (type === 'certificate') {
    const content = { ...(await certificateContent(db, config, subject, opts.locale, opts.auth)), ...firm };
    return {
      body: await pdf.render({ kind: 'certificate', content, pageFormat: opts.pageFormat, ...(brand ? { brand } : {}) }),
      fileName: content.fileName,
    };
  }
  const content = {
    ...(await buildReportContent(db, subject, type, { locale: opts.locale, anonymize: opts.anonymize })),
    ...firm,
  };
  return {
    body: await pdf.render({ kind: 'report', content, pageFormat: opts.pageFormat, ...(brand ? { brand } : {}) }),
    fileName: content.fileName,
  };
}

export async function renderRequestedPdf(
  db: Db,
  config: Config,
  pdf: PdfRenderer,
  id: string,
  query: TReportDownloadQuery,
  auth: AuthContext | null,
): Promise<RenderedPdf> {
  if (isDownloadToken(id)) {
    const link = await resolveDownloadToken(db, id);
    const subject = await loadReportSubject(db, { instanceId: link.instanceId });
    const rendered = await renderFor(db, config, pdf, subject, link.interactionType, {
      locale: link.locale,
      pageFormat: link.pageFormat,
      anonymize: false,
      auth: null,
    });
    await recordDownload(db, link.id);
    return rendered;
  }
  if (!query.interactionType) {
    throw new AppError('error.validation', 400, 'interactionType is required', {
      interactionType: 'error.validation.required',
    });
  }
  const subject = await loadReportSubject(db, { token: id });
  await assertPublicReportLinkOpen(db, config, subject, auth);
  const locale = await subjectLocale(db, subject, auth, query.locale);
  return renderFor(db, config, pdf, subject, query.interactionType, {
    locale,
    pageFormat: query.pageFormat ?? defaultPageFormat(locale),
    anonymize: (query.anonymize ?? false) || (await reportHiddenFor(db, auth, subject)),
    auth,
  });
}

export async function downloadInfo(db: Db, config: Config, token: string): Promise<TReportDownloadInfo> {
  if (!isDownloadToken(token)) throw new AppError('error.not_found', 404, 'Not found');
  const link = await resolveDownloadToken(db, token);
  const subject = await loadReportSubject(db, { instanceId: link.instanceId });
  const texts = await loadReportTexts(db, subject.definition, link.locale);
  // Only the name is needed here, not the whole report (risk windows and all).
  const fileName =
    link.interactionType === 'certificate'
      ? (await certificateContent(db, config, subject, link.locale, null)).fileName
      : reportFileNameOf(subject, texts.t(reportTitleKey(subject, link.interactionType)), {
          locale: link.locale,
          anonymize: false,
        });
  return {
    interactionType: link.interactionType,
    locale: link.locale,
    pageFormat: link.pageFormat,
    clientFirstName: subject.client.firstName,
    clientLastName: subject.client.lastName,
    interactionName: texts.t(subject.definition.nameKey),
    accountName: subject.account.name,
    expiresAt: link.expiresAt.toISOString(),
    fileName,
  };
}

/** A self-assessment report of a simulated participant (seeded: always the same person), never stored. */
export async function sampleSelfAssessmentPdf(
  db: Db,
  pdf: PdfRenderer,
  body: { locale?: Locale; pageFormat?: PageFormat },
  auth: AuthContext | null,
): Promise<RenderedPdf> {
  const definition = definitionForProduct('BQ_PERFORMANCE_SELF_ASSESSMENT');
  const locale = body.locale ?? (auth ? await userLocale(db, auth.userId) : null) ?? DEFAULT_LOCALE;
  const [respondent] = simulateRespondents(definition, { count: 1, seed: 20261123, consistency: 0.8 });
  const now = new Date();
  const results = scoreResult(definition, respondent!.answers as Record<string, number | string>, now);
  const texts = await loadReportTexts(db, definition, locale);
  const sampleName = texts.t('report.title.sampleClient');
  const subject = {
    instance: { token: 'sample', filledAt: now, answers: respondent!.answers } as typeof interactionInstances.$inferSelect,
    results,
    definition,
    productType: 'BQ_PERFORMANCE_SELF_ASSESSMENT',
    dashboardKind: 'SA',
    client: { id: 'sample', firstName: sampleName, lastName: '', email: '', locale },
    account: { id: 'sample', name: texts.t('report.title.sampleAccount') },
    adviserName: null,
    reportLinkDays: null,
  } satisfies ReportSubject;
  const content = await buildReportContent(db, subject, 'bqp', { locale, anonymize: false });
  const sample = {
    ...content,
    client: { firstName: sampleName, lastName: '', displayName: sampleName },
    title: `${texts.t(reportTitleKey(subject, 'bqp'))} (${texts.t('report.title.sample')})`,
  };
  return {
    body: await pdf.render({
      kind: 'report',
      content: sample,
      pageFormat: body.pageFormat ?? defaultPageFormat(locale),
    }),
    fileName: sample.fileName,
  };
}
