// GET /api/dashboard/{token}/fileNote: the adviser's file note (issue 22 point 2, docs/decisions/0030). The texts the
// client's report leaves out, as the dashboard shows them: each limit in the adviser's words, what to explain first,
// the remarks (vulnerability, borrowing, concentration), the consistency flag with its instruction or the adviser's
// resolution records. Signed in only, with the result's read permission (requireOpenResult); there is no way to it
// by the result's public token or a mailed download token. For a selection result it is the selection report, with the
// performance outlook the candidate's report leaves out (selection-report.ts, docs/decisions/0082).
import { defaultPageFormat, type TFileNoteContent, type TFileNoteQuery } from '@bq/contracts/reports';
import { DEFAULT_LOCALE, type Locale } from '@bq/domain/locales';
import { reportFileName } from '@bq/domain/report-file-name';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth';
import { clientViewFor, showClient } from '../anonymisation/client-view';
import { consistencyResolutionsOf } from '../results/consistency-resolution';
import { requireOpenResult } from '../results/result-access';
import { riskVerdict } from '../results/risk-verdict';
import { userLocale } from '../user/user-service';
import type { PdfRenderer } from './pdf/pdf-pool';
import { reportFormat, type ReportFormat } from './pdf/format';
import { verdictTexts } from './report-audience';
import { loadReportSubject } from './report-subject';
import { loadReportTexts, type ReportTexts } from './report-texts';
import type { RenderedPdf } from './report-pdf';
import { hasEvaluatorOutlook, outlookSections } from './selection-report';

type Section = TFileNoteContent['sections'][number];
type Opened = Awaited<ReturnType<typeof requireOpenResult>>;

/** The adviser's sections of a risk profile, in the order of the dashboard. */
async function riskSections(db: Db, opened: Opened, texts: ReportTexts, fmt: ReportFormat): Promise<Section[]> {
  const risk = opened.results.risk!;
  const verdict = riskVerdict(risk, opened.definition, opened.instance.answers);
  const worded = verdictTexts('adviser', verdict, risk.consistency.reasons, texts, fmt);
  const { t } = texts;
  const sections: Section[] = [
    {
      title: t('results.risk.fileNote.limitsTitle'),
      lead: worded.caps.length > 0
        ? t('results.risk.capsLead', { tolerance: risk.toleranceClass, suitable: risk.suitableClass })
        : t('results.risk.noCaps'),
      points: worded.caps.map((cap) => (cap.binding ? `${cap.reason} – ${t('results.risk.verdict.binding')}` : cap.reason)),
      warn: false,
    },
  ];
  if (worded.explainFirst.length > 0) {
    sections.push({ title: t('results.risk.verdict.explainTitle'), lead: t('results.risk.verdict.explainLead'), points: worded.explainFirst, warn: true });
  }
  if (worded.remarks.length > 0) {
    sections.push({ title: t('results.risk.verdict.remarksTitle'), lead: null, points: worded.remarks, warn: true });
  }
  if (!risk.consistency.flagged) {
    sections.push({ title: t('report.risk.consistency.title'), lead: t('results.risk.fileNote.consistencyOk'), points: [], warn: false });
    return sections;
  }
  const resolutions = await consistencyResolutionsOf(db, opened.instance.id);
  sections.push({
    title: t('results.risk.consistency.title'),
    // Until a resolution is recorded, the regulatory instruction stands.
    lead: resolutions.length === 0 ? t('results.risk.consistency.review') : null,
    points: worded.consistencyReasons,
    warn: resolutions.length === 0,
  });
  if (resolutions.length > 0) {
    sections.push({
      title: t('results.risk.consistency.resolution.title'),
      lead: null,
      points: resolutions.map(
        (r) => `${t('results.risk.consistency.resolution.by', { date: fmt.date(r.resolvedAt), name: r.authorName })}: ${r.note}`,
      ),
      warn: false,
    });
  }
  return sections;
}

export async function buildFileNote(db: Db, auth: AuthContext, token: string, requested: Locale | undefined): Promise<TFileNoteContent> {
  // Access first: another account's token is a 404, no permission a 403, locked 402, not ready 409.
  const opened = await requireOpenResult(db, auth, token);
  const subject = await loadReportSubject(db, { token });
  const locale = requested ?? (await userLocale(db, auth.userId)) ?? DEFAULT_LOCALE;
  const texts = await loadReportTexts(db, opened.definition, locale);
  const fmt = reportFormat(locale);
  const { t } = texts;
  // A client anonymised for this viewer stays anonymised here, as on the dashboard (docs/decisions/0021).
  const view = await clientViewFor(db, auth, opened.instance.productConfigurationId, opened.instance.clientId);
  const shown = showClient(view, opened.client);
  const risk = opened.results.risk;
  const completed = opened.instance.filledAt?.toISOString() ?? null;
  // A selection result's evaluator document is its selection report: the outlook the candidate's report leaves out.
  const selection = hasEvaluatorOutlook(opened.definition);
  const words = selection ? 'results.selectionReport' : 'results.risk.fileNote';
  const facts = [
    { label: t(selection ? 'results.selectionReport.candidate' : 'results.risk.fileNote.client'), value: shown.displayName },
    { label: t('results.risk.fileNote.questionnaire'), value: t(opened.definition.nameKey) },
    { label: t('results.risk.fileNote.completedAt'), value: fmt.date(completed) || t('report.cover.notRecorded') },
    { label: t(selection ? 'report.cover.contact' : 'report.cover.adviser'), value: subject.adviserName ?? t('report.cover.notRecorded') },
  ];
  if (risk) {
    facts.push(
      { label: t('results.risk.toleranceClass'), value: String(risk.toleranceClass) },
      { label: t('results.risk.suitableClass'), value: String(risk.suitableClass) },
      { label: t('results.risk.selfEstimate'), value: risk.selfEstimate === null ? t('results.risk.selfEstimateMissing') : String(risk.selfEstimate) },
    );
  }
  const sections = risk
    ? await riskSections(db, opened, texts, fmt)
    : selection
      ? outlookSections(opened.definition, opened.results, texts)
      : [{ title: t('results.risk.title'), lead: t('results.risk.fileNote.none'), points: [], warn: false }];
  return {
    locale,
    title: t(`${words}.title`),
    notice: t(`${words}.notice`),
    facts,
    sections,
    accountName: subject.account.name,
    clientName: shown.displayName,
    fileName: reportFileName({
      title: t(`${words}.fileName`),
      lastName: view.hidden ? null : opened.client.lastName,
      firstName: view.hidden ? null : opened.client.firstName,
      date: opened.instance.filledAt ?? opened.results.calculatedAt,
      locale,
    }),
    texts: { page: t('report.page'), confidential: t('report.confidential') },
  };
}

export async function renderFileNote(
  db: Db,
  pdf: PdfRenderer,
  auth: AuthContext,
  token: string,
  query: TFileNoteQuery,
): Promise<RenderedPdf> {
  const content = await buildFileNote(db, auth, token, query.locale);
  return {
    body: await pdf.render({ kind: 'fileNote', content, pageFormat: query.pageFormat ?? defaultPageFormat(content.locale) }),
    fileName: content.fileName,
  };
}
