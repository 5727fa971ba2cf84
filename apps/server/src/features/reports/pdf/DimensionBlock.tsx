// One dimension of the profile: name and description, the T-score scale between the low and high labels, the
// figures (T-score, 95 % band, stanine, percentile) and the level in words. Kept on one page as a whole.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReportDimension } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { TScoreScale } from './TScoreScale';
import { COLORS, styles } from './theme';

export function DimensionBlock({ dimension, ctx }: { dimension: TReportDimension; ctx: ReportContext }) {
  const { t, fmt, width } = ctx;
  const scored = dimension.computable && dimension.t !== null;
  const figures = scored
    ? [
        { label: t('report.dimension.tScore'), value: fmt.number(dimension.t!, 1) },
        {
          label: t('report.dimension.band'),
          value: dimension.band
            ? `${fmt.number(dimension.band.low, 1)}–${fmt.number(dimension.band.high, 1)}`
            : '–',
        },
        {
          label: t('report.dimension.stanine'),
          value:
            dimension.stanine === null
              ? '–'
              : t('report.dimension.stanineValue', { stanine: dimension.stanine }),
        },
        {
          label: t('report.dimension.percentile'),
          value: dimension.percentile === null ? '–' : String(dimension.percentile),
        },
      ]
    : [];
  return (
    <View style={block.container} wrap={false}>
      <Text style={block.name}>{dimension.name}</Text>
      {dimension.description ? <Text style={block.description}>{dimension.description}</Text> : null}
      {scored ? (
        <View>
          <TScoreScale width={width} t={dimension.t!} band={dimension.band} />
          <View style={block.ends}>
            <Text style={block.endLow}>{dimension.lowLabel}</Text>
            <Text style={block.endHigh}>{dimension.highLabel}</Text>
          </View>
          <View style={block.figures}>
            {figures.map((figure) => (
              <View key={figure.label} style={block.figure}>
                <Text style={styles.label}>{figure.label}</Text>
                <Text style={block.figureValue}>{figure.value}</Text>
              </View>
            ))}
          </View>
        </View>
      ) : (
        // The server's level text already says why a dimension has no score; the generic label is the fallback.
        <Text style={block.notComputable}>{dimension.levelText || t('report.dimension.notComputable')}</Text>
      )}
      {scored && dimension.levelText ? <Text style={block.levelText}>{dimension.levelText}</Text> : null}
      {scored && dimension.why ? <Text style={block.why}>{`${t('report.why.title')}: ${dimension.why}`}</Text> : null}
      {scored && dimension.advice ? <Text style={block.why}>{`${t('report.advice.title')}: ${dimension.advice}`}</Text> : null}
    </View>
  );
}

const block = StyleSheet.create({
  container: { marginBottom: 12, paddingBottom: 10, borderBottomWidth: 0.5, borderBottomColor: COLORS.rule },
  name: { fontSize: 11, lineHeight: 1.35, fontWeight: 'bold' },
  description: { fontSize: 8.5, color: COLORS.muted, marginTop: 1, marginBottom: 5 },
  ends: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 1 },
  endLow: { maxWidth: '46%', fontSize: 7.5, color: COLORS.muted },
  endHigh: { maxWidth: '46%', fontSize: 7.5, color: COLORS.muted, textAlign: 'right' },
  figures: { flexDirection: 'row', marginTop: 6 },
  figure: { width: '25%' },
  figureValue: { fontSize: 10, fontWeight: 'bold', marginTop: 1 },
  notComputable: { fontSize: 9, fontStyle: 'italic', color: COLORS.muted, marginTop: 4 },
  levelText: { marginTop: 6 },
  why: { marginTop: 4, fontSize: 8.5 },
});
