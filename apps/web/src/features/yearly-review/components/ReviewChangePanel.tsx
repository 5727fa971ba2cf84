// "Changed since the last review" on the client's page (docs/decisions/0093 addendum): the adviser's reading of a
// yearly review, so it speaks of "the client": the suitable class then and now in plain words, the answers the client
// changed, and the dimensions compared as the repeated measurements compare them (their ChangeTable, not a second one).
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TReviewChange } from '@bq/contracts/review-change';
import { AppLink } from '../../../components/ui/AppLink';
import { useFormat } from '../../../lib/formats';
import { ChangeTable } from '../../repeated-measurements/components/ChangeTable';

export function ReviewChangePanel({ change, resultPath }: { change: TReviewChange; resultPath: (token: string) => string }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const [previousAt, latestAt] = [formatDate(change.previous.finishedAt), formatDate(change.latest.finishedAt)];
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="review-change-title" data-testid="review-change">
      <Stack gap="md">
        <Title order={2} fz="h4" id="review-change-title">
          {t('review.change.title')}
        </Title>
        <Text size="sm">
          {t('review.change.dates.before')}{' '}
          <Anchor component={AppLink} to={resultPath(change.previous.token)} data-testid="review-change-previous">
            {previousAt}
          </Anchor>
          {' · '}
          {t('review.change.dates.after')}{' '}
          <Anchor component={AppLink} to={resultPath(change.latest.token)} data-testid="review-change-latest">
            {latestAt}
          </Anchor>
        </Text>
        {change.classMoved ? (
          <Text fw={600} data-testid="review-change-class">
            {t(`review.change.class.${change.classMoved}`, { previous: change.previous.riskClass, latest: change.latest.riskClass })}
          </Text>
        ) : null}
        {change.answers.length === 0 ? (
          <Text size="sm" data-testid="review-change-no-answers">
            {t('review.change.answers.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder striped data-testid="review-change-answers">
              <Table.Caption>{t('review.change.answers.caption', { count: change.answers.length })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('review.change.answers.question')}</Table.Th>
                  <Table.Th scope="col">{t('review.change.answers.previous', { date: previousAt })}</Table.Th>
                  <Table.Th scope="col">{t('review.change.answers.latest', { date: latestAt })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {change.answers.map((a) => (
                  <Table.Tr key={a.itemKey}>
                    <Table.Th scope="row" fw={500}>
                      {a.question}
                    </Table.Th>
                    <Table.Td>{a.previous ?? t('review.change.answers.notAnswered')}</Table.Td>
                    <Table.Td>{a.latest ?? t('review.change.answers.notAnswered')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {change.dimensions.length > 0 ? (
          <Table.ScrollContainer minWidth={560}>
            <ChangeTable changes={change.dimensions} caption={t('review.change.dimensions')} />
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Paper>
  );
}
