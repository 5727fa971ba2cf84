// The BQA_RISK section: the risk class on the product's 1-7 scale with the model portfolio's PRIIPs-way market-risk
// class beside it, how the suitable class came about, the consistency flag, the model portfolio, what the charts
// rest on (US dollars, total return), a switch between nominal and inflation-adjusted (real) figures, the minMax
// charts I-III, the value chart IV with the largest drawdown, and the table. All of it as stored with the result.
import { useState } from 'react';
import { Grid, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboardContent, TRiskProfile } from '@bq/contracts/dashboard';
import { MinMaxChart } from '../charts/MinMaxChart';
import { PortfolioValueChart } from '../charts/PortfolioValueChart';
import { RiskWindowTable } from '../charts/RiskWindowTable';
import { returnScale } from '../chart-series';
import classes from '../result-dashboard.module.css';
import { ConsistencyFlag } from './ConsistencyFlag';
import { MarketRiskClass } from './MarketRiskClass';
import { PortfolioMix } from './PortfolioMix';
import { RestrictedNotice } from './RestrictedNotice';
import { RiskBasis } from './RiskBasis';
import { RiskClassScale } from './RiskClassScale';
import { RiskSuitability } from './RiskSuitability';
import { ResultPortfolioCheck } from '../../portfolio/components/ResultPortfolioCheck';

interface RiskSectionProps {
  content: TDashboardContent;
  risk: TRiskProfile | null;
  token: string;
  /** May record how a consistency flag was resolved (INDIVIDUAL_RESULTS/UPDATE). */
  canResolve: boolean;
  /** The viewer is the client (a participant who took over their demo result): the flag is worded for them. */
  ownResult?: boolean;
}

export function RiskSection({ content, risk, token, canResolve, ownResult = false }: RiskSectionProps) {
  const { t } = useTranslation();
  const section = content.sections.BQA_RISK;
  const restricted = content.restrictedSections.includes('BQA_RISK');
  const textOf = (key: string) => content.texts[key]?.trim() || key;
  const riskClass = section?.riskClass ?? risk?.suitableClass ?? null;
  const portfolio = section?.portfolio ?? risk?.portfolio ?? null;
  const projection = section?.basis.kind === 'projection';
  const [basis, setBasis] = useState<'nominal' | 'real'>('nominal');
  const real = basis === 'real' && section?.real ? section.real : null;
  const view = real ?? section?.nominal;
  const lines = view?.lines.filter((line) => line.values.length > 0) ?? [];
  // One y scale for both bases, so switching shows how much inflation takes off rather than rescaling the bars.
  const scale = returnScale(
    [section?.nominal, section?.real].flatMap(
      (v) => v?.minMax.flatMap((chart) => chart.bars.map((bar) => bar.value)) ?? [],
    ),
  );

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
              <ConsistencyFlag risk={risk} token={token} canResolve={canResolve} ownResult={ownResult} />
            ) : null}
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="md">
                  <div>
                    <Text fw={600} mb={6}>
                      {t('results.risk.classTitle', { class: riskClass })}
                    </Text>
                    <RiskClassScale riskClass={riskClass} />
                    <Text size="xs" c="dimmed" mt={4} data-testid="risk-scale-note">
                      {t('results.risk.scaleNote')}
                    </Text>
                  </div>
                  {section?.marketRisk ? (
                    <MarketRiskClass marketRisk={section.marketRisk} profileClass={riskClass} />
                  ) : null}
                  {risk ? <RiskSuitability risk={risk} textOf={textOf} /> : null}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                {portfolio ? <PortfolioMix portfolio={portfolio} /> : null}
                {/* The client's own portfolio beside the model one (decision 0091). */}
                {content.portfolioCheck ? <ResultPortfolioCheck portfolioCheck={content.portfolioCheck} /> : null}
              </Grid.Col>
            </Grid>
            {section && view ? (
              <>
                <RiskBasis basis={section.basis} />
                {projection ? null : section.real ? (
                  <Stack gap={4}>
                    <SegmentedControl
                      value={basis}
                      onChange={(value) => setBasis(value as 'nominal' | 'real')}
                      aria-label={t('results.risk.view.label')}
                      data-testid="risk-basis-switch"
                      maw={520}
                      fullWidth
                      // Long German labels wrap inside their segment rather than widen the page on a phone.
                      styles={{ label: { whiteSpace: 'normal' } }}
                      data={[
                        { value: 'nominal', label: t('results.risk.view.nominal') },
                        { value: 'real', label: t('results.risk.view.real') },
                      ]}
                    />
                    <Text size="xs" c="dimmed" data-testid="risk-basis-note" aria-live="polite">
                      {t(real ? 'results.risk.view.realNote' : 'results.risk.view.nominalNote')}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="xs" c="dimmed" data-testid="risk-basis-note">
                    {t('results.risk.view.noReal')}
                  </Text>
                )}
                <SimpleGrid
                  cols={{ base: 1, sm: 3 }}
                  spacing="lg"
                  data-testid="risk-minmax"
                  data-basis={real ? 'real' : 'nominal'}
                >
                  {view.minMax.map((chart) => (
                    <MinMaxChart key={chart.id} chart={chart} projection={projection} scale={scale} />
                  ))}
                </SimpleGrid>
                {lines.length > 0 ? (
                  <PortfolioValueChart
                    lines={lines}
                    basis={real ? 'real' : 'nominal'}
                    maxDrawdown={view.maxDrawdown}
                    volatility={view.volatility}
                  />
                ) : (
                  <Text size="sm" c="dimmed" data-testid="risk-no-lines">
                    {t(projection ? 'results.risk.chart.noLinesProjection' : 'results.risk.chart.noLines')}
                  </Text>
                )}
                <RiskWindowTable rows={view.table.rows} projection={projection} real={Boolean(real)} />
              </>
            ) : null}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
