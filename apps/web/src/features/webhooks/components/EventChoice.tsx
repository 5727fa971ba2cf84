// Which events an endpoint takes: every event with its plain name, and one line saying what it carries.
import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@bq/contracts/webhooks';

export function EventChoice({ value, onChange, error }: { value: WebhookEvent[]; onChange: (events: WebhookEvent[]) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('webhooks.form.events')}
      description={t('webhooks.form.eventsHint')}
      value={value}
      onChange={(picked) => onChange(WEBHOOK_EVENTS.filter((e) => picked.includes(e)))}
      error={error}
      data-testid="webhook-events"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            value={event}
            label={
              <>
                {t(`webhooks.event.${event}`)}{' '}
                <Text span size="xs" c="dimmed" ff="monospace">
                  {event}
                </Text>
              </>
            }
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
