// "New endpoint": the receiver's URL and what it is for (checked with the contract's schema, the server's own), the
// events it takes and whether payloads may carry names and e-mail. The server checks the address too (https, no
// internal network) and names a refusal at the URL field; on success the parent shows the signing key once.
import { useState } from 'react';
import { Button, Stack, Switch, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_DESCRIPTION_MAX, ZCreateWebhookRequest, type TWebhookWithSecret, type WebhookEvent } from '@bq/contracts/webhooks';
import { ApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';
import { apiFieldErrors, errorKeyMessage, useZodForm } from '../../../lib/zod-form';
import { useCreateWebhook } from '../api/webhook-mutations';
import { EventChoice } from './EventChoice';

const URL_ERRORS = new Set(['error.webhook.https_required', 'error.webhook.private_address', 'error.webhook.unresolvable']);
const FIRST_EVENTS: WebhookEvent[] = ['result.available'];

export function CreateWebhookForm({ onCreated }: { onCreated: (created: TWebhookWithSecret) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZCreateWebhookRequest.pick({ url: true, description: true }), { url: '', description: '' });
  const [events, setEvents] = useState<WebhookEvent[]>(FIRST_EVENTS);
  const [personal, setPersonal] = useState(false);
  const [tried, setTried] = useState(false);
  const create = useCreateWebhook();

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    setTried(true);
    if (events.length === 0) {
      event.preventDefault();
      void form.handleSubmit(() => undefined)(event);
      return;
    }
    void form.handleSubmit((request) => {
      create.mutate(
        { ...request, events, includePersonalData: personal },
        {
          onSuccess: (created) => {
            form.reset();
            setEvents(FIRST_EVENTS);
            setPersonal(false);
            setTried(false);
            onCreated(created);
          },
          onError: (error) => {
            // A refused address is named at its field, until the URL changes.
            if (error instanceof ApiError && URL_ERRORS.has(error.errorKey)) return form.setServerErrors({ url: errorKeyMessage(error.errorKey) });
            const fields = apiFieldErrors(error, ['url', 'description'] as const);
            if (fields.url || fields.description) form.setServerErrors(fields);
            else showApiError(error, { fallbackKey: 'ERROR_WEBHOOK_CREATE' });
          },
        },
      );
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('webhooks.create.title')}>
      <Stack gap="md">
        <TextInput
          label={t('webhooks.form.url')}
          description={t('webhooks.form.urlHint')}
          placeholder="https://crm.example.com/hooks/bq"
          inputMode="url"
          autoComplete="off"
          data-testid="webhook-url"
          {...form.inputProps('url')}
        />
        <TextInput
          label={t('webhooks.form.description')}
          description={t('webhooks.form.descriptionHint')}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          data-testid="webhook-description"
          {...form.inputProps('description')}
        />
        <EventChoice value={events} onChange={setEvents} error={tried && events.length === 0 ? t('webhooks.form.eventsRequired') : undefined} />
        <Switch
          label={t('webhooks.form.personalData')}
          description={t('webhooks.form.personalDataHint')}
          checked={personal}
          onChange={(e) => setPersonal(e.currentTarget.checked)}
          data-testid="webhook-personal-data"
        />
        <div>
          <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={18} aria-hidden />} data-testid="webhook-create">
            {t('webhooks.create.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
