// The report's suitability statement (decision 0013): the client's answers on each ESMA suitability topic, one
// table per topic, marking what fed the risk class and grading the knowledge questions; the PDF shows the same.
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TSuitabilityStatementContent } from '@bq/contracts/reports';
import { documentText, type DocumentTexts } from '../../../lib/document-text';

type Row = TSuitabilityStatementContent['sections'][number]['rows'][number];

export function ReportSuitability({ statement, texts }: { statement: TSuitabilityStatementContent; texts: DocumentTexts }) {
  const label = (key: string) => documentText(texts, key);
  const notes = (row: Row) => (
    <Group gap={4}>
      {row.assessment ? (
        <Badge size="sm" variant="filled" color={row.assessment === 'CORRECT' ? 'teal.9' : 'orange.9'} data-assessment={row.assessment}>
          {label(row.assessment === 'CORRECT' ? 'report.suitability.correct' : 'report.suitability.incorrect')}
        </Badge>
      ) : null}
      {row.usedInVerdict ? (
        <Badge size="sm" variant="outline" color="blue.9">
          {label('report.suitability.usedInVerdict')}
        </Badge>
      ) : null}
    </Group>
  );
  return (
    <Stack gap="md" component="section" aria-labelledby="report-suitability-title" data-testid="report-suitability">
      <Title order={2} fz="h3" id="report-suitability-title">
        {label('report.section.suitability')}
      </Title>
      <Text size="sm">{label('report.suitability.intro')}</Text>
      {statement.personalOmitted ? (
        <Text size="sm" c="dimmed" data-testid="report-suitability-personal-omitted">
          {label('report.suitability.personalOmitted')}
        </Text>
      ) : null}
      {statement.sections.map((section) => (
        <Table key={section.key} withTableBorder layout="fixed" data-section={section.key} captionSide="top">
          <Table.Caption ta="left" fw={600} c="var(--mantine-color-text)">
            {section.title}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="38%">{label('report.suitability.topic')}</Table.Th>
              <Table.Th w="38%">{label('report.suitability.answer')}</Table.Th>
              <Table.Th>{label('report.suitability.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.rows.map((row) => (
              <Table.Tr key={row.item} data-item={row.item}>
                <Table.Th scope="row" fw={400}>
                  {row.label}
                </Table.Th>
                <Table.Td c={row.answer ? undefined : 'dimmed'}>{row.answer || label('report.suitability.notAnswered')}</Table.Td>
                <Table.Td>{notes(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ))}
      <Text size="xs" c="dimmed">
        {label('report.suitability.amounts')}
      </Text>
    </Stack>
  );
}
