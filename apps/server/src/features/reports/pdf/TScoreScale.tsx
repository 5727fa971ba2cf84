// The T-score of one dimension on the 20-80 scale: the level bands shaded as the label reads them (stanines 4-6
// average, T 42.5-57.5, darker; stanines 3 and 7 lighter; SCORE_LEVEL_BANDS), the mean 50 dashed, the 95 % band as
// a bar and the score as a dot. Tick labels are ordinary texts placed over the drawing, so they share the
// page's font and styles (react-pdf's SVG text takes neither).
import { Circle, Line, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { SCORE_LEVEL_BANDS } from '@bq/contracts/dashboard';
import type { TReportDimension } from '@bq/contracts/reports';
import { COLORS } from './theme';

const T_MIN = 20;
const T_MAX = 80;
const TICKS = [20, 30, 40, 50, 60, 70, 80];
/** Inset so the end tick labels (20, 80) stay inside the column. */
const INSET = 8;
const HEIGHT = 32;

interface TScoreScaleProps {
  width: number;
  t: number;
  band: TReportDimension['band'];
}

export function TScoreScale({ width, t, band }: TScoreScaleProps) {
  const clamp = (v: number) => Math.min(T_MAX, Math.max(T_MIN, v));
  const x = (v: number) => INSET + ((clamp(v) - T_MIN) / (T_MAX - T_MIN)) * (width - 2 * INSET);
  return (
    <View style={{ width, height: HEIGHT }}>
      <Svg width={width} height={HEIGHT} style={scale.svg}>
        <Rect x={x(T_MIN)} y={6} width={x(T_MAX) - x(T_MIN)} height={10} fill={COLORS.track} />
        {SCORE_LEVEL_BANDS.filter((b) => b.level !== 'LOW' && b.level !== 'HIGH').map((b) => (
          <Rect
            key={b.level}
            x={x(b.tFrom)}
            y={6}
            width={x(b.tTo) - x(b.tFrom)}
            height={10}
            fill={b.level === 'AVERAGE' ? COLORS.averageRange : COLORS.nearAverageRange}
          />
        ))}
        {band ? (
          <Rect
            x={x(band.low)}
            y={8.5}
            width={Math.max(1, x(band.high) - x(band.low))}
            height={5}
            fill={COLORS.accentSoft}
          />
        ) : null}
        <Line
          x1={x(50)}
          y1={2}
          x2={x(50)}
          y2={20}
          stroke={COLORS.faint}
          strokeWidth={0.6}
          strokeDasharray="2 1.5"
        />
        {TICKS.map((tick) => (
          <Line
            key={tick}
            x1={x(tick)}
            y1={17}
            x2={x(tick)}
            y2={20}
            stroke={COLORS.faint}
            strokeWidth={0.5}
          />
        ))}
        <Circle cx={x(t)} cy={11} r={4.2} fill={COLORS.accent} stroke={COLORS.white} strokeWidth={1} />
      </Svg>
      {TICKS.map((tick) => (
        <Text key={tick} style={[scale.tick, { left: x(tick) - 10 }]}>
          {String(tick)}
        </Text>
      ))}
    </View>
  );
}

const scale = StyleSheet.create({
  svg: { position: 'absolute', top: 0, left: 0 },
  tick: { position: 'absolute', top: 21, width: 20, textAlign: 'center', fontSize: 6.5, color: COLORS.faint },
});
