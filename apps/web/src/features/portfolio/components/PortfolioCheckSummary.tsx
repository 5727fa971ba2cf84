// The check of the client's current portfolio in plain words (decision 0091): the adviser's verdict against the
// suitable risk class, the client's sentence (the worst 12 months of the portfolio and of the profile), and the
// figures behind them: worst and best 1/5/10 years, the largest fall and the market-risk class.
import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPortfolioCheck } from '@bq/contracts/portfolio';
import { useFormat } from '../../../lib/formats';

const VERDICT_COLOR = { WITHIN: 'green', ABOVE: 'red', BELOW: 'blue' } as const;

export function PortfolioCheckSummary({ check }: { check: TPortfolioCheck }) {
  const { t } = useTranslation();
  const { formatPercent, formatDate } = useFormat();
  const year = check.worstYear;
  const sentenceKey = year.portfolioLoss > 0 ? 'portfolio.check.clientSentence' : 'portfolio.check.clientSentenceNoLoss';
  return (
    <Stack gap="sm" data-testid="portfolio-check">
      <div>
        <Badge color={VERDICT_COLOR[check.verdict]} variant="light" size="lg" data-testid="portfolio-verdict">
          {t(`portfolio.check.verdict.${check.verdict}`)}
        </Badge>
        <Text size="sm" mt={6} data-testid="portfolio-verdict-text">
          {t(`portfolio.check.verdictText.${check.verdict}`, { portfolioClass: check.portfolioClass, suitableClass: check.suitableClass })}
        </Text>
      </div>
      <Alert color={VERDICT_COLOR[check.verdict]} variant="light" data-testid="portfolio-client-sentence">
        {t(sentenceKey, { since: year.sinceYear, loss: formatPercent(year.portfolioLoss, 0), allowed: formatPercent(year.allowedLoss, 0) })}
      </Alert>
      <Table withTableBorder fz="sm" data-testid="portfolio-windows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('portfolio.check.column.period')}</Table.Th>
            <Table.Th scope="col">{t('portfolio.check.column.worst')}</Table.Th>
            <Table.Th scope="col">{t('portfolio.check.column.best')}</Table.Th>
            <Table.Th scope="col">{t('portfolio.check.column.allowed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {check.windows.map((w) => (
            <Table.Tr key={w.years}>
              <Table.Th scope="row">{t(`portfolio.check.window.${w.years}`)}</Table.Th>
              <Table.Td>{formatPercent(w.worst.annualised)}</Table.Td>
              <Table.Td>{formatPercent(w.best.annualised)}</Table.Td>
              <Table.Td>{formatPercent(w.allowed.annualised)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {check.maxDrawdown ? (
        <Text size="sm">
          {t('portfolio.check.drawdown', {
            fall: formatPercent(-check.maxDrawdown.fall, 0),
            peak: formatDate(check.maxDrawdown.peakDate),
            trough: formatDate(check.maxDrawdown.troughDate),
            allowed: formatPercent(-(check.allowedMaxDrawdown ?? 0), 0),
          })}
        </Text>
      ) : null}
      {check.marketRisk ? <Text size="sm">{t('portfolio.check.marketRisk', { mrm: check.marketRisk.mrm })}</Text> : null}
      <Text size="xs" c="dimmed">
        {t('portfolio.check.basis', { from: formatDate(check.history.firstDate), to: formatDate(check.history.lastDate) })}
      </Text>
    </Stack>
  );
}
