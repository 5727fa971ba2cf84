// The footnote that makes a report reproducible: questionnaire definition, norms and their status, algorithm,
// calculation date and the start of the answers hash (spec: evidence), plus the disclaimer.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReportContent } from '@bq/contracts/reports';
import type { ReportLabelKey } from './labels';
import type { ReportContext } from './report-context';
import { COLORS } from './theme';

const NORM_STATUS: Record<TReportContent['evidence']['normStatus'], ReportLabelKey> = {
  PROVISIONAL: 'report.evidence.normStatus.PROVISIONAL',
  EMPIRICAL: 'report.evidence.normStatus.EMPIRICAL',
};
/** Enough of the hash to match it against the stored result; the full value is in the audit trail. */
const HASH_CHARS = 12;

export function EvidenceNote({ content, ctx }: { content: TReportContent; ctx: ReportContext }) {
  const { t, fmt } = ctx;
  const { evidence } = content;
  return (
    <View style={note.container} wrap={false}>
      <Text style={note.title}>{t('report.section.evidence')}</Text>
      <Text style={note.text}>
        {/* Anonymised: no answers fingerprint (it identifies the stored result) and the month of the calculation. */}
        {t(content.anonymized ? 'report.evidence.lineAnonymized' : 'report.evidence.line', {
          definition: evidence.definitionVersion,
          norm: evidence.normVersion,
          normStatus: t(NORM_STATUS[evidence.normStatus]),
          algorithm: evidence.algorithmVersion,
          calculated: fmt.date(content.calculatedAt),
          hash: evidence.answersHash.slice(0, HASH_CHARS),
        })}
      </Text>
      {evidence.normStatus === 'PROVISIONAL' ? (
        <Text style={note.text}>{t('report.evidence.provisional')}</Text>
      ) : null}
      {/* The reference is the instance token, which opens the named report: never in an anonymised one. */}
      {content.instanceToken ? (
        <Text style={note.text}>{t('report.evidence.reference', { token: content.instanceToken })}</Text>
      ) : null}
      {/* Addressed to the reader: the person's own profile is no investment advice to be disclaimed (0082). */}
      <Text style={[note.text, note.disclaimer]}>{t(content.reportType === 'bqp' ? 'report.profileDisclaimer' : 'report.disclaimer')}</Text>
    </View>
  );
}

const note = StyleSheet.create({
  container: { marginTop: 20, paddingTop: 8, borderTopWidth: 0.5, borderTopColor: COLORS.rule },
  title: { fontSize: 8, fontWeight: 'bold', color: COLORS.muted, marginBottom: 3 },
  text: { fontSize: 7.5, color: COLORS.muted, marginBottom: 2 },
  disclaimer: { fontStyle: 'italic', marginTop: 3 },
});
