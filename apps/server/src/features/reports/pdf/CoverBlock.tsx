// The opening block of a report: title, questionnaire, who and when (client, account, adviser, completion) and, for
// a risk profile, the suitable class and its model portfolio, so page 1 carries the verdict.
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TReportContent } from '@bq/contracts/reports';
import type { ReportContext } from './report-context';
import { COLORS, styles } from './theme';

export function CoverBlock({ content, ctx }: { content: TReportContent; ctx: ReportContext }) {
  const { t, fmt } = ctx;
  const notRecorded = t('report.cover.notRecorded');
  // Who sent the questionnaire: the client's adviser, or the contact person of a candidate, employee or coachee.
  const contactLabels = {
    'report.cover.adviser': t('report.cover.adviser'),
    'report.cover.contact': t('report.cover.contact'),
  };
  // The display name is already anonymised by the server when content.anonymized; first and last name never
  // appear in the document.
  const facts = [
    { label: t('report.cover.client'), value: content.client.displayName },
    { label: t('report.cover.account'), value: content.accountName },
    { label: contactLabels[content.adviserLabelKey], value: content.adviserName ?? notRecorded },
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
      <Text style={cover.interaction}>{content.interactionName}</Text>
      <View style={cover.facts}>
        {facts.map((fact) => (
          <View key={fact.label} style={cover.fact}>
            <Text style={styles.label}>{fact.label}</Text>
            <Text style={cover.factValue}>{fact.value}</Text>
          </View>
        ))}
      </View>
      {content.anonymized ? <Text style={cover.anonymized}>{t('report.cover.anonymized')}</Text> : null}
      {content.risk ? <RiskAtAGlance risk={content.risk} ctx={ctx} /> : null}
    </View>
  );
}

/**
 * The verdict on page 1 whatever follows: the suitable class and its model portfolio. The risk section later
 * explains how the class came about (caps, consistency) and its history.
 */
function RiskAtAGlance({ risk, ctx }: { risk: NonNullable<TReportContent['risk']>; ctx: ReportContext }) {
  const { t, fmt } = ctx;
  return (
    <View style={cover.glance}>
      <View style={cover.glanceClass}>
        <Text style={styles.label}>{t('report.risk.suitableClass')}</Text>
        <Text style={cover.glanceValue}>{t('report.risk.classOf', { class: risk.suitableClass })}</Text>
        <View style={cover.classCells}>
          {CLASSES.map((riskClass) => (
            <View
              key={riskClass}
              style={[cover.classCell, riskClass === risk.suitableClass ? cover.classCellOn : {}]}
            />
          ))}
        </View>
      </View>
      <View style={cover.glancePortfolio}>
        <Text style={styles.label}>
          {t('report.risk.portfolio.title', { class: risk.portfolio.riskClass })}
        </Text>
        <View style={cover.portfolioBar}>
          <View style={{ flexGrow: risk.portfolio.equityShare, backgroundColor: COLORS.accent }} />
          <View style={{ flexGrow: risk.portfolio.bondShare, backgroundColor: COLORS.accentSoft }} />
          <View style={{ flexGrow: risk.portfolio.cashShare, backgroundColor: COLORS.track }} />
        </View>
        <View style={cover.portfolioLabels}>
          <Text style={cover.equity}>
            {t('report.risk.portfolio.equity', { share: fmt.percent(risk.portfolio.equityShare, 0) })}
          </Text>
          <Text style={cover.bonds}>
            {t('report.risk.portfolio.bonds', { share: fmt.percent(risk.portfolio.bondShare, 0) })}
          </Text>
          {risk.portfolio.cashShare > 0 ? (
            <Text style={cover.bonds}>
              {t('report.risk.portfolio.cash', { share: fmt.percent(risk.portfolio.cashShare, 0) })}
            </Text>
          ) : null}
        </View>
      </View>
    </View>
  );
}

const CLASSES = [1, 2, 3, 4, 5, 6, 7];

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
  glance: {
    flexDirection: 'row',
    marginTop: 10,
    padding: 12,
    borderWidth: 0.75,
    borderColor: COLORS.accentSoft,
    borderLeftWidth: 3,
    borderLeftColor: COLORS.accent,
  },
  glanceClass: { width: '42%', paddingRight: 14 },
  glanceValue: { fontSize: 15, fontWeight: 'bold', color: COLORS.accent, marginTop: 2, marginBottom: 5 },
  classCells: { flexDirection: 'row' },
  classCell: { flexGrow: 1, height: 9, marginRight: 2, backgroundColor: COLORS.track },
  classCellOn: { backgroundColor: COLORS.accent },
  glancePortfolio: { width: '58%' },
  portfolioBar: { flexDirection: 'row', height: 12, marginTop: 8 },
  // Two or three shares on the narrow half of the cover: side by side, wrapping rather than overlapping.
  portfolioLabels: { flexDirection: 'row', flexWrap: 'wrap', columnGap: 12, marginTop: 4 },
  equity: { fontWeight: 'bold', color: COLORS.accent },
  bonds: { fontWeight: 'bold', color: COLORS.muted },
});
