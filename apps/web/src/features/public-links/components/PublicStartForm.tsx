// The start form of a public start link (docs/decisions/0092): name and e-mail checked with the contract's schema, the
// privacy notice confirmed, a field people never see (a bot that fills every field fills it too) and the server's
// signed form time sent back. The server refuses bots with one errorKey; the visitor reads its text beside the button.
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZPublicStartRequest, type TPublicStartInfo, type TPublicStartResponse } from '@bq/contracts/public-links';
import { useLocale } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/notify';
import { apiFieldErrors, useZodForm } from '../../../lib/zod-form';
import { useStartPublicLink } from '../api/start-public-link';

const FIELDS = ['firstName', 'lastName', 'email'] as const;
const schema = ZPublicStartRequest.pick({ firstName: true, lastName: true, email: true });

/** Off the screen rather than display:none, which some bots skip; out of the tab order and hidden from readers. */
const OFF_SCREEN = { position: 'absolute', left: -10000, top: 'auto', width: 1, height: 1, overflow: 'hidden' } as const;

export function PublicStartForm({ publicId, info, onSent }: { publicId: string; info: TPublicStartInfo; onSent: (sent: TPublicStartResponse) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useZodForm(schema, { firstName: '', lastName: '', email: '' });
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const [privacyMissing, setPrivacyMissing] = useState(false);
  const [website, setWebsite] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const start = useStartPublicLink(publicId);

  const submit = form.handleSubmit((fields) => {
    if (!privacyAccepted) {
      setPrivacyMissing(true);
      return;
    }
    setFailure(null);
    start.mutate(
      { ...fields, locale, privacyAccepted: true, website, formToken: info.formToken },
      {
        onSuccess: (sent) => onSent(sent),
        onError: (error) => {
          const fieldErrors = apiFieldErrors(error, FIELDS);
          if (Object.keys(fieldErrors).length > 0) form.setServerErrors(fieldErrors);
          else setFailure(apiErrorMessage(error));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('page.publicStart.title')}>
      <Stack gap="sm">
        <TextInput label={t('publicStart.firstName')} autoComplete="given-name" required {...form.inputProps('firstName')} />
        <TextInput label={t('publicStart.lastName')} autoComplete="family-name" required {...form.inputProps('lastName')} />
        <TextInput label={t('publicStart.email')} type="email" autoComplete="email" inputMode="email" required {...form.inputProps('email')} />
        <Box style={OFF_SCREEN} aria-hidden>
          <TextInput label={t('publicStart.website')} name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.currentTarget.value)} />
        </Box>
        <Checkbox
          label={t('publicStart.privacyAccepted')}
          checked={privacyAccepted}
          onChange={(event) => {
            setPrivacyAccepted(event.currentTarget.checked);
            setPrivacyMissing(false);
          }}
          error={privacyMissing ? t('validation.required') : undefined}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={start.isPending} leftSection={<IconMailForward size={18} aria-hidden />} fullWidth>
          {t('publicStart.submit')}
        </Button>
      </Stack>
    </form>
  );
}
