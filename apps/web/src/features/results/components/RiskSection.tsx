// The BQA_RISK section: the risk class on the 1-7 scale, how the suitable class came about, the consistency flag,
// the model portfolio, what the charts rest on, the minMax charts I-III, the value chart IV and the table.
import { Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboardContent, TRiskProfile } from '@bq/contracts/dashboard';
import { MinMaxChart } from '../charts/MinMaxChart';
import { PortfolioValueChart } from '../charts/PortfolioValueChart';
import { RiskWindowTable } from '../charts/RiskWindowTable';
import { returnScale } from '../chart-series';
import classes from '../result-dashboard.module.css';
import { ConsistencyFlag } from './ConsistencyFlag';
import { PortfolioMix } from './PortfolioMix';
import { RestrictedNotice } from './RestrictedNotice';
import { RiskBasis } from './RiskBasis';
import { RiskClassScale } from './RiskClassScale';
import { RiskSuitability } from './RiskSuitability';

interface RiskSectionProps {
  content: TDashboardContent;
  risk: TRiskProfile | null;
  token: string;
  /** May record how a consistency flag was resolved (INDIVIDUAL_RESULTS/UPDATE). */
  canResolve: boolean;
}

export function RiskSection({ content, risk, token, canResolve }: RiskSectionProps) {
  const { t } = useTranslation();
  const section = content.sections.BQA_RISK;
  const restricted = content.restrictedSections.includes('BQA_RISK');
  const textOf = (key: string) => content.texts[key]?.trim() || key;
  const riskClass = section?.riskClass ?? risk?.suitableClass ?? null;
  const portfolio = section?.portfolio ?? risk?.portfolio ?? null;
  const projection = section?.basis.kind === 'projection';
  const lines = section?.lines.filter((line) => line.values.length > 0) ?? [];
  const scale = returnScale(section?.minMax.flatMap((chart) => chart.bars.map((bar) => bar.value)) ?? []);

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="risk-section-title"
      className={classes.section}
    >
      <Stack gap="lg">
        <Title order={2} fz="h3" id="risk-section-title">
          {t('results.risk.title')}
        </Title>
        {restricted ? (
          <RestrictedNotice
            testId="risk-restricted"
            title={t('results.risk.restricted.title')}
            text={t('results.risk.restricted.text')}
          />
        ) : riskClass === null ? (
          <Text data-testid="risk-section" data-empty>
            {t('results.risk.notDetermined')}
          </Text>
        ) : (
          <Stack gap="lg" data-testid="risk-section">
            {risk?.consistency.flagged ? (
              <ConsistencyFlag risk={risk} token={token} canResolve={canResolve} />
            ) : null}
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="md">
                  <div>
                    <Text fw={600} mb={6}>
                      {t('results.risk.classTitle', { class: riskClass })}
                    </Text>
                    <RiskClassScale riskClass={riskClass} />
                  </div>
                  {risk ? <RiskSuitability risk={risk} textOf={textOf} /> : null}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                {portfolio ? <PortfolioMix portfolio={portfolio} /> : null}
              </Grid.Col>
            </Grid>
            {section ? (
              <>
                <RiskBasis basis={section.basis} />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                  {section.minMax.map((chart) => (
                    <MinMaxChart key={chart.id} chart={chart} projection={projection} scale={scale} />
                  ))}
                </SimpleGrid>
                {lines.length > 0 ? (
                  <PortfolioValueChart lines={lines} />
                ) : (
                  <Text size="sm" c="dimmed" data-testid="risk-no-lines">
                    {t(projection ? 'results.risk.chart.noLinesProjection' : 'results.risk.chart.noLines')}
                  </Text>
                )}
                <RiskWindowTable rows={section.table.rows} projection={projection} />
              </>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
