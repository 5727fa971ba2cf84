// Chart IV: the value of the model portfolio over time (start = 100), with pure equities and pure bonds as a frame
// of reference. A logarithmic axis, because 150 years of compounding span several orders of magnitude and equal
// percentage moves should look equal.
import { Line, Polyline, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { TRiskView } from '@bq/contracts/dashboard';
import type { ReportContext } from './report-context';
import { logScale, yearOf, yearTicks } from './scales';
import { COLORS } from './theme';

type LineSeries = TRiskView['lines'][number];

const AXIS = 46;
const PLOT_HEIGHT = 150;
const X_LABELS = 12;
/** The stored series has about three points a year (about 460 since 1871); more is thinned to keep the PDF small. */
const MAX_POINTS = 600;

const SERIES_STYLE: Record<string, { color: string; width: number }> = {
  portfolio: { color: COLORS.accent, width: 1.6 },
  equity: { color: COLORS.equity, width: 0.8 },
  bonds: { color: COLORS.bonds, width: 0.8 },
};
const styleOf = (key: string) => SERIES_STYLE[key] ?? { color: COLORS.muted, width: 0.8 };

interface ValueLineChartProps {
  title: string;
  lines: readonly LineSeries[];
  /** The legend text of each series key. */
  names: Record<string, string>;
  ctx: ReportContext;
}

export function ValueLineChart({ title, lines, names, ctx }: ValueLineChartProps) {
  const { fmt, width } = ctx;
  const series = lines.map((line) => ({
    key: line.key,
    points: thin(line.values.filter((v) => v.valueAt > 0 && Number.isFinite(yearOf(v.dateAt)))),
  }));
  const all = series.flatMap((s) => s.points);
  if (all.length < 2) return null;
  const years = all.map((p) => yearOf(p.dateAt));
  const firstYear = Math.min(...years);
  const lastYear = Math.max(...years);
  const scale = logScale(all.map((p) => p.valueAt));
  const plotWidth = width - AXIS;
  const x = (year: number) => AXIS + ((year - firstYear) / (lastYear - firstYear || 1)) * plotWidth;
  const logSpan = Math.log10(scale.max) - Math.log10(scale.min) || 1;
  const y = (value: number) =>
    4 + ((Math.log10(scale.max) - Math.log10(value)) / logSpan) * (PLOT_HEIGHT - 8);
  const xTicks = yearTicks(firstYear, lastYear);
  return (
    <View style={{ marginTop: 12 }}>
      <Text style={lineStyles.title}>{title}</Text>
      <View style={{ width, height: PLOT_HEIGHT + X_LABELS }}>
        <Svg width={width} height={PLOT_HEIGHT + X_LABELS} style={lineStyles.svg}>
          {scale.ticks.map((tick) => (
            <Line
              key={tick}
              x1={AXIS}
              y1={y(tick)}
              x2={width}
              y2={y(tick)}
              stroke={COLORS.rule}
              strokeWidth={0.5}
            />
          ))}
          <Line
            x1={AXIS}
            y1={PLOT_HEIGHT}
            x2={width}
            y2={PLOT_HEIGHT}
            stroke={COLORS.muted}
            strokeWidth={0.6}
          />
          {xTicks.map((year) => (
            <Line
              key={year}
              x1={x(year)}
              y1={PLOT_HEIGHT}
              x2={x(year)}
              y2={PLOT_HEIGHT + 3}
              stroke={COLORS.muted}
              strokeWidth={0.5}
            />
          ))}
          {/* Reference series first, so the portfolio line is drawn on top. */}
          {[...series]
            .sort((a, b) => Number(a.key === 'portfolio') - Number(b.key === 'portfolio'))
            .map((s) => (
              <Polyline
                key={s.key}
                points={s.points
                  .map((p) => `${x(yearOf(p.dateAt)).toFixed(2)},${y(p.valueAt).toFixed(2)}`)
                  .join(' ')}
                fill="none"
                stroke={styleOf(s.key).color}
                strokeWidth={styleOf(s.key).width}
                strokeLinejoin="round"
              />
            ))}
        </Svg>
        {scale.ticks.map((tick) => (
          <Text key={tick} style={[lineStyles.yTick, { top: y(tick) - 4 }]}>
            {fmt.number(tick, 0)}
          </Text>
        ))}
        {xTicks.map((year) => (
          <Text key={year} style={[lineStyles.xTick, { left: x(year) - 15 }]}>
            {String(year)}
          </Text>
        ))}
      </View>
      <View style={lineStyles.legend}>
        {series.map((s) => (
          <View key={s.key} style={lineStyles.legendItem}>
            <Svg width={16} height={6} style={{ marginRight: 4, marginTop: 2 }}>
              <Line
                x1={0}
                y1={3}
                x2={16}
                y2={3}
                stroke={styleOf(s.key).color}
                strokeWidth={Math.max(1.2, styleOf(s.key).width)}
              />
            </Svg>
            <Text style={lineStyles.legendText}>{names[s.key] ?? s.key}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

/** Every n-th point plus the last, so a long monthly series keeps its shape at a fraction of the size. */
function thin<T>(points: readonly T[]): T[] {
  if (points.length <= MAX_POINTS) return [...points];
  const step = Math.ceil(points.length / MAX_POINTS);
  return points.filter((_, i) => i % step === 0 || i === points.length - 1);
}

const lineStyles = StyleSheet.create({
  title: { fontSize: 8.5, fontWeight: 'bold', marginBottom: 4 },
  svg: { position: 'absolute', top: 0, left: 0 },
  yTick: {
    position: 'absolute',
    left: 0,
    width: AXIS - 5,
    textAlign: 'right',
    fontSize: 6.5,
    color: COLORS.faint,
  },
  xTick: {
    position: 'absolute',
    top: PLOT_HEIGHT + 4,
    width: 30,
    textAlign: 'center',
    fontSize: 6.5,
    color: COLORS.faint,
  },
  legend: { flexDirection: 'row', marginTop: 6, marginLeft: AXIS },
  legendItem: { flexDirection: 'row', marginRight: 16 },
  legendText: { fontSize: 7.5, color: COLORS.muted },
});
