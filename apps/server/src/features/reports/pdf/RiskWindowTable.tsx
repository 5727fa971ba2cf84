// A table of window extremes: per window length the worst and best annualised return and, for market history,
// when it happened (nominal or real). Projections have no dates, so their table has no period columns.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TRiskView } from '@bq/contracts/dashboard';
import type { ReportContext } from './report-context';
import { COLORS } from './theme';

type Row = TRiskView['table']['rows'][number];

interface RiskWindowTableProps {
  rows: readonly Row[];
  projection: boolean;
  caption: string;
  windowName: (label: Row['label']) => string;
  barLabels: { worst: string; best: string };
  ctx: ReportContext;
}

export function RiskWindowTable({ rows, projection, caption, windowName, barLabels, ctx }: RiskWindowTableProps) {
  const { t, fmt } = ctx;
  const columns = projection
    ? [
        { header: t('report.risk.table.window'), width: '40%' },
        { header: barLabels.worst, width: '30%', numeric: true },
        { header: barLabels.best, width: '30%', numeric: true },
      ]
    : [
        { header: t('report.risk.table.window'), width: '16%' },
        { header: barLabels.worst, width: '14%', numeric: true },
        { header: t('report.risk.table.period'), width: '28%' },
        { header: barLabels.best, width: '14%', numeric: true },
        { header: t('report.risk.table.period'), width: '28%' },
      ];
  const cellsOf = (row: Row) =>
    projection
      ? [windowName(row.label), fmt.signedPercent(row.worst), fmt.signedPercent(row.best)]
      : [
          windowName(row.label),
          fmt.signedPercent(row.worst),
          fmt.monthSpan(row.worstFrom, row.worstTo),
          fmt.signedPercent(row.best),
          fmt.monthSpan(row.bestFrom, row.bestTo),
        ];
  return (
    <View wrap={false} style={{ marginTop: 14 }}>
      <Text style={table.caption}>{caption}</Text>
      <View style={[table.row, table.headerRow]}>
        {columns.map((column, i) => (
          <Text key={i} style={[table.header, { width: column.width }, column.numeric ? table.numeric : {}]}>
            {column.header}
          </Text>
        ))}
      </View>
      {rows.map((row) => (
        <View key={row.label} style={table.row}>
          {cellsOf(row).map((cell, i) => (
            <Text
              key={i}
              style={[table.cell, { width: columns[i]!.width }, columns[i]!.numeric ? table.numeric : {}]}
            >
              {cell}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

const table = StyleSheet.create({
  caption: { fontSize: 8.5, fontWeight: 'bold', marginBottom: 4 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: COLORS.rule, paddingVertical: 4 },
  headerRow: { borderBottomWidth: 0.8, borderBottomColor: COLORS.muted },
  header: { fontSize: 7.5, fontWeight: 'bold', color: COLORS.muted, paddingRight: 6 },
  cell: { fontSize: 8.5, paddingRight: 6 },
  numeric: { textAlign: 'right', paddingRight: 12 },
});
