// The reminder bell: how many open interactions are due now, expire this month and next month, and how many clients
// are due for their yearly review.
import { ActionIcon, Group, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';
import { useReminderCounts } from '../api/get-reminder-counts';

export function ReminderMenu() {
  const { t } = useTranslation();
  const { formatNumber } = useFormat();
  const { data, isPending, isError } = useReminderCounts();
  const now = (data?.now ?? 0) + (data?.reviewsDue ?? 0);
  const rows = data
    ? [
        { key: 'now', label: t('reminders.now'), value: data.now },
        { key: 'thisMonth', label: t('reminders.thisMonth'), value: data.thisMonth },
        { key: 'nextMonth', label: t('reminders.nextMonth'), value: data.nextMonth },
        // Clients whose yearly review is due (decision 0093): also something to act on now.
        { key: 'reviewsDue', label: t('reminders.reviewsDue'), value: data.reviewsDue },
      ]
    : [];
  const buttonLabel = t('reminders.button', { count: now, formatted: formatNumber(now, 0) });

  return (
    <Indicator
      label={<span data-testid="reminder-count">{formatNumber(now, 0)}</span>}
      size={18}
      color="red"
      offset={5}
      disabled={now === 0}
    >
      <Popover position="bottom-end" width={280} shadow="md" withArrow>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={buttonLabel}
            data-testid="reminder-button"
          >
            <IconBell size={20} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" data-testid="reminder-panel">
            <Text fw={600} size="sm">
              {t('reminders.title')}
            </Text>
            {isPending ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
            {isError ? (
              <Text size="sm" c="red.8">
                {t('reminders.loadFailed')}
              </Text>
            ) : null}
            {rows.length > 0 ? (
              <Stack gap={6} component="dl" m={0}>
                {rows.map((row) => (
                  <Group
                    key={row.key}
                    justify="space-between"
                    gap="md"
                    wrap="nowrap"
                    data-testid={`reminder-${row.key}`}
                  >
                    <Text component="dt" size="sm">
                      {row.label}
                    </Text>
                    <Text component="dd" size="sm" fw={600} m={0}>
                      {formatNumber(row.value, 0)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('reminders.hint')}
            </Text>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
