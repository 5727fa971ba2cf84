// The adverse-impact report as files, in the reader's locale: a CSV of every table (cells disarmed by the one CSV
// writer, decision 0034) and a PDF summary in the layout NYC Local Law 144's rules ask a published summary to have
// (date, source and period of the data, the unknown category's count, selection or scoring rates and impact ratios
// per category and intersection), drawn by the file-note document of the existing PDF renderer.
import { CSV_BOM, csvLine, csvNumber, type CsvCell } from '@bq/domain/csv';
import { fileNameDate, formatDate, formatNumber, formatPercent } from '@bq/domain/formats';
import type { Locale } from '@bq/domain/locales';
import type { TAdverseImpactGroup, TAdverseImpactReport } from '@bq/contracts/fairness';
import type { TFileNoteContent } from '@bq/contracts/reports';
import type { Db } from '../../db/client';
import { languageTexts } from '../translations/translation-cache';

type T = (key: string, vars?: Record<string, string | number>) => string;

export async function fairnessTexts(db: Db, locale: Locale): Promise<T> {
  const texts = (await languageTexts(db, locale)).ofType('BQUI');
  return (key, vars = {}) => (texts.get(key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The page frame's two labels, as the report texts have them (their placeholders are filled by the renderer). */
async function pageTexts(db: Db, locale: Locale) {
  const texts = (await languageTexts(db, locale)).ofType('REPORT');
  return { page: texts.get('report.page') ?? 'report.page', confidential: texts.get('report.confidential') ?? 'report.confidential' };
}

const TABLE_TITLE: Record<string, string> = { sex: 'fairness.table.sex', ageBand: 'fairness.table.ageBand', ethnicGroup: 'fairness.table.ethnicGroup' };
const tableTitle = (t: T, key: string) => t(TABLE_TITLE[key] ?? 'fairness.table.intersection');

/** The group's name: the account's own label, else the translated default option. */
function groupName(t: T, report: TAdverseImpactReport, tableKey: string, group: TAdverseImpactGroup): string {
  const table = report.tables.find((x) => x.key === tableKey)!;
  return group.key
    .split('|')
    .map((code, i) => group.labels[i] ?? t(`fairness.option.${table.categories[i]}.${code}`))
    .join(' / ');
}

const COLUMNS = ['group', 'assessed', 'selected', 'selectionRate', 'impactRatio', 'fourFifths', 'fisherP', 'smallSample', 'scoringRate', 'scoringImpactRatio'] as const;

export async function adverseImpactCsv(db: Db, report: TAdverseImpactReport, locale: Locale): Promise<{ body: string; fileName: string }> {
  const t = await fairnessTexts(db, locale);
  const yesNo = (v: boolean | null) => (v === null ? '' : t(v ? 'fairness.yes' : 'fairness.no'));
  const lines = [csvLine([t('fairness.title'), ...COLUMNS.map((c) => t(`fairness.column.${c}`))], locale)];
  for (const table of report.tables) {
    for (const g of table.groups) {
      const cells: CsvCell[] =
        g.shown === 'SHOWN'
          ? [String(g.assessed), String(g.selected), csvNumber(g.selectionRate, 4), csvNumber(g.impactRatio, 4), yesNo(g.fourFifthsFlag), csvNumber(g.fisherP, 6), yesNo(g.smallSample), csvNumber(g.scoringRate, 4), csvNumber(g.scoringImpactRatio, 4)]
          : [t(`fairness.shown.${g.shown}`), '', '', '', '', '', '', '', ''];
      lines.push(csvLine([tableTitle(t, table.key), groupName(t, report, table.key, g), ...cells], locale));
    }
  }
  const fileName = `${t('fairness.fileName')}_${report.productType}_${fileNameDate(report.generatedAt, locale)}.csv`;
  return { body: CSV_BOM + lines.join(''), fileName };
}

export async function adverseImpactPdfContent(db: Db, report: TAdverseImpactReport, locale: Locale, accountName: string): Promise<TFileNoteContent> {
  const t = await fairnessTexts(db, locale);
  const pct = (v: number | null) => (v === null ? '–' : formatPercent(v, locale, 1));
  const num = (v: number | null, d: number) => (v === null ? '–' : formatNumber(v, locale, d));
  const period = report.from || report.to ? `${report.from ? formatDate(report.from, locale) : '…'} – ${report.to ? formatDate(report.to, locale) : '…'}` : t('fairness.pdf.allTime');
  const basis = t(`fairness.basis.${report.basis}`) + (report.threshold === null ? '' : ` (${num(report.threshold, report.basis === 'fit' ? 0 : 1)})`);
  const sex = report.tables.find((x) => x.key === 'sex');
  return {
    locale,
    title: t('fairness.pdf.title'),
    notice: t('fairness.pdf.notice'),
    facts: [
      { label: t('fairness.pdf.date'), value: formatDate(report.generatedAt, locale) },
      { label: t('fairness.pdf.product'), value: t(`product.${report.productType}.name`) },
      { label: t('fairness.pdf.source'), value: t('fairness.pdf.sourceText') },
      { label: t('fairness.pdf.period'), value: period },
      { label: t('fairness.pdf.basis'), value: basis },
      { label: t('fairness.column.assessed'), value: String(report.assessed) },
      { label: t('fairness.pdf.unknown'), value: sex?.notStated === null || sex === undefined ? '–' : String(sex.notStated) },
      { label: t('fairness.pdf.k'), value: String(report.k) },
    ],
    sections: report.tables.map((table) => ({
      title: tableTitle(t, table.key),
      lead: null,
      warn: table.groups.some((g) => g.fourFifthsFlag),
      points: table.groups.map((g) => {
        const name = groupName(t, report, table.key, g);
        if (g.shown !== 'SHOWN') return `${name}: ${t(`fairness.shown.${g.shown}`)}`;
        const marks = [g.fourFifthsFlag ? t('fairness.pdf.flag') : null, g.smallSample ? t('fairness.pdf.small') : null, g.isReference ? t('fairness.reference') : null].filter(Boolean);
        const scoring = g.scoringRate === null ? '' : `; ${t('fairness.pdf.scoring', { rate: pct(g.scoringRate), ratio: num(g.scoringImpactRatio, 2) })}`;
        const line = t('fairness.pdf.point', { group: name, assessed: g.assessed!, selected: g.selected!, rate: pct(g.selectionRate), ratio: num(g.impactRatio, 2), p: g.fisherP === null ? '–' : num(g.fisherP, 4) });
        return `${line}${scoring}${marks.length ? ` (${marks.join(', ')})` : ''}`;
      }),
    })),
    accountName,
    clientName: '',
    fileName: `${t('fairness.fileName')}_${report.productType}_${fileNameDate(report.generatedAt, locale)}.pdf`,
    texts: await pageTexts(db, locale),
  };
}
