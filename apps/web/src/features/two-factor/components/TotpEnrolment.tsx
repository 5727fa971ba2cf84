// Turning the second factor on: start (a new secret), scan the QR code or type the secret into an authenticator app,
// confirm with its first code; then the recovery codes are shown once.
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TStartTotpEnrolmentResponse } from '@bq/contracts/two-factor';
import { useZodForm } from '../../../lib/zod-form';
import { useConfirmTotp } from '../api/confirm-totp';
import { useStartTotpEnrolment } from '../api/start-totp-enrolment';
import { ZConfirmTotpForm } from '../two-factor-schema';

export function TotpEnrolment({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTotpEnrolment();
  if (!start.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('twoFactor.off')}</Text>
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending}
          leftSection={<IconShieldPlus size={18} aria-hidden />}
          data-testid="totp-start"
        >
          {t('twoFactor.enrol.start')}
        </Button>
      </Stack>
    );
  }
  return <EnrolmentSteps enrolment={start.data} onConfirmed={onConfirmed} />;
}

function EnrolmentSteps({ enrolment, onConfirmed }: { enrolment: TStartTotpEnrolmentResponse; onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const form = useZodForm(ZConfirmTotpForm, { code: '' });
  const confirm = useConfirmTotp(onConfirmed);
  const submit = form.handleSubmit((request) => confirm.mutate(request));
  return (
    <Stack gap="md">
      <Text size="sm">{t('twoFactor.enrol.scan')}</Text>
      <Image src={enrolment.qrCodeDataUrl} alt={t('twoFactor.enrol.qrAlt')} w={200} h={200} fit="contain" data-testid="totp-qr" />
      <Stack gap={4}>
        <Text size="sm">{t('twoFactor.enrol.secretLead')}</Text>
        <Code fz="md" data-testid="totp-secret" aria-label={t('twoFactor.enrol.secretLabel')}>
          {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
        </Code>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('twoFactor.enrol.confirmLabel')}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('twoFactor.enrol.code')}
            description={t('twoFactor.enrol.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            style={{ flex: '0 1 260px' }}
            data-testid="totp-confirm-code"
            {...form.inputProps('code')}
          />
          <Button type="submit" mt={{ base: 0, sm: 46 }} loading={confirm.isPending} data-testid="totp-confirm">
            {t('twoFactor.enrol.confirm')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
