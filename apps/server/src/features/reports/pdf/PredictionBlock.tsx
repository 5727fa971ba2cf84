// The prediction of a result (investment style or performance): the most likely class with its probability, all
// classes as bars, and the dimensions that moved it most. Marked provisional while the model's weights are
// expert-set rather than fitted.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReportContent } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { SectionHeading } from './SectionHeading';
import { COLORS, styles } from './theme';

type Prediction = NonNullable<TReportContent['prediction']>;

export function PredictionBlock({ prediction, ctx }: { prediction: Prediction; ctx: ReportContext }) {
  const { t, fmt } = ctx;
  return (
    <View>
      <View wrap={false}>
        <SectionHeading>{prediction.title}</SectionHeading>
        {prediction.provisional ? (
          <View style={block.provisional}>
            <Text style={block.badge}>{t('report.prediction.provisional')}</Text>
            <Text style={block.provisionalNote}>{t('report.prediction.provisionalNote')}</Text>
          </View>
        ) : null}
        <View style={[styles.panel, { marginBottom: 10 }]}>
          <Text style={styles.label}>{t('report.prediction.mostLikely')}</Text>
          <Text style={block.predicted}>{prediction.predictedLabel}</Text>
          <Text style={block.probability}>
            {t('report.prediction.probability', { percent: fmt.percent(prediction.probability, 0) })}
          </Text>
          {prediction.predictedDescription ? <Text>{prediction.predictedDescription}</Text> : null}
        </View>
      </View>

      <View wrap={false}>
        <Text style={styles.subHeading}>{t('report.prediction.allClasses')}</Text>
        {prediction.classes.map((c) => (
          <View key={c.key} style={block.classRow}>
            <Text style={[block.classLabel, c.label === prediction.predictedLabel ? styles.bold : {}]}>
              {c.label}
            </Text>
            <View style={block.track}>
              <View style={[block.fill, { width: `${Math.max(0, Math.min(1, c.probability)) * 100}%` }]} />
            </View>
            <Text style={block.classPercent}>{fmt.percent(c.probability, 0)}</Text>
          </View>
        ))}
      </View>

      {prediction.factors.length > 0 ? (
        <View wrap={false}>
          <Text style={styles.subHeading}>{t('report.prediction.factors')}</Text>
          {prediction.factors.map((factor, i) => (
            <Text key={i} style={block.factor}>
              {factor.contribution >= 0 ? '▲' : '▼'}{' '}
              {t(
                factor.contribution >= 0
                  ? 'report.prediction.factor.raised'
                  : 'report.prediction.factor.lowered',
                {
                  name: factor.name,
                  class: prediction.predictedLabel,
                },
              )}
            </Text>
          ))}
        </View>
      ) : null}
    </View>
  );
}

const block = StyleSheet.create({
  provisional: { flexDirection: 'row', alignItems: 'flex-start', marginBottom: 8 },
  badge: {
    fontSize: 7.5,
    fontWeight: 'bold',
    color: COLORS.warn,
    borderWidth: 0.75,
    borderColor: COLORS.warn,
    paddingHorizontal: 4,
    paddingVertical: 1,
    marginRight: 8,
  },
  provisionalNote: { flex: 1, fontSize: 8, color: COLORS.muted },
  predicted: { fontSize: 15, fontWeight: 'bold', color: COLORS.accent, marginTop: 2, lineHeight: 1.3 },
  probability: { fontSize: 9, color: COLORS.muted, marginBottom: 4 },
  classRow: { flexDirection: 'row', alignItems: 'center', marginBottom: 3 },
  classLabel: { width: '34%', fontSize: 8.5, paddingRight: 6 },
  track: { flex: 1, height: 7, backgroundColor: COLORS.track },
  fill: { height: 7, backgroundColor: COLORS.accent },
  classPercent: { width: 44, textAlign: 'right', fontSize: 8.5 },
  factor: { marginBottom: 2, marginLeft: 2 },
});
