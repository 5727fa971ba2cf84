// The client's fields, for creating and editing: names, e-mail, optional phone, group and the client's language.
// Validated with the contract's schema; the server's field errors (400 fields, 409 duplicate e-mail) show on
// their field until it is changed.
import { useId, type ReactNode } from 'react';
import {
  Button,
  Group,
  Input,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLIENT_GROUPS, SALUTATIONS } from '@bq/domain/client-rules';
import { LOCALES } from '@bq/domain/locales';
import { LOCALE_NATIVE_NAMES } from '../../../lib/locale-names';
import { apiFieldErrors, errorKeyMessage, useZodForm } from '../../../lib/zod-form';
import {
  CLIENT_FIELDS,
  ZClientForm,
  type ClientFormData,
  type ClientFormValues,
} from '../client-form-schema';

const DUPLICATE_ERROR_KEY = 'error.client.duplicate';

interface ClientFormProps {
  initialValues: ClientFormValues;
  /** Rejects with the API error when the server refuses; the form then marks the fields concerned. */
  onSubmit: (data: ClientFormData) => Promise<unknown>;
  submitLabel: string;
  pending: boolean;
  /** The way back: a link on a page, a button in a modal. */
  cancel: ReactNode;
  disabled?: boolean;
  label: string;
}

export function ClientForm({
  initialValues,
  onSubmit,
  submitLabel,
  pending,
  cancel,
  disabled,
  label,
}: ClientFormProps) {
  const { t } = useTranslation();
  const groupLabelId = useId();
  const form = useZodForm(ZClientForm, initialValues);

  const submit = form.handleSubmit((data) => {
    onSubmit(data).catch((error: unknown) =>
      form.setServerErrors(
        apiFieldErrors(error, CLIENT_FIELDS, (apiError) =>
          // The same e-mail is already a client of the account.
          apiError.errorKey === DUPLICATE_ERROR_KEY ? { email: errorKeyMessage(apiError.errorKey) } : {},
        ),
      ),
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label} data-testid="client-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {/* How mails greet the client ("Sehr geehrte Frau ..."), docs/decisions/0033. */}
          <NativeSelect
            label={t('clients.form.salutation')}
            description={t('clients.form.salutationHint')}
            data={SALUTATIONS.map((salutation) => ({ value: salutation, label: t(`clients.salutation.${salutation}`) }))}
            {...form.inputProps('salutation')}
            data-testid="client-form-salutation"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('clients.form.firstName')}
            autoComplete="off"
            required
            {...form.inputProps('firstName')}
          />
          <TextInput
            label={t('clients.form.lastName')}
            autoComplete="off"
            required
            {...form.inputProps('lastName')}
          />
          <TextInput
            label={t('clients.form.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            {...form.inputProps('email')}
          />
          <TextInput
            label={t('clients.form.phone')}
            description={t('clients.form.phoneHint')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...form.inputProps('phone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            <Input.Label labelElement="div" id={groupLabelId}>
              {t('clients.form.group')}
            </Input.Label>
            <SegmentedControl
              aria-labelledby={groupLabelId}
              value={form.values.group}
              onChange={(value) => form.setValue('group', value)}
              data={CLIENT_GROUPS.map((group) => ({ value: group, label: t(`clientGroup.${group}`) }))}
              data-testid="client-form-group"
            />
          </Stack>
          <NativeSelect
            label={t('clients.form.locale')}
            description={t('clients.form.localeHint')}
            data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NATIVE_NAMES[locale] }))}
            {...form.inputProps('locale')}
            data-testid="client-form-locale"
          />
        </SimpleGrid>
        <Group gap="sm" mt="xs">
          <Button type="submit" loading={pending} disabled={disabled} data-testid="client-form-submit">
            {submitLabel}
          </Button>
          {cancel}
        </Group>
      </Stack>
    </form>
  );
}
