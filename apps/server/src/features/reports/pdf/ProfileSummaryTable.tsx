// The dimensions as one compact table, for the recommendations report: the advice refers back to the profile
// without repeating every scale.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReportContent } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { SectionHeading } from './SectionHeading';
import { COLORS } from './theme';

export function ProfileSummaryTable({
  dimensions,
  ctx,
}: {
  dimensions: TReportContent['dimensions'];
  ctx: ReportContext;
}) {
  const { t, fmt } = ctx;
  const dash = '–';
  return (
    <View wrap={false}>
      <SectionHeading>{t('report.section.profileSummary')}</SectionHeading>
      <View style={[table.row, table.headerRow]}>
        <Text style={[table.header, table.name]}>{t('report.dimension.name')}</Text>
        <Text style={[table.header, table.figure]}>{t('report.dimension.tScore')}</Text>
        <Text style={[table.header, table.figure]}>{t('report.dimension.stanine')}</Text>
        <Text style={[table.header, table.figure]}>{t('report.dimension.percentile')}</Text>
      </View>
      {dimensions.map((d) => (
        <View key={d.key} style={table.row}>
          <Text style={table.name}>{d.name}</Text>
          <Text style={table.figure}>{d.t === null ? dash : fmt.number(d.t, 1)}</Text>
          <Text style={table.figure}>{d.stanine === null ? dash : String(d.stanine)}</Text>
          <Text style={table.figure}>{d.percentile === null ? dash : String(d.percentile)}</Text>
        </View>
      ))}
    </View>
  );
}

const table = StyleSheet.create({
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: COLORS.rule, paddingVertical: 4 },
  headerRow: { borderBottomWidth: 0.8, borderBottomColor: COLORS.muted },
  header: { fontSize: 7.5, fontWeight: 'bold', color: COLORS.muted },
  name: { width: '52%', paddingRight: 8 },
  figure: { width: '16%', textAlign: 'right', paddingRight: 10 },
});
