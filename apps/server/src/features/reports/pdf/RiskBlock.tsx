// The risk profile of a BQA report: the suitable class on the 1-7 scale, the class from risk tolerance and the
// client's own estimate, the limits that lowered the class with the reason of each (the binding one marked), what
// must be explained first, the remarks the answers raise, the consistency check and the model portfolio, all in
// the client's wording (decision 0030).
import { Polygon, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { TReportContent } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { RiskClassScale, triangle } from './RiskClassScale';
import { SectionHeading } from './SectionHeading';
import { COLORS, styles } from './theme';

type Risk = NonNullable<TReportContent['risk']>;

const SUMMARY_WIDTH = 130;

export function RiskBlock({ risk, ctx }: { risk: Risk; ctx: ReportContext }) {
  const { t, fmt, width } = ctx;
  const classOf = (riskClass: number) => t('report.risk.classOf', { class: riskClass });
  return (
    <View>
      {/* The heading travels with the class scale, so it never ends a page on its own. */}
      <View wrap={false}>
        <SectionHeading>{t('report.section.risk')}</SectionHeading>
        <View style={block.classRow}>
          <View style={{ width: SUMMARY_WIDTH }}>
            <Text style={styles.label}>{t('report.risk.suitableClass')}</Text>
            <Text style={block.bigClass}>{String(risk.suitableClass)}</Text>
            <Text style={styles.small}>{classOf(risk.suitableClass)}</Text>
          </View>
          <View style={{ width: width - SUMMARY_WIDTH }}>
            <RiskClassScale
              width={width - SUMMARY_WIDTH}
              suitableClass={risk.suitableClass}
              toleranceClass={risk.toleranceClass}
              selfEstimate={risk.selfEstimate}
            />
            <View style={block.scaleEnds}>
              <Text style={block.scaleEnd}>{t('report.risk.scaleLow')}</Text>
              <Text style={[block.scaleEnd, { textAlign: 'right' }]}>{t('report.risk.scaleHigh')}</Text>
            </View>
            <View style={block.legend}>
              <Marker filled={false} />
              <Text style={block.legendText}>
                {t('report.risk.toleranceClass')}: {classOf(risk.toleranceClass)}
              </Text>
            </View>
            <View style={block.legend}>
              <Marker filled />
              <Text style={block.legendText}>
                {t('report.risk.selfEstimate')}:{' '}
                {risk.selfEstimate === null
                  ? t('report.risk.selfEstimateMissing')
                  : classOf(risk.selfEstimate)}
              </Text>
            </View>
          </View>
        </View>
      </View>

      <View style={block.caps} wrap={false}>
        {risk.caps.length > 0 ? (
          <View>
            <Text style={styles.paragraph}>
              {t('report.risk.capsLead', { tolerance: risk.toleranceClass, suitable: risk.suitableClass })}
            </Text>
            {risk.caps.map((cap, i) => (
              <Text key={i} style={block.bullet}>
                • {cap.reason}
                {cap.binding ? <Text style={block.binding}> – {t('report.risk.binding')}</Text> : null}
              </Text>
            ))}
          </View>
        ) : (
          <Text>{t('report.risk.noCaps')}</Text>
        )}
      </View>

      {risk.explainFirst.length > 0 ? (
        <View style={[block.consistency, block.flagged]} wrap={false}>
          <Text style={styles.label}>{t('report.risk.explainTitle')}</Text>
          <Text style={{ marginTop: 2, marginBottom: 2 }}>{t('report.risk.explainLead')}</Text>
          {risk.explainFirst.map((point, i) => (
            <Text key={i} style={block.bullet}>
              • {point}
            </Text>
          ))}
        </View>
      ) : null}

      {risk.remarks.length > 0 ? (
        <View style={[block.consistency, { marginBottom: 8 }]} wrap={false}>
          <Text style={styles.label}>{t('report.risk.remarksTitle')}</Text>
          {risk.remarks.map((remark, i) => (
            <Text key={i} style={block.bullet}>
              • {remark}
            </Text>
          ))}
        </View>
      ) : null}

      {/* The client's wording only (decision 0030): what differs and that the adviser goes through it with them. */}
      <View style={[block.consistency, risk.consistency.flagged ? block.flagged : {}]} wrap={false}>
        <Text style={styles.label}>{t('report.risk.consistency.title')}</Text>
        {risk.consistency.flagged ? (
          <View>
            <Text style={block.flaggedTitle}>{t('report.risk.consistency.flagged')}</Text>
            {risk.consistency.reasons.map((reason, i) => (
              <Text key={i} style={block.bullet}>
                • {reason}
              </Text>
            ))}
            {risk.consistency.discussedAt ? (
              <Text style={block.review}>
                {t('report.risk.consistency.discussed', { date: fmt.date(risk.consistency.discussedAt) })}
              </Text>
            ) : null}
          </View>
        ) : (
          <Text style={{ marginTop: 2 }}>{t('report.risk.consistency.ok')}</Text>
        )}
      </View>

      <View wrap={false}>
        <Text style={styles.subHeading}>
          {t('report.risk.portfolio.title', { class: risk.portfolio.riskClass })}
        </Text>
        <View style={block.portfolioBar}>
          <View style={{ flexGrow: risk.portfolio.equityShare, backgroundColor: COLORS.accent }} />
          <View style={{ flexGrow: risk.portfolio.bondShare, backgroundColor: COLORS.accentSoft }} />
          <View style={{ flexGrow: risk.portfolio.cashShare, backgroundColor: COLORS.track }} />
        </View>
        <View style={block.portfolioLabels}>
          <Text style={block.equity}>
            {t('report.risk.portfolio.equity', { share: fmt.percent(risk.portfolio.equityShare, 0) })}
          </Text>
          <Text style={block.bonds}>
            {t('report.risk.portfolio.bonds', { share: fmt.percent(risk.portfolio.bondShare, 0) })}
          </Text>
          {risk.portfolio.cashShare > 0 ? (
            <Text style={block.bonds}>
              {t('report.risk.portfolio.cash', { share: fmt.percent(risk.portfolio.cashShare, 0) })}
            </Text>
          ) : null}
        </View>
        <Text style={styles.small}>{t('report.risk.portfolio.note')}</Text>
      </View>
    </View>
  );
}

function Marker({ filled }: { filled: boolean }) {
  return (
    <Svg width={10} height={9} style={{ marginRight: 5, marginTop: 1 }}>
      <Polygon
        points={triangle(5, 1)}
        fill={filled ? COLORS.faint : COLORS.white}
        stroke={filled ? COLORS.faint : COLORS.accent}
        strokeWidth={1}
      />
    </Svg>
  );
}

const block = StyleSheet.create({
  classRow: { flexDirection: 'row', marginBottom: 10 },
  bigClass: { fontSize: 30, fontWeight: 'bold', color: COLORS.accent, lineHeight: 1.15 },
  scaleEnds: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 6 },
  scaleEnd: { width: '48%', fontSize: 7, color: COLORS.muted },
  legend: { flexDirection: 'row', alignItems: 'flex-start', marginBottom: 2 },
  legendText: { fontSize: 8.5 },
  caps: { marginBottom: 10 },
  bullet: { marginLeft: 8, marginBottom: 2 },
  binding: { fontWeight: 'bold', color: COLORS.accent },
  consistency: { backgroundColor: COLORS.panel, padding: 10, marginBottom: 4 },
  flagged: { backgroundColor: COLORS.warnPanel, borderLeftWidth: 3, borderLeftColor: COLORS.warn },
  flaggedTitle: { fontWeight: 'bold', color: COLORS.warn, marginTop: 2, marginBottom: 4 },
  review: { fontSize: 8.5, marginTop: 4 },
  portfolioBar: { flexDirection: 'row', height: 12, marginTop: 2 },
  portfolioLabels: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 3, marginBottom: 4 },
  equity: { fontWeight: 'bold', color: COLORS.accent },
  bonds: { fontWeight: 'bold', color: COLORS.muted },
});
