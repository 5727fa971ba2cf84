// The adviser's file note (docs/decisions/0030): what the dashboard tells the adviser and the client's report leaves
// out, on paper for the file: the limits in the adviser's words, what to explain first, the remarks, the consistency
// flag with its instruction or its resolutions. Every string is resolved on the server (features/reports/file-note.ts).
import { Document, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { PageFormat, TFileNoteContent } from '@bq/contracts/reports';
import { LOCALE_TAGS } from '@bq/domain/locales';
import { reportFormat } from './format';
import { translator } from './labels';
import type { ReportContext } from './report-context';
import { ReportPage } from './ReportPage';
import { SectionHeading } from './SectionHeading';
import { COLORS, contentWidth, PDF_CREATOR, styles } from './theme';

export function FileNoteDocument({ content, pageFormat }: { content: TFileNoteContent; pageFormat: PageFormat }) {
  const ctx: ReportContext = {
    // The page frame's two labels come with the content; nothing else is looked up.
    t: translator({ 'report.page': content.texts.page, 'report.confidential': content.texts.confidential }),
    fmt: reportFormat(content.locale),
    width: contentWidth(pageFormat),
  };
  return (
    <Document
      title={`${content.title} – ${content.clientName}`}
      author={content.accountName}
      creator={PDF_CREATOR}
      producer={PDF_CREATOR}
      language={LOCALE_TAGS[content.locale]}
    >
      <ReportPage pageFormat={pageFormat} title={content.title} clientName={content.clientName} accountName={content.accountName} ctx={ctx}>
        <View style={note.head} wrap={false}>
          <View style={note.accentBar} />
          <Text style={note.title}>{content.title}</Text>
          <Text style={note.notice}>{content.notice}</Text>
          <View style={note.facts}>
            {content.facts.map((fact) => (
              <View key={fact.label} style={note.fact}>
                <Text style={styles.label}>{fact.label}</Text>
                <Text style={note.factValue}>{fact.value}</Text>
              </View>
            ))}
          </View>
        </View>
        {content.sections.map((section, i) => (
          <View key={i} style={section.warn ? [note.section, note.warn] : note.section} wrap={section.points.length > 8}>
            <SectionHeading>{section.title}</SectionHeading>
            {section.lead ? <Text style={styles.paragraph}>{section.lead}</Text> : null}
            {section.points.map((point, j) => (
              <Text key={j} style={note.bullet}>
                • {point}
              </Text>
            ))}
          </View>
        ))}
      </ReportPage>
    </Document>
  );
}

const note = StyleSheet.create({
  head: { marginBottom: 8 },
  accentBar: { height: 4, width: 48, backgroundColor: COLORS.warn, marginBottom: 10 },
  title: { fontSize: 18, lineHeight: 1.3, fontWeight: 'bold', color: COLORS.accent, marginBottom: 6 },
  notice: { fontSize: 9, color: COLORS.warn, fontWeight: 'bold', marginBottom: 10 },
  facts: { flexDirection: 'row', flexWrap: 'wrap' },
  fact: { width: '50%', marginBottom: 6, paddingRight: 8 },
  factValue: { fontSize: 10 },
  section: { marginBottom: 6, padding: 8 },
  warn: { backgroundColor: COLORS.warnPanel, borderLeftWidth: 3, borderLeftColor: COLORS.warn },
  bullet: { marginLeft: 8, marginBottom: 3 },
});
