// The report's title block: what it is, of which questionnaire, for whom, prepared by which organisation and
// adviser, and when the questionnaire was completed (in the report's locale).
import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { TReportContent } from '@bq/contracts/reports';
import { formatReportDate } from '@bq/domain/report-dates';
import { useFormat } from '../../../lib/formats';
import { documentText } from '../../../lib/document-text';

const FACTS_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
  gap: 'var(--mantine-spacing-md)',
} as const;

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function ReportHeading({ content }: { content: TReportContent }) {
  // An anonymised report's dates are months ("2026-11"), shown as "November 2026".
  const { locale } = useFormat();
  const label = (key: string) => documentText(content.texts, key);
  return (
    <Stack gap="md" component="header">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1} fz="h2" data-testid="report-title">
            {content.title}
          </Title>
          <Badge variant="outline" color="gray">
            {label('report.confidential')}
          </Badge>
        </Group>
        <Text c="dimmed" data-testid="report-interaction">
          {content.interactionName}
        </Text>
      </Stack>
      <Box component="dl" m={0} style={FACTS_GRID}>
        <Fact
          label={label('report.cover.client')}
          value={content.client.displayName}
          testId="report-client"
        />
        <Fact label={label('report.cover.account')} value={content.accountName} testId="report-account" />
        {content.adviserName ? (
          <Fact label={label('report.cover.adviser')} value={content.adviserName} testId="report-adviser" />
        ) : null}
        <Fact
          label={label(content.anonymized ? 'report.cover.completedIn' : 'report.cover.completedAt')}
          value={formatReportDate(content.completedAt, locale) || label('report.cover.notRecorded')}
          testId="report-completed"
        />
      </Box>
      {content.anonymized ? (
        <Text size="sm" c="dimmed" data-testid="report-anonymized">
          {label('report.cover.anonymized')}
        </Text>
      ) : null}
    </Stack>
  );
}
