// How the suitable class came about (decision 0013): the class the attitude to risk alone gives, each limit that
// lowered it in one sentence (what it read and the highest class it allows, the binding one marked), what must be
// explained before recommending, the remarks the answers raise, and the client's own estimate beside it.
import { Badge, List, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRiskCap, TRiskProfile } from '@bq/contracts/dashboard';
import { useFormat } from '../../../lib/formats';
import { formatPercent } from '../result-formats';

interface RiskSuitabilityProps {
  risk: TRiskProfile;
  /** A text of the result's definition (limit names, answer labels, explanations) in the dashboard's language. */
  textOf: (key: string) => string;
}

/** One limit in one sentence, the same wording the report uses (results.risk.verdict.cap.*). */
function useCapSentence(textOf: (key: string) => string) {
  const { t } = useTranslation();
  const { locale, formatNumber } = useFormat();
  return (cap: TRiskCap) => {
    const values = {
      name: textOf(cap.nameKey),
      max: cap.maxClass,
      answer: cap.answers[0] ? textOf(cap.answers[0].labelKey) : '',
      loss: cap.answers[0] ? textOf(cap.answers[0].labelKey) : '',
      amount: cap.answers[1] ? textOf(cap.answers[1].labelKey) : '',
      share: cap.share === null ? '' : formatPercent(cap.share, locale, 0),
      score: cap.score === null ? '' : formatNumber(cap.score, 1),
      failed: cap.failed ?? 0,
      asked: cap.asked ?? 0,
    };
    return t(cap.assumed ? 'results.risk.verdict.cap.assumed' : `results.risk.verdict.cap.${cap.kind}`, values);
  };
}

export function RiskSuitability({ risk, textOf }: RiskSuitabilityProps) {
  const { t } = useTranslation();
  const sentence = useCapSentence(textOf);
  return (
    <Stack gap="sm">
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
      {risk.caps.length > 0 ? (
        <div data-testid="risk-caps">
          <Text size="sm" fw={500}>
            {t('results.risk.capsLead', { tolerance: risk.toleranceClass, suitable: risk.suitableClass })}
          </Text>
          <List size="sm" mt={4} spacing={4}>
            {risk.caps.map((cap) => (
              <List.Item key={cap.key} data-cap={cap.key} data-kind={cap.kind} data-binding={cap.binding}>
                {sentence(cap)}
                {cap.binding ? (
                  <Badge ml="xs" size="sm" variant="filled" color="blue.9" data-testid="risk-cap-binding">
                    {t('results.risk.verdict.binding')}
                  </Badge>
                ) : null}
              </List.Item>
            ))}
          </List>
        </div>
      ) : (
        <Text size="sm" data-testid="risk-caps">
          {t('results.risk.noCaps')}
        </Text>
      )}
      {risk.explainFirst.length > 0 ? (
        <div data-testid="risk-explain-first">
          <Text size="sm" fw={600} component="h3" m={0}>
            {t('results.risk.verdict.explainTitle')}
          </Text>
          <Text size="sm">{t('results.risk.verdict.explainLead')}</Text>
          <List size="sm" mt={4}>
            {risk.explainFirst.map((point) => (
              <List.Item key={point.item} data-item={point.item}>
                {textOf(point.textKey)}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {risk.remarks.length > 0 ? (
        <div data-testid="risk-remarks">
          <Text size="sm" fw={600} component="h3" m={0}>
            {t('results.risk.verdict.remarksTitle')}
          </Text>
          <List size="sm" mt={4}>
            {risk.remarks.map((remark) => (
              <List.Item key={remark.key} data-remark={remark.key}>
                {textOf(remark.textKey)}
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </Stack>
  );
}
