// Settings > Single sign-on, for the account admin (docs/decisions/0046): the provider's issuer, client id and secret
// (never shown again once saved), the account's e-mail domains with their confirmation, sign-on required and the
// break-glass admin. The redirect URI to register at the provider is shown to copy.
import { useEffect, useState } from 'react';
import { Button, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSsoSettingsResponse } from '@bq/contracts/sso';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateSsoSettings } from '../api/sso-settings';
import { SignInRulesFields, rulesOf, rulesRequest } from './SignInRulesFields';

export function SsoSettingsForm({ settings }: { settings: TSsoSettingsResponse }) {
  const { t } = useTranslation();
  const update = useUpdateSsoSettings();
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [rules, setRules] = useState(() => rulesOf(settings));
  // The form starts from what is saved, and again after each save (the secret field empties).
  useEffect(() => {
    setIssuer(settings.issuer ?? '');
    setClientId(settings.clientId ?? '');
    setClientSecret('');
    setRules(rulesOf(settings));
  }, [settings]);

  const save = () =>
    update.mutate(
      { issuer: issuer.trim(), clientId: clientId.trim(), clientSecret: clientSecret || null, ...rulesRequest(rules) },
      { onSuccess: () => showSuccess(t('sso.settings.saved')), onError: (error) => showApiError(error) },
    );

  return (
    <Stack gap="md" data-testid="sso-settings">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('sso.settings.redirectUri')}
        </Text>
        <Code data-testid="sso-redirect-uri">{settings.redirectUri}</Code>
      </Stack>
      <TextInput label={t('sso.settings.issuer')} description={t('sso.settings.issuerHint')} value={issuer} onChange={(e) => setIssuer(e.currentTarget.value)} required />
      <TextInput label={t('sso.settings.clientId')} value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} required />
      <PasswordInput
        label={t('sso.settings.clientSecret')}
        description={settings.clientSecretSet ? t('sso.settings.clientSecretKept') : undefined}
        value={clientSecret}
        onChange={(e) => setClientSecret(e.currentTarget.value)}
        autoComplete="off"
      />
      <SignInRulesFields settings={settings} rules={rules} onChange={setRules} />
      <Group>
        <Button onClick={save} loading={update.isPending} data-testid="sso-settings-save">
          {t('sso.settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
