// The dashboard's BQA_RISK section in the PDF: what the figures are (US equities and 10-year US Treasuries, total
// return, in US dollars) and what they rest on (market history, or a projection from stated assumptions, which the
// reader must not mistake for history), the PRIIPs-way market-risk class of the model portfolio, the minMax
// charts I-III side by side, chart IV (value over time, history only) with the largest drawdown, the table, and
// the same windows after US inflation (real).
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TRiskSection, TRiskView } from '@bq/contracts/dashboard';
import { historyCutBeforeFileEnd } from '@bq/domain/market-history-end';
import type { ReportLabelKey } from './labels';
import { MinMaxChart } from './MinMaxChart';
import type { ReportContext } from './report-context';
import { RiskWindowTable } from './RiskWindowTable';
import { returnScale } from './scales';
import { SectionHeading } from './SectionHeading';
import { COLORS, styles } from './theme';
import { ValueLineChart } from './ValueLineChart';

type WindowLabel = TRiskView['minMax'][number]['label'];

const WINDOW_KEYS: Record<WindowLabel, ReportLabelKey> = {
  year1: 'report.risk.window.year1',
  year5: 'report.risk.window.year5',
  year10: 'report.risk.window.year10',
};
const CHART_GAP = 14;

export function RiskHistoryBlock({ section, ctx }: { section: TRiskSection; ctx: ReportContext }) {
  const { t, fmt, width } = ctx;
  const projection = section.basis.kind === 'projection';
  const view = section.nominal;
  const windowName = (label: WindowLabel) => t(WINDOW_KEYS[label]);
  const barLabels = projection
    ? { worst: t('report.risk.bar.projection.worst'), best: t('report.risk.bar.projection.best') }
    : { worst: t('report.risk.bar.history.worst'), best: t('report.risk.bar.history.best') };
  const scale = returnScale(view.minMax.flatMap((chart) => chart.bars.map((bar) => bar.value)));
  const chartWidth = (width - CHART_GAP * (view.minMax.length - 1)) / Math.max(1, view.minMax.length);

  return (
    <View>
      {/* Heading, basis and charts I-III stay together: the basis says how to read the bars. */}
      <View wrap={false}>
        <SectionHeading>{t('report.section.riskHistory')}</SectionHeading>
        {section.basis.kind === 'history' ? (
          <>
            <Text style={styles.paragraph}>
              {t('report.risk.basis.history', {
                from: fmt.monthYear(section.basis.firstDate, 'long'),
                to: fmt.monthYear(section.basis.lastDate, 'long'),
                source: section.basis.source,
              })}
            </Text>
            {historyCutBeforeFileEnd(section.basis) ? (
              <Text style={styles.paragraph}>
                {t('report.risk.basis.historyCut', {
                  to: fmt.monthYear(section.basis.lastDate, 'long'),
                  fileTo: fmt.monthYear(section.basis.marketData.fileLastDate, 'long'),
                })}
              </Text>
            ) : null}
            <Text style={[styles.paragraph, history.what]}>
              {t('report.risk.basis.what')}
            </Text>
          </>
        ) : (
          <ProjectionBasis assumptions={section.basis.assumptions} ctx={ctx} />
        )}
        {section.marketRisk ? <MarketRisk marketRisk={section.marketRisk} profileClass={section.riskClass} ctx={ctx} /> : null}
        <Text style={history.axisNote}>
          {t(projection ? 'report.risk.chart.annualReturnProjection' : 'report.risk.chart.annualReturn')}
        </Text>
        <View style={history.charts}>
          {view.minMax.map((chart) => (
            <MinMaxChart
              key={chart.id}
              chart={chart}
              title={t(projection ? 'report.risk.chart.minMaxProjection' : 'report.risk.chart.minMax', {
                id: chart.id,
                window: windowName(chart.label),
              })}
              barLabels={barLabels}
              scale={scale}
              width={chartWidth}
              ctx={ctx}
            />
          ))}
        </View>
      </View>

      {/* A projection has no value history, so chart IV exists for market history only. */}
      {!projection && view.lines.length > 0 ? (
        <View wrap={false}>
          <ValueLineChart
            title={t('report.risk.chart.line', { id: view.lines[0]!.id })}
            lines={view.lines}
            names={{
              portfolio: t('report.risk.line.portfolio'),
              equity: t('report.risk.line.equity'),
              bonds: t('report.risk.line.bonds'),
            }}
            ctx={ctx}
          />
          <ViewSummary view={view} basis="nominal" ctx={ctx} />
        </View>
      ) : null}

      <RiskWindowTable
        rows={view.table.rows}
        projection={projection}
        caption={t(projection ? 'report.risk.table.caption.projection' : 'report.risk.table.caption.history')}
        windowName={windowName}
        barLabels={barLabels}
        ctx={ctx}
      />

      {section.real ? (
        <View wrap={false} style={{ marginTop: 12 }}>
          <Text style={styles.subHeading}>{t('report.risk.real.title')}</Text>
          <Text style={styles.small}>{t('report.risk.real.text')}</Text>
          <ViewSummary view={section.real} basis="real" ctx={ctx} />
          <RiskWindowTable
            rows={section.real.table.rows}
            projection={false}
            caption={t('report.risk.table.caption.real')}
            windowName={windowName}
            barLabels={barLabels}
            ctx={ctx}
          />
        </View>
      ) : null}
    </View>
  );
}

