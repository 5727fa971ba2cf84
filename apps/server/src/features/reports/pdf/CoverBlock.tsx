// The opening block of a report: title, questionnaire, and who and when (client, account, adviser, completion).
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReportContent } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { COLORS, styles } from './theme';

export function CoverBlock({ content, ctx }: { content: TReportContent; ctx: ReportContext }) {
  const { t, fmt } = ctx;
  const notRecorded = t('report.cover.notRecorded');
  // The display name is already anonymised by the server when content.anonymized; first and last name never
  // appear in the document.
  const facts = [
    { label: t('report.cover.client'), value: content.client.displayName },
    { label: t('report.cover.account'), value: content.accountName },
    { label: t('report.cover.adviser'), value: content.adviserName ?? notRecorded },
    {
      // Anonymised, the date is only the month: "Completed in November 2026".
      label: t(content.anonymized ? 'report.cover.completedIn' : 'report.cover.completedAt'),
      value: fmt.date(content.completedAt) || notRecorded,
    },
  ];
  return (
    <View style={cover.block} wrap={false}>
      <View style={cover.accentBar} />
      <Text style={cover.title}>{content.title}</Text>
      <Text style={cover.interaction}>
        {t('report.cover.interaction')}: {content.interactionName}
      </Text>
      <View style={cover.facts}>
        {facts.map((fact) => (
          <View key={fact.label} style={cover.fact}>
            <Text style={styles.label}>{fact.label}</Text>
            <Text style={cover.factValue}>{fact.value}</Text>
          </View>
        ))}
      </View>
      {content.anonymized ? <Text style={cover.anonymized}>{t('report.cover.anonymized')}</Text> : null}
    </View>
  );
}

const cover = StyleSheet.create({
  block: { marginBottom: 6 },
  accentBar: { width: 36, height: 3, backgroundColor: COLORS.accent, marginBottom: 10 },
  title: { fontSize: 22, fontWeight: 'bold', color: COLORS.accent, lineHeight: 1.2 },
  interaction: { fontSize: 11, color: COLORS.muted, marginTop: 4, marginBottom: 14 },
  facts: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    backgroundColor: COLORS.panel,
    paddingHorizontal: 12,
    paddingTop: 10,
  },
  fact: { width: '50%', paddingRight: 10, marginBottom: 10 },
  factValue: { fontSize: 10.5, fontWeight: 'bold', marginTop: 2 },
  anonymized: { fontSize: 8, fontStyle: 'italic', color: COLORS.muted, marginTop: 6 },
});
