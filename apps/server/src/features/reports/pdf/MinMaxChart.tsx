// One of the minMax charts I-III: the worst (red) and best (green) annualised return of the model portfolio over
// rolling windows of one length, with value labels and the date span of each window. The three charts share one
// y scale so their bars can be compared.
import { Line, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { TRiskView } from '@bq/contracts/dashboard';
import type { ReportContext } from './report-context';
import { COLORS } from './theme';

type MinMax = TRiskView['minMax'][number];

const AXIS = 30;
const PLOT_HEIGHT = 118;
/** Room above and below the extreme ticks for value labels. */
const PAD = 12;

interface MinMaxChartProps {
  chart: MinMax;
  title: string;
  barLabels: { worst: string; best: string };
  scale: { min: number; max: number; ticks: number[] };
  width: number;
  ctx: ReportContext;
}

export function MinMaxChart({ chart, title, barLabels, scale, width, ctx }: MinMaxChartProps) {
  const { fmt } = ctx;
  const plotWidth = width - AXIS;
  const slot = plotWidth / 2;
  const barWidth = Math.min(30, slot * 0.45);
  const y = (v: number) => PAD + ((scale.max - v) / (scale.max - scale.min || 1)) * (PLOT_HEIGHT - 2 * PAD);
  const bars = (['worst', 'best'] as const).flatMap((key, i) => {
    const bar = chart.bars.find((b) => b.key === key);
    return bar ? [{ ...bar, centre: AXIS + slot * i + slot / 2 }] : [];
  });
  return (
    <View style={{ width }} wrap={false}>
      <Text style={chartStyles.title}>{title}</Text>
      <View style={{ width, height: PLOT_HEIGHT }}>
        <Svg width={width} height={PLOT_HEIGHT} style={chartStyles.svg}>
          {scale.ticks.map((tick) => (
            <Line
              key={tick}
              x1={AXIS}
              y1={y(tick)}
              x2={width}
              y2={y(tick)}
              stroke={tick === 0 ? COLORS.muted : COLORS.rule}
              strokeWidth={tick === 0 ? 0.8 : 0.5}
            />
          ))}
          {bars.map((bar) => (
            <Rect
              key={bar.key}
              x={bar.centre - barWidth / 2}
              y={Math.min(y(bar.value), y(0))}
              width={barWidth}
              height={Math.max(0.8, Math.abs(y(bar.value) - y(0)))}
              fill={bar.key === 'worst' ? COLORS.worst : COLORS.best}
            />
          ))}
        </Svg>
        {scale.ticks.map((tick) => (
          <Text key={tick} style={[chartStyles.tick, { top: y(tick) - 4 }]}>
            {fmt.percent(tick, 0)}
          </Text>
        ))}
        {bars.map((bar) => (
          <Text
            key={bar.key}
            style={[
              chartStyles.value,
              {
                left: bar.centre - slot / 2,
                width: slot,
                color: bar.key === 'worst' ? COLORS.worst : COLORS.best,
              },
              // Above a gain, below a loss: the label sits at the bar's far end, away from the zero line.
              bar.value >= 0 ? { top: y(bar.value) - 11 } : { top: y(bar.value) + 2 },
            ]}
          >
            {fmt.signedPercent(bar.value)}
          </Text>
        ))}
      </View>
      <View style={[chartStyles.captions, { marginLeft: AXIS }]}>
        {bars.map((bar) => (
          <View key={bar.key} style={{ width: slot }}>
            <Text style={[chartStyles.barLabel, { color: bar.key === 'worst' ? COLORS.worst : COLORS.best }]}>
              {barLabels[bar.key]}
            </Text>
            {/* From and to on lines of their own; a "\n" inside a text would pull in a fallback font for it. */}
            {bar.dateFrom && bar.dateTo ? (
              <>
                <Text style={chartStyles.span}>{fmt.monthYear(bar.dateFrom)} –</Text>
                <Text style={chartStyles.span}>{fmt.monthYear(bar.dateTo)}</Text>
              </>
            ) : null}
          </View>
        ))}
      </View>
    </View>
  );
}

const chartStyles = StyleSheet.create({
  title: { fontSize: 8.5, fontWeight: 'bold', marginBottom: 4 },
  svg: { position: 'absolute', top: 0, left: 0 },
  tick: {
    position: 'absolute',
    left: 0,
    width: AXIS - 4,
    textAlign: 'right',
    fontSize: 6.5,
    color: COLORS.faint,
  },
  value: { position: 'absolute', textAlign: 'center', fontSize: 7.5, fontWeight: 'bold' },
  captions: { flexDirection: 'row', marginTop: 3 },
  barLabel: { fontSize: 7, fontWeight: 'bold', textAlign: 'center' },
  span: { fontSize: 6.5, color: COLORS.muted, textAlign: 'center', lineHeight: 1.25, paddingHorizontal: 2 },
});
