// The rule-based indication of a result (investment style or performance outlook, decision 0014): the class the
// expert-set rules score best within the suitable risk class, no probability; what the caps ruled out; all classes
// best first; and the dimensions that moved it most. Says that the rules are not fitted to outcomes.
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
          {prediction.predictedDescription ? <Text>{prediction.predictedDescription}</Text> : null}
          {prediction.unconstrainedLabel && prediction.suitableClass !== null ? (
            <Text style={block.capped}>
              {t('report.prediction.capped', {
                unconstrained: prediction.unconstrainedLabel,
                needs: prediction.unconstrainedMinClass ?? '',
                suitable: prediction.suitableClass,
                class: prediction.predictedLabel,
              })}
            </Text>
          ) : null}
        </View>
      </View>

      <View wrap={false}>
        <Text style={styles.subHeading}>{t('report.prediction.allClasses')}</Text>
        {prediction.classes.map((c) => (
          <View key={c.key} style={block.classRow}>
            <Text style={block.rank}>{fmt.number(c.rank, 0)}.</Text>
            <Text style={[block.classLabel, c.label === prediction.predictedLabel ? styles.bold : {}]}>
              {c.label}
            </Text>
            <Text style={block.classNote}>
              {c.allowed || c.minRiskClass === null
                ? ''
                : t('report.prediction.aboveClass', { needs: c.minRiskClass, suitable: prediction.suitableClass ?? '' })}
            </Text>
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
  predicted: { fontSize: 15, fontWeight: 'bold', color: COLORS.accent, marginTop: 2, marginBottom: 4, lineHeight: 1.3 },
  capped: { marginTop: 6, fontSize: 8.5, color: COLORS.warn },
  classRow: { flexDirection: 'row', alignItems: 'flex-start', marginBottom: 3 },
  rank: { width: 16, fontSize: 8.5, color: COLORS.muted },
  classLabel: { width: '34%', fontSize: 8.5, paddingRight: 6 },
  classNote: { flex: 1, fontSize: 8, color: COLORS.muted },
  factor: { marginBottom: 2, marginLeft: 2 },
});
