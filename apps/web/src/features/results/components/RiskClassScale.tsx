// The risk profile class on the product's own 1-7 scale of seven boxes: lower risk and typically lower returns on
// the left, higher risk and typically higher returns on the right. It looks like, but is not, a PRIIPs summary risk
// indicator; the PRIIPs-way market-risk class of the model portfolio is shown beside it (MarketRiskClass).
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './RiskClassScale.module.css';

const CLASSES = [1, 2, 3, 4, 5, 6, 7];

export function RiskClassScale({ riskClass }: { riskClass: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} maw={560}>
      <div
        role="img"
        aria-label={t('results.risk.classLabel', { class: riskClass })}
        className={classes.scale}
        data-testid="risk-class"
        data-class={riskClass}
      >
        {CLASSES.map((value) => (
          <span
            key={value}
            className={classes.step}
            data-active={value === riskClass || undefined}
            aria-hidden
          >
            {value}
          </span>
        ))}
      </div>
      <Group justify="space-between" gap="md" wrap="nowrap" aria-hidden>
        <Text size="xs" c="dimmed">
          {t('results.risk.scaleLow')}
        </Text>
        <Text size="xs" c="dimmed" ta="right">
          {t('results.risk.scaleHigh')}
        </Text>
      </Group>
    </Stack>
  );
}
