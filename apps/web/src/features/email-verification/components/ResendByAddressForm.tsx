// A new verification link without signing in: the visitor types the address. The server answers the same for
// every address, so the page confirms only "if this address needs it, a link is on its way".
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showApiError } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useResendEmailVerification } from '../api/resend-email-verification';

const ZResendForm = z.object({ email: z.string().trim().min(1, 'error.validation.required').pipe(z.email('error.validation.invalid_email').max(254)) });

export function ResendByAddressForm() {
  const { t } = useTranslation();
  const resend = useResendEmailVerification();
  const form = useZodForm(ZResendForm, { email: '' });
  if (resend.isSuccess) {
    return (
      <Text size="sm" role="status" data-testid="verify-email-resend-by-address-sent">
        {t('verifyEmail.resendByAddress.sent')}
      </Text>
    );
  }
  return (
    <form
      noValidate
      data-testid="verify-email-resend-by-address"
      onSubmit={form.handleSubmit(({ email }) =>
        resend.mutate(email, {
          onError: (error) => {
            const fields = apiFieldErrors(error, ['email'] as const);
            if (fields.email) form.setServerErrors(fields);
            else showApiError(error);
          },
        }),
      )}
    >
      <Stack gap="xs">
        <Text size="sm">{t('verifyEmail.resendByAddress.intro')}</Text>
        <TextInput type="email" autoComplete="email" label={t('verifyEmail.resendByAddress.label')} {...form.inputProps('email')} />
        <Group>
          <Button type="submit" leftSection={<IconMailForward size={18} aria-hidden />} loading={resend.isPending}>
            {t('verifyEmail.resendButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
