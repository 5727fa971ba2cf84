// Above the client list once clients are ticked: how many, "select all matching the filter", clear, and the
// "Send questionnaire" action that opens the bulk send dialog.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TBulkSendFilter } from '@bq/contracts/bulk-send';
import { useFormat } from '../../../lib/formats';
import type { ClientSelection } from '../use-client-selection';
import { BulkSendModal } from './BulkSendModal';

interface BulkSendBarProps {
  selection: ClientSelection;
  productConfigurationId: string;
  filter: TBulkSendFilter;
  /** Clients matching the filter, and whether more match than were counted. */
  total: number;
  totalIsLowerBound: boolean;
  /** The client lists are stale once a send has finished. */
  onFinished: () => void;
}

export function BulkSendBar({ selection, productConfigurationId, filter, total, totalIsLowerBound, onFinished }: BulkSendBarProps) {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const [opened, { open, close }] = useDisclosure(false);
  if (selection.empty) return null;
  const count = selection.allMatching ? total : selection.tokens.length;
  const countText = formatNumber(count, 0);
  const label = selection.allMatching
    ? totalIsLowerBound
      ? t('bulkSend.allMatchingSelectedMore', { count: formatNumber(total, 0) })
      : t('bulkSend.allMatchingSelected', { count: formatNumber(total, 0) })
    : t('bulkSend.selected', { count: countText });
  return (
    <Paper withBorder radius="md" p="sm" mb="md" bg="var(--mantine-color-blue-light)" data-testid="bulk-send-bar">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={600} role="status" data-testid="bulk-send-count">
            {label}
          </Text>
          {!selection.allMatching && total > selection.tokens.length ? (
            <Button variant="subtle" size="compact-sm" onClick={selection.selectAllMatching} data-testid="bulk-select-all-matching">
              {totalIsLowerBound ? t('bulkSend.selectAllMatchingMore', { count: formatNumber(total, 0) }) : t('bulkSend.selectAllMatching', { count: formatNumber(total, 0) })}
            </Button>
          ) : null}
          <Button variant="subtle" size="compact-sm" color="gray" onClick={selection.clear} data-testid="bulk-select-clear">
            {t('bulkSend.clear')}
          </Button>
        </Group>
        <Button leftSection={<IconSend size={18} aria-hidden />} onClick={open} data-testid="bulk-send-button">
          {t('bulkSend.button')}
        </Button>
      </Group>
      <BulkSendModal
        opened={opened}
        onClose={close}
        onSent={selection.clear}
        onFinished={onFinished}
        selection={
          selection.allMatching
            ? { productConfigurationId, filter, count: total, countIsLowerBound: totalIsLowerBound, reviewRound: Boolean(filter.reviewDue) }
            : { productConfigurationId, clientTokens: selection.tokens, count, countIsLowerBound: false, reviewRound: Boolean(filter.reviewDue) }
        }
      />
    </Paper>
  );
}
