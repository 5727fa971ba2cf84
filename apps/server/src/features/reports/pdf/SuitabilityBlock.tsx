// The suitability statement of a BQA report (decision 0013): the client's answers on each ESMA suitability topic
// as a table per topic (question, answer, and whether it fed the risk class or, for a knowledge question, whether it
// was answered correctly). An anonymised report says that the personal details are left out.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TSuitabilityStatementContent } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { SectionHeading } from './SectionHeading';
import { COLORS, styles } from './theme';

type Row = TSuitabilityStatementContent['sections'][number]['rows'][number];

function noteOf(row: Row, ctx: ReportContext): string {
  const { t } = ctx;
  const notes: string[] = [];
  if (row.assessment) notes.push(t(row.assessment === 'CORRECT' ? 'report.suitability.correct' : 'report.suitability.incorrect'));
  if (row.usedInVerdict) notes.push(t('report.suitability.usedInVerdict'));
  return notes.join(', ');
}

export function SuitabilityBlock({ statement, ctx }: { statement: TSuitabilityStatementContent; ctx: ReportContext }) {
  const { t } = ctx;
  return (
    <View>
      {/* The heading travels with the introduction and the first topic, so it never ends a page on its own. */}
      {statement.sections.map((section, index) => (
        <View key={section.key} wrap={false}>
          {index === 0 ? (
            <>
              <SectionHeading>{t('report.section.suitability')}</SectionHeading>
              <Text style={styles.paragraph}>{t('report.suitability.intro')}</Text>
              {statement.personalOmitted ? <Text style={[styles.small, { marginBottom: 6 }]}>{t('report.suitability.personalOmitted')}</Text> : null}
            </>
          ) : null}
          <Text style={styles.subHeading}>{section.title}</Text>
          <View style={[table.row, table.headerRow]}>
            <Text style={[table.header, table.label]}>{t('report.suitability.topic')}</Text>
            <Text style={[table.header, table.answer]}>{t('report.suitability.answer')}</Text>
            <Text style={[table.header, table.note]}>{t('report.suitability.note')}</Text>
          </View>
          {section.rows.map((row) => (
            <View key={row.item} style={table.row}>
              <Text style={table.label}>{row.label}</Text>
              <Text style={[table.answer, row.answer ? {} : { color: COLORS.faint }]}>{row.answer || t('report.suitability.notAnswered')}</Text>
              <Text style={[table.note, row.assessment === 'INCORRECT' ? { color: COLORS.warn, fontWeight: 'bold' } : {}]}>{noteOf(row, ctx)}</Text>
            </View>
          ))}
        </View>
      ))}
      <Text style={[styles.small, { marginTop: 6 }]}>{t('report.suitability.amounts')}</Text>
      {statement.portfolio ? (
        <View wrap={false}>
          <Text style={styles.subHeading}>{t('report.suitability.portfolio.title')}</Text>
          <Text style={styles.paragraph}>{statement.portfolio.verdictText}</Text>
          <Text style={styles.paragraph}>{statement.portfolio.sentence}</Text>
        </View>
      ) : null}
    </View>
  );
}

const table = StyleSheet.create({
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: COLORS.rule, paddingVertical: 3 },
  headerRow: { borderBottomWidth: 0.8, borderBottomColor: COLORS.muted },
  header: { fontSize: 7.5, fontWeight: 'bold', color: COLORS.muted },
  label: { width: '38%', paddingRight: 8 },
  answer: { width: '40%', paddingRight: 8 },
  note: { width: '22%', fontSize: 8, color: COLORS.muted },
});
