// The save button of a settings form with when the saved settings last changed beside it (the retention periods and
// the assessment notice on the data-protection settings page).
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';

export function SaveWithUpdatedAt(props: { label: string; testId: string; pending: boolean; updatedAt: string | null | undefined }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormat();
  return (
    <Group>
      <Button type="submit" loading={props.pending} data-testid={props.testId}>
        {props.label}
      </Button>
      {props.updatedAt ? (
        <Text size="sm" c="dimmed">
          {t('retention.updatedAt', { date: formatDateTime(props.updatedAt) })}
        </Text>
      ) : null}
    </Group>
  );
}
