// How the suitable class came about: the class the risk tolerance alone gives, the limits (capacity for loss,
// knowledge, horizon, loss reaction) that lowered it, and the client's own estimate beside it.
import { List, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRiskProfile } from '@bq/contracts/dashboard';

interface RiskSuitabilityProps {
  risk: TRiskProfile;
  dimensionName: (key: string) => string;
}

export function RiskSuitability({ risk, dimensionName }: RiskSuitabilityProps) {
  const { t } = useTranslation();
  const lowering = risk.caps.filter((cap) => cap.maxClass < risk.toleranceClass);
  return (
    <Stack gap="xs">
      <Table withTableBorder variant="vertical" layout="fixed" maw={560}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('results.risk.toleranceClass')}</Table.Th>
            <Table.Td>{risk.toleranceClass}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('results.risk.suitableClass')}</Table.Th>
            <Table.Td fw={700} data-testid="risk-suitable-class" data-class={risk.suitableClass}>
              {risk.suitableClass}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('results.risk.selfEstimate')}</Table.Th>
            <Table.Td data-testid="risk-self-estimate">
              {risk.selfEstimate ?? t('results.risk.selfEstimateMissing')}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {lowering.length > 0 ? (
        <div data-testid="risk-caps">
          <Text size="sm" fw={500}>
            {t('results.risk.capsLead', { tolerance: risk.toleranceClass, suitable: risk.suitableClass })}
          </Text>
          <List size="sm" mt={4}>
            {lowering.map((cap) => (
              <List.Item key={cap.dimension} data-dimension={cap.dimension}>
                {t('results.risk.cap', { dimension: dimensionName(cap.dimension), max: cap.maxClass })}
              </List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text size="sm" data-testid="risk-caps">
          {t('results.risk.noCaps')}
        </Text>
      )}
    </Stack>
  );
}
