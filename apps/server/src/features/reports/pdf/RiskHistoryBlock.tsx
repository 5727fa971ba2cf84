// The dashboard's BQA_RISK section in the PDF: what the figures are based on (market history, or a projection
// from stated assumptions, which the reader must not mistake for history), the minMax charts I-III side by side,
// chart IV (value over time, history only) and the table.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TRiskSection } from '@bq/contracts/dashboard';
import type { ReportLabelKey } from './labels';
import { MinMaxChart } from './MinMaxChart';
import type { ReportContext } from './report-context';
import { RiskWindowTable } from './RiskWindowTable';
import { returnScale } from './scales';
import { SectionHeading } from './SectionHeading';
import { COLORS, styles } from './theme';
import { ValueLineChart } from './ValueLineChart';

type WindowLabel = TRiskSection['minMax'][number]['label'];

const WINDOW_KEYS: Record<WindowLabel, ReportLabelKey> = {
  year1: 'report.risk.window.year1',
  year5: 'report.risk.window.year5',
  year10: 'report.risk.window.year10',
};
const CHART_GAP = 14;

export function RiskHistoryBlock({ section, ctx }: { section: TRiskSection; ctx: ReportContext }) {
  const { t, fmt, width } = ctx;
  const projection = section.basis.kind === 'projection';
  const windowName = (label: WindowLabel) => t(WINDOW_KEYS[label]);
  const barLabels = projection
    ? { worst: t('report.risk.bar.projection.worst'), best: t('report.risk.bar.projection.best') }
    : { worst: t('report.risk.bar.history.worst'), best: t('report.risk.bar.history.best') };
  const scale = returnScale(section.minMax.flatMap((chart) => chart.bars.map((bar) => bar.value)));
  const chartWidth = (width - CHART_GAP * (section.minMax.length - 1)) / Math.max(1, section.minMax.length);
  const portfolioLine = section.lines.find((line) => line.key === 'portfolio');
  const first = portfolioLine?.values[0];
  const last = portfolioLine?.values[portfolioLine.values.length - 1];

  return (
    <View>
      {/* Heading, basis and charts I-III stay together: the basis says how to read the bars. */}
      <View wrap={false}>
        <SectionHeading>{t('report.section.riskHistory')}</SectionHeading>
        {section.basis.kind === 'history' ? (
          <Text style={styles.paragraph}>
            {t('report.risk.basis.history', {
              from: fmt.monthYear(section.basis.firstDate, 'long'),
              to: fmt.monthYear(section.basis.lastDate, 'long'),
              source: section.basis.source,
            })}
          </Text>
        ) : (
          <ProjectionBasis assumptions={section.basis.assumptions} ctx={ctx} />
        )}
        <Text style={history.axisNote}>{t('report.risk.chart.annualReturn')}</Text>
        <View style={history.charts}>
          {section.minMax.map((chart) => (
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
      {!projection && section.lines.length > 0 ? (
        <View wrap={false}>
          <ValueLineChart
            title={t('report.risk.chart.line', { id: section.lines[0]!.id })}
            lines={section.lines}
            names={{
              portfolio: t('report.risk.line.portfolio'),
              equity: t('report.risk.line.equity'),
              bonds: t('report.risk.line.bonds'),
            }}
            ctx={ctx}
          />
          {first && last ? (
            <Text style={history.summary}>
              {t('report.risk.chart.lineSummary', {
                start: fmt.currency(first.valueAt),
                from: fmt.monthYear(first.dateAt, 'long'),
                end: fmt.currency(last.valueAt),
                to: fmt.monthYear(last.dateAt, 'long'),
              })}
            </Text>
          ) : null}
        </View>
      ) : null}

      <RiskWindowTable section={section} windowName={windowName} barLabels={barLabels} ctx={ctx} />
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
  assumptionsTitle: { fontWeight: 'bold', marginBottom: 2 },
  assumption: { marginLeft: 8, marginBottom: 1 },
  axisNote: { fontSize: 7, color: COLORS.muted, marginBottom: 4 },
  charts: { flexDirection: 'row', justifyContent: 'space-between' },
  summary: { fontSize: 8.5, marginTop: 6 },
});