/** What US$100 became, the largest fall from a previous high (every month) and the volatility, in one basis. */
function ViewSummary({ view, basis, ctx }: { view: TRiskView; basis: 'nominal' | 'real'; ctx: ReportContext }) {
  const { t, fmt } = ctx;
  const portfolio = view.lines.find((line) => line.key === 'portfolio');
  const first = portfolio?.values[0];
  const last = portfolio?.values[portfolio.values.length - 1];
  const drawdown = view.maxDrawdown;
  return (
    <View style={history.summary}>
      {first && last ? (
        <Text>
          {t(basis === 'real' ? 'report.risk.chart.lineSummaryReal' : 'report.risk.chart.lineSummary', {
            start: fmt.currency(first.valueAt, 'USD'),
            from: fmt.monthYear(first.dateAt, 'long'),
            end: fmt.currency(last.valueAt, 'USD'),
            to: fmt.monthYear(last.dateAt, 'long'),
          })}
        </Text>
      ) : null}
      {drawdown ? (
        <Text>
          {t(drawdown.recoveryDate ? 'report.risk.drawdown' : 'report.risk.drawdownNotRecovered', {
            fall: fmt.percent(drawdown.fall),
            peak: fmt.monthYear(drawdown.peakDate, 'long'),
            trough: fmt.monthYear(drawdown.troughDate, 'long'),
            recovery: drawdown.recoveryDate ? fmt.monthYear(drawdown.recoveryDate, 'long') : '',
            end: last ? fmt.monthYear(last.dateAt, 'long') : '',
          })}
          {view.volatility !== null ? ` ${t('report.risk.volatility', { volatility: fmt.percent(view.volatility) })}` : ''}
        </Text>
      ) : null}
    </View>
  );
}

/** The PRIIPs-way market-risk class beside the profile class, named for what it is and is not. */
function MarketRisk({
  marketRisk,
  profileClass,
  ctx,
}: {
  marketRisk: NonNullable<TRiskSection['marketRisk']>;
  profileClass: number;
  ctx: ReportContext;
}) {
  const { t, fmt } = ctx;
  return (
    <View style={history.marketRisk} wrap={false}>
      <Text style={history.marketRiskTitle}>
        {t('report.risk.marketRisk.title', { mrm: marketRisk.mrm })}
      </Text>
      <Text style={styles.small}>
        {t('report.risk.marketRisk.text', {
          vev: fmt.percent(marketRisk.vev),
          from: fmt.monthYear(marketRisk.from, 'long'),
          to: fmt.monthYear(marketRisk.to, 'long'),
          years: marketRisk.holdingYears,
          class: profileClass,
        })}
      </Text>
    </View>
  );
}

type Assumptions = Extract<TRiskSection['basis'], { kind: 'projection' }>['assumptions'];

/** The projection notice and its assumptions, highlighted so nobody reads the bars as history. */
function ProjectionBasis({ assumptions, ctx }: { assumptions: Assumptions; ctx: ReportContext }) {
  const { t, fmt } = ctx;
  return (
    <View style={history.projection}>
      <Text style={styles.paragraph}>{t('report.risk.basis.projection')}</Text>
      <Text style={history.assumptionsTitle}>{t('report.risk.assumptions.title')}</Text>
      <Text style={history.assumption}>
        •{' '}
        {t('report.risk.assumptions.equity', {
          return: fmt.percent(assumptions.equityReturn),
          volatility: fmt.percent(assumptions.equityVolatility),
        })}
      </Text>
      <Text style={history.assumption}>
        •{' '}
        {t('report.risk.assumptions.bonds', {
          return: fmt.percent(assumptions.bondReturn),
          volatility: fmt.percent(assumptions.bondVolatility),
        })}
      </Text>
      <Text style={history.assumption}>
        •{' '}
        {t('report.risk.assumptions.cash', {
          return: fmt.percent(assumptions.cashReturn),
          volatility: fmt.percent(assumptions.cashVolatility),
        })}
      </Text>
      <Text style={history.assumption}>
        • {t('report.risk.assumptions.correlation', { correlation: fmt.number(assumptions.correlation, 2) })}
      </Text>
    </View>
  );
}

const history = StyleSheet.create({
  projection: {
    backgroundColor: COLORS.warnPanel,
    borderLeftWidth: 3,
    borderLeftColor: COLORS.warn,
    padding: 10,
    marginBottom: 8,
  },
  what: { fontSize: 8.5, color: COLORS.muted },
  marketRisk: { backgroundColor: COLORS.panel, padding: 8, marginBottom: 8 },
  marketRiskTitle: { fontWeight: 'bold', marginBottom: 2 },
  assumptionsTitle: { fontWeight: 'bold', marginBottom: 2 },
  assumption: { marginLeft: 8, marginBottom: 1 },
  axisNote: { fontSize: 7, color: COLORS.muted, marginBottom: 4 },
  charts: { flexDirection: 'row', justifyContent: 'space-between' },
  summary: { fontSize: 8.5, marginTop: 6 },
});
