// "Why this score" under one dimension (issue 25 point 4, docs/decisions/0053): folded until opened, then each
// answer with its exact share of the T-score (50 + the shares = the score), the norm it is read against, and the
// dimension's gap, weight x gap² and points lost in the fit. The numbers come from the server, which computes them
// from the scoring rules.
import { useId, useState } from 'react';
import { Alert, Button, Collapse, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDimensionExplanation } from '@bq/contracts/explanation';
import { useFormat } from '../../../lib/formats';
import { useResultExplanation } from '../api/get-result-explanation';

const NO_BREAK = { whiteSpace: 'nowrap' } as const;

export function WhyThisScore({ token, dimensionKey }: { token: string; dimensionKey: string }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const query = useResultExplanation(token, locale, opened);
  const dimension = query.data?.dimensions.find((d) => d.key === dimensionKey);
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        justify="flex-start"
        leftSection={
          opened ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />
        }
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={() => setOpened((o) => !o)}
        data-testid={`why-score-toggle-${dimensionKey}`}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('results.why.toggle')}
      </Button>
      <Collapse expanded={opened} id={panelId}>
        <div data-testid={`why-score-${dimensionKey}`}>
          {!opened ? null : query.isPending ? (
            <Skeleton height={96} />
          ) : query.isError || !dimension ? (
            <Alert color="red" variant="light">
              {t('results.why.error')}
            </Alert>
          ) : (
            <WhyThisScoreDetails
              dimension={dimension}
              profileName={query.data.fitProfile?.profileName ?? null}
            />
          )}
        </div>
      </Collapse>
    </Stack>
  );
}

function WhyThisScoreDetails({
  dimension,
  profileName,
}: {
  dimension: TDimensionExplanation;
  profileName: string | null;
}) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const signed = (v: number) =>
    v > 0 ? `+${formatNumber(v, 1)}` : v < 0 ? `−${formatNumber(-v, 1)}` : formatNumber(0, 1);
  const counted = dimension.answers.filter((a) => a.tShown !== null);
  return (
    <Stack gap="xs" pt="xs">
      <Text size="sm">
        {t('results.why.lead', {
          mean: formatNumber(dimension.norm.mean, 2),
          sd: formatNumber(dimension.norm.sd, 2),
          answered: counted.length,
        })}
      </Text>
      {/* Three columns, the answer under its question, texts that wrap: on a phone the whole explanation fits the
          screen without scrolling sideways, and a number never breaks. */}
      <Table
        fz="sm"
        verticalSpacing={4}
        horizontalSpacing={6}
        withTableBorder
        style={{ overflowWrap: 'break-word', hyphens: 'auto' }}
      >
        <Table.Caption>{t('results.why.caption', { dimension: dimension.name })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('results.why.question')}</Table.Th>
            <Table.Th scope="col">{t('results.why.itemScore')}</Table.Th>
            <Table.Th scope="col">{t('results.why.points')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={2}>{t('results.why.baseline')}</Table.Td>
            <Table.Td style={NO_BREAK}>{formatNumber(dimension.baseline, 1)}</Table.Td>
          </Table.Tr>
          {dimension.answers.map((a) => (
            <Table.Tr
              key={a.itemKey}
              data-testid={`why-score-answer-${a.itemKey}`}
              data-points={a.tShown ?? undefined}
            >
              <Table.Td>
                {a.text}
                <Text component="span" size="xs" c="dimmed" display="block">
                  {t('results.why.answer')}: {a.answer ?? t('results.why.notAnswered')}
                </Text>
              </Table.Td>
              <Table.Td>
                {a.itemScore === null ? '–' : formatNumber(a.itemScore, 0)}
                {a.reverse ? (
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {t('results.why.reversed')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={a.tShown === null ? undefined : NO_BREAK}>
                {a.tShown === null ? t('results.why.notCounted') : signed(a.tShown)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {dimension.t !== null ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={2}>
                {t('results.why.total')}
              </Table.Th>
              <Table.Td fw={600} style={NO_BREAK} data-testid="why-score-total">
                {formatNumber(dimension.t, 1)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
      {dimension.fit && dimension.fit.gap !== null && profileName ? (
        <Text size="sm" data-testid="why-score-fit">
          {t('results.why.fit', {
            profile: profileName,
            gap: formatNumber(dimension.fit.gap, 1),
            weight: dimension.fit.weight,
            gapSd: formatNumber(dimension.fit.gapSd ?? 0, 2),
            weightedSquaredGap: formatNumber(dimension.fit.weightedSquaredGap ?? 0, 2),
            points: formatNumber(dimension.fit.pointsLost ?? 0, 1),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
