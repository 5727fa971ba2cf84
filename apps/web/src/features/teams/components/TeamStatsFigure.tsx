// Mean and spread per dimension of one or more teams: a bar chart of the means (T-scores, 50 = norm average) with
// the spread drawn on each bar as a whisker from the lowest to the highest score, and, for screen readers and exact
// reading, a table with mean, sd, min, max and count; withheld figures say so.
import { useId } from 'react';
import { Box, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TTeamDimensionStats } from '@bq/contracts/teams';
import { LEGEND_IN_SERIES_ORDER } from '../../../lib/chart-legend';
import { useFormat } from '../../../lib/formats';
import { LazyBarChart } from './LazyBarChart';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6'];

export interface TeamSeries {
  id: string;
  name: string;
  dimensions: TTeamDimensionStats[];
}

const Y_DOMAIN: [number, number] = [20, 80];

interface BarShape {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
  payload?: Record<string, unknown>;
}

/**
 * A bar with its range whisker. The bar runs from the axis floor (Y_DOMAIN[0]) up to the mean, so its pixels per
 * T point are height / (mean - floor); min and max are placed on the same scale.
 */
function spreadBar(teamId: string) {
  // Recharts passes its own shape props (BarShapeProps); the fields read here are always set for a drawn bar.
  function SpreadBar(props: unknown) {
    const { x, y, width, height, fill, payload } = props as BarShape;
    const mean = payload?.[teamId];
    const min = payload?.[`${teamId}__min`];
    const max = payload?.[`${teamId}__max`];
    const bar = <rect x={x} y={y} width={width} height={Math.max(0, height)} fill={fill} />;
    if (typeof mean !== 'number' || typeof min !== 'number' || typeof max !== 'number' || mean <= Y_DOMAIN[0] || height <= 0)
      return bar;
    const perPoint = height / (mean - Y_DOMAIN[0]);
    const at = (v: number) => y + height - (Math.min(Y_DOMAIN[1], Math.max(Y_DOMAIN[0], v)) - Y_DOMAIN[0]) * perPoint;
    const cx = x + width / 2;
    const cap = Math.min(8, width / 3);
    return (
      <g data-testid="team-chart-spread">
        {bar}
        <line x1={cx} x2={cx} y1={at(min)} y2={at(max)} stroke="var(--mantine-color-dark-6)" strokeWidth={1.5} />
        <line x1={cx - cap} x2={cx + cap} y1={at(min)} y2={at(min)} stroke="var(--mantine-color-dark-6)" strokeWidth={1.5} />
        <line x1={cx - cap} x2={cx + cap} y1={at(max)} y2={at(max)} stroke="var(--mantine-color-dark-6)" strokeWidth={1.5} />
      </g>
    );
  }
  return SpreadBar;
}

export function TeamStatsFigure({ title, dimensions, teams }: { title: string; dimensions: { key: string; name: string }[]; teams: TeamSeries[] }) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const titleId = useId();
  const data = dimensions.map((d) => ({
    dimension: d.name,
    ...Object.fromEntries(
      teams.flatMap((team) => {
        const stats = team.dimensions.find((s) => s.key === d.key);
        return [
          [team.id, stats?.mean ?? null],
          [`${team.id}__min`, stats?.min ?? null],
          [`${team.id}__max`, stats?.max ?? null],
        ];
      }),
    ),
  }));
  const shapes = new Map(teams.map((team) => [team.id, spreadBar(team.id)]));
  const value = (n: number | null) => (n === null ? '–' : formatNumber(n, 1));
  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={titleId} component="figcaption">
          {title}
        </Title>
        <div aria-hidden data-testid="team-chart">
          <LazyBarChart
            h={300}
            data={data}
            dataKey="dimension"
            series={teams.map((team, i) => ({ name: team.id, label: team.name, color: COLORS[i % COLORS.length]! }))}
            yAxisProps={{ domain: Y_DOMAIN }}
            barProps={(series) => ({ shape: shapes.get(series.name) })}
            referenceLines={[{ y: 50, label: t('teams.chart.normAverage'), color: 'gray.6' }]}
            withLegend={teams.length > 1}
            legendProps={LEGEND_IN_SERIES_ORDER}
            // No keyboard layer in a drawing hidden from assistive technology (the table carries the numbers).
            accessibilityLayer={false}
          />
        </div>
        <Text size="sm" c="dimmed">
          {t('teams.chart.summary')}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder data-testid="team-stats-table">
            <Table.Caption>{t('teams.table.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('teams.table.dimension')}</Table.Th>
                {teams.length > 1 ? <Table.Th scope="col">{t('teams.table.team')}</Table.Th> : null}
                <Table.Th scope="col">{t('teams.table.mean')}</Table.Th>
                <Table.Th scope="col">{t('teams.table.sd')}</Table.Th>
                <Table.Th scope="col">{t('teams.table.range')}</Table.Th>
                <Table.Th scope="col">{t('teams.table.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dimensions.flatMap((d) =>
                teams.map((team, i) => {
                  const s = team.dimensions.find((x) => x.key === d.key);
                  return (
                    <Table.Tr key={`${d.key}-${team.id}`}>
                      {i === 0 ? (
                        <Table.Th scope="row" rowSpan={teams.length} fw={500}>
                          {d.name}
                        </Table.Th>
                      ) : null}
                      {teams.length > 1 ? <Table.Td>{team.name}</Table.Td> : null}
                      {!s || s.tooFewToShow ? (
                        <Table.Td colSpan={3}>
                          <Text size="sm" c="dimmed">
                            {t('teams.tooFewToShow')}
                          </Text>
                        </Table.Td>
                      ) : (
                        <>
                          <Table.Td>{value(s.mean)}</Table.Td>
                          <Table.Td>{value(s.sd)}</Table.Td>
                          <Table.Td>{`${value(s.min)} – ${value(s.max)}`}</Table.Td>
                        </>
                      )}
                      <Table.Td>{s?.count ?? 0}</Table.Td>
                    </Table.Tr>
                  );
                }),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Box>
  );
}
