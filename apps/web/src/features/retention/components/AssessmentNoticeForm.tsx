// The account's additions to the notice candidates and employees read before a selection, performance or
// self-assessment questionnaire: whom to contact and a text of its own (docs/decisions/0053). The platform's
// notice (what is assessed, use, that a person decides, the retention period above) needs no setting.
import { Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ASSESSMENT_NOTICE_CONTACT_MAX,
  ASSESSMENT_NOTICE_TEXT_MAX,
  ZAssessmentNoticeSettings,
  type TAssessmentNoticeSettingsResponse,
} from '@bq/contracts/assessment-notice';
import { showSuccess } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useUpdateAssessmentNotice } from '../api/assessment-notice';
import { SaveWithUpdatedAt } from './SaveWithUpdatedAt';

type Field = 'contact' | 'text';
const FIELDS: Field[] = ['contact', 'text'];

/** The form's strings, blank as null, checked with the contract's rules. */
const ZForm = z
  .object({ contact: z.string(), text: z.string() })
  .transform(({ contact, text }) => ({ contact: contact.trim() || null, text: text.trim() || null }))
  .pipe(ZAssessmentNoticeSettings);

export function AssessmentNoticeForm({ saved }: { saved: TAssessmentNoticeSettingsResponse }) {
  const { t } = useTranslation();
  const update = useUpdateAssessmentNotice();
  const form = useZodForm(ZForm, { contact: saved.contact ?? '', text: saved.text ?? '' });
  const submit = form.handleSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => showSuccess(t('assessmentNotice.saved')),
      onError: (error) => form.setServerErrors(apiFieldErrors(error, FIELDS)),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="assessment-notice-settings-title">
      <Stack gap="sm">
        <Title order={3} fz="h4" id="assessment-notice-settings-title">
          {t('assessmentNotice.title')}
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          {t('assessmentNotice.lead')}
        </Text>
        <TextInput
          label={t('assessmentNotice.contact.label')}
          description={t('assessmentNotice.contact.hint', { max: ASSESSMENT_NOTICE_CONTACT_MAX })}
          maw={560}
          data-testid="assessment-notice-contact-input"
          {...form.inputProps('contact')}
        />
        <Textarea
          label={t('assessmentNotice.text.label')}
          description={t('assessmentNotice.text.hint', { max: ASSESSMENT_NOTICE_TEXT_MAX })}
          rows={5}
          maw={720}
          data-testid="assessment-notice-text-input"
          {...form.inputProps('text')}
        />
        <SaveWithUpdatedAt label={t('assessmentNotice.save')} testId="assessment-notice-save" pending={update.isPending} updatedAt={saved.updatedAt} />
      </Stack>
    </form>
  );
}
