// The BQA risk part of the report: the suitable risk class on the 1-7 scale, how it came about (tolerance, each
// limit that lowered it with its reason, the client's own estimate), what the adviser will explain and take into
// account, whether the answers agree and when the difference was discussed: all worded for the client, none of the
// adviser's instructions or notes (docs/decisions/0030). Then the model portfolio and, where
// the report includes the risk section, the worst and best 1/5/10-year windows as a compact table.
import { Alert, Badge, Grid, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TReportContent } from '@bq/contracts/reports';
import { formatReportDate } from '@bq/domain/report-dates';
import { RiskWindowTable } from '../../results/charts/RiskWindowTable';
import { PortfolioMix } from '../../results/components/PortfolioMix';
import { RiskClassScale } from '../../results/components/RiskClassScale';
import { documentText, type DocumentTexts } from '../../../lib/document-text';
import { useFormat } from '../../../lib/formats';

type ReportRiskData = NonNullable<TReportContent['risk']>;

interface RiskPartProps {
  risk: ReportRiskData;
  label: (key: string, values?: Record<string, string | number>) => string;
}

function RiskFacts({ risk, label }: RiskPartProps) {
  return (
    <Table withTableBorder variant="vertical" layout="fixed" maw={560}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{label('report.risk.toleranceClass')}</Table.Th>
          <Table.Td>{risk.toleranceClass}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">{label('report.risk.suitableClass')}</Table.Th>
          <Table.Td fw={700} data-testid="report-suitable-class">
            {risk.suitableClass}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">{label('report.risk.selfEstimate')}</Table.Th>
          <Table.Td>{risk.selfEstimate ?? label('report.risk.selfEstimateMissing')}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function RiskCaps({ risk, label }: RiskPartProps) {
  if (risk.caps.length === 0) {
    return (
      <Text size="sm" data-testid="report-risk-caps">
        {label('report.risk.noCaps')}
      </Text>
    );
  }
  return (
    <div data-testid="report-risk-caps">
      <Text size="sm" fw={500}>
        {label('report.risk.capsLead', { tolerance: risk.toleranceClass, suitable: risk.suitableClass })}
      </Text>
      <List size="sm" mt={4} spacing={4}>
        {risk.caps.map((cap) => (
          <List.Item key={cap.key} data-cap={cap.key} data-binding={cap.binding}>
            {cap.reason}
            {cap.binding ? (
              <Badge ml="xs" size="sm" variant="filled" color="blue.9">
                {label('report.risk.binding')}
              </Badge>
            ) : null}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** What the adviser will explain first (failed knowledge questions) and will take into account, in the client's words. */
function RiskNotes({ risk, label }: RiskPartProps) {
  if (risk.explainFirst.length === 0 && risk.remarks.length === 0) return null;
  return (
    <Stack gap="sm">
      {risk.explainFirst.length > 0 ? (
        <Alert color="orange" variant="light" title={label('report.risk.explainTitle')} data-testid="report-explain-first">
          <Text size="sm">{label('report.risk.explainLead')}</Text>
          <List size="sm" mt={4}>
            {risk.explainFirst.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {risk.remarks.length > 0 ? (
        <Alert color="gray" variant="light" title={label('report.risk.remarksTitle')} data-testid="report-remarks">
          <List size="sm">
            {risk.remarks.map((remark) => (
              <List.Item key={remark}>{remark}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

function Consistency({ risk, label }: RiskPartProps) {
  if (!risk.consistency.flagged) {
    return (
      <Text size="sm" data-testid="report-consistency" data-flagged="false">
        {label('report.risk.consistency.ok')}
      </Text>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={label('report.risk.consistency.flagged')}
      data-testid="report-consistency"
      data-flagged="true"
    >
      {risk.consistency.reasons.length > 0 ? (
        <List size="sm" mb="xs">
          {risk.consistency.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      ) : null}
      {risk.consistency.discussedAt ? <Discussed risk={risk} label={label} /> : null}
    </Alert>
  );
}

/** That the adviser went through the difference with the client, and when; the notes are the adviser's (decision 0030). */
function Discussed({ risk, label }: RiskPartProps) {
  const { locale } = useFormat();
  return (
    <Text size="sm" data-testid="report-consistency-discussed">
      {label('report.risk.consistency.discussed', { date: formatReportDate(risk.consistency.discussedAt!, locale) })}
    </Text>
  );
}

export function ReportRisk({ risk, texts }: { risk: ReportRiskData; texts: DocumentTexts }) {
  const label = (key: string, values?: Record<string, string | number>) => documentText(texts, key, values);
  const section = risk.section;
  return (
    <Stack gap="lg" component="section" aria-labelledby="report-risk-title" data-testid="report-risk">
      <Title order={2} fz="h3" id="report-risk-title">
        {label('report.section.risk')}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <div>
              <Text fw={600} mb={6}>
                {label('report.risk.classOf', { class: risk.suitableClass })}
              </Text>
              <RiskClassScale riskClass={risk.suitableClass} />
            </div>
            <RiskFacts risk={risk} label={label} />
            <RiskCaps risk={risk} label={label} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PortfolioMix portfolio={risk.portfolio} />
        </Grid.Col>
      </Grid>
      <RiskNotes risk={risk} label={label} />
      <Consistency risk={risk} label={label} />
      {section ? (
        <Stack gap="xs" data-testid="report-risk-windows">
          <Title order={3} fz="h4">
            {label('report.section.riskHistory')}
          </Title>
          {section.basis.kind === 'history' ? (
            <Text size="sm" c="dimmed" data-testid="report-risk-what">
              {label('report.risk.basis.what')}
            </Text>
          ) : null}
          {section.marketRisk ? (
            <Text size="sm" fw={600} data-testid="report-market-risk">
              {label('report.risk.marketRisk.title', { mrm: section.marketRisk.mrm })}
            </Text>
          ) : null}
          <RiskWindowTable rows={section.nominal.table.rows} projection={section.basis.kind === 'projection'} />
          {section.real ? <RiskWindowTable rows={section.real.table.rows} projection={false} real /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
