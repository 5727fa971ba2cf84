// The recommendations of a bqaRecommendations report as numbered blocks, in the order the server resolved them.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReportContent } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { SectionHeading } from './SectionHeading';
import { COLORS } from './theme';

export function RecommendationsBlock({
  recommendations,
  ctx,
}: {
  recommendations: TReportContent['recommendations'];
  ctx: ReportContext;
}) {
  const { t } = ctx;
  return (
    <View>
      <SectionHeading>{t('report.section.recommendations')}</SectionHeading>
      {recommendations.length === 0 ? <Text>{t('report.noRecommendations')}</Text> : null}
      {/* Keys by position: the same recommendation (e.g. one per low dimension) can occur more than once. */}
      {recommendations.map((recommendation, i) => (
        <View key={i} style={block.item} wrap={false}>
          <View style={block.number}>
            <Text style={block.numberText}>{String(i + 1)}</Text>
          </View>
          <View style={block.body}>
            <Text style={block.title}>{recommendation.title}</Text>
            <Text>{recommendation.text}</Text>
          </View>
        </View>
      ))}
    </View>
  );
}

const block = StyleSheet.create({
  item: {
    flexDirection: 'row',
    marginBottom: 12,
    paddingBottom: 10,
    borderBottomWidth: 0.5,
    borderBottomColor: COLORS.rule,
  },
  number: {
    width: 20,
    height: 20,
    borderRadius: 10,
    backgroundColor: COLORS.accent,
    marginRight: 10,
    justifyContent: 'center',
  },
  numberText: { color: COLORS.white, fontWeight: 'bold', fontSize: 9.5, textAlign: 'center' },
  body: { flex: 1 },
  title: { fontSize: 11, lineHeight: 1.35, fontWeight: 'bold', marginBottom: 3 },
});
