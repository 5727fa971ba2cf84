// The client page's "Current portfolio" section (issue 38 point 1, decision 0091): the latest portfolio with the
// modelled class each holding counts as, its check against the client's suitable risk class, the dates of earlier
// portfolios, and the form to save a new one (for holders of BQ_USER UPDATE). Loading, empty and error states.
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TGetPortfolioResponse } from '@bq/contracts/portfolio';
import { ErrorState } from '../../../components/ui/ErrorState';
import { useFormat } from '../../../lib/formats';
import { usePortfolio } from '../api/get-portfolio';
import { PortfolioCheckSummary } from './PortfolioCheckSummary';
import { PortfolioForm } from './PortfolioForm';

interface ClientPortfolioProps {
  clientToken: string;
  canUpdate: boolean;
}

export function ClientPortfolio({ clientToken, canUpdate }: ClientPortfolioProps) {
  const { t } = useTranslation();
  const portfolio = usePortfolio(clientToken);
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" data-testid="client-portfolio">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('portfolio.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          {t('portfolio.intro')}
        </Text>
        {portfolio.data ? (
          <>
            <CurrentPortfolio answer={portfolio.data} />
            {/* Keyed by the latest save, so the form starts again from what was saved. */}
            {canUpdate ? <PortfolioForm key={portfolio.data.portfolio?.createdAt ?? 'none'} clientToken={clientToken} current={portfolio.data.portfolio} /> : null}
          </>
        ) : portfolio.isError ? (
          <ErrorState title={t('portfolio.loadFailed.title')} message={t('portfolio.loadFailed.text')} onRetry={() => void portfolio.refetch()} />
        ) : (
          <Stack gap="sm" role="status" aria-label={t('common.loading')} data-testid="portfolio-loading">
            <Skeleton height={24} width="60%" />
            <Skeleton height={120} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function CurrentPortfolio({ answer }: { answer: TGetPortfolioResponse }) {
  const { t } = useTranslation();
  const { formatPercent, formatDate } = useFormat();
  const current = answer.portfolio;
  if (!current) {
    return (
      <Text size="sm" data-testid="portfolio-empty">
        {t('portfolio.empty')}
      </Text>
    );
  }
  const name = (assetClass: string) => t(`portfolio.assetClass.${assetClass}`);
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('portfolio.current', { date: formatDate(current.asOf) })}</Text>
      <Text size="sm" component="ul" m={0} data-testid="portfolio-positions">
        {current.positions.map((p, i) => (
          <li key={i}>
            {p.mappedTo === p.assetClass
              ? t('portfolio.position', { assetClass: name(p.assetClass), share: formatPercent(p.share) })
              : t('portfolio.positionMapped', { assetClass: name(p.assetClass), share: formatPercent(p.share), mappedTo: name(p.mappedTo) })}
          </li>
        ))}
      </Text>
      {answer.check ? (
        <PortfolioCheckSummary check={answer.check} />
      ) : answer.checkMissing ? (
        <Alert color="gray" variant="light" data-testid="portfolio-check-missing">
          {t(`portfolio.checkMissing.${answer.checkMissing}`)}
        </Alert>
      ) : null}
      {answer.history.length > 1 ? (
        <Text size="xs" c="dimmed" data-testid="portfolio-history">
          {t('portfolio.history', { dates: answer.history.map((h) => formatDate(h.asOf)).join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
}
