// Settings > Single sign-on, for the account admin (docs/decisions/0046): the provider's issuer, client id and secret
// (never shown again once saved), the account's e-mail domains with their confirmation, sign-on required and the
// break-glass admin. The redirect URI to register at the provider is shown to copy.
import { useEffect, useState } from 'react';
import { Badge, Button, Code, Group, PasswordInput, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSsoSettingsResponse } from '@bq/contracts/sso';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateSsoSettings } from '../api/sso-settings';

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

export function SsoSettingsForm({ settings }: { settings: TSsoSettingsResponse }) {
  const { t } = useTranslation();
  const update = useUpdateSsoSettings();
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState('');
  const [signOnRequired, setSignOnRequired] = useState(false);
  const [breakGlassEmail, setBreakGlassEmail] = useState('');
  // The form starts from what is saved, and again after each save (the secret field empties).
  useEffect(() => {
    setIssuer(settings.issuer ?? '');
    setClientId(settings.clientId ?? '');
    setClientSecret('');
    setDomains(settings.domains.map((d) => d.domain).join('\n'));
    setSignOnRequired(settings.signOnRequired);
    setBreakGlassEmail(settings.breakGlassEmail ?? '');
  }, [settings]);

  const save = () =>
    update.mutate(
      {
        issuer: issuer.trim(),
        clientId: clientId.trim(),
        clientSecret: clientSecret || null,
        domains: splitDomains(domains),
        signOnRequired,
        breakGlassEmail: breakGlassEmail.trim() || null,
      },
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
      <Textarea
        label={t('sso.settings.domains')}
        description={t('sso.settings.domainsHint')}
        value={domains}
        onChange={(e) => setDomains(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {settings.domains.length ? (
        <Group gap="xs" data-testid="sso-domain-status">
          {settings.domains.map((d) => (
            <Badge key={d.domain} color={d.confirmedAt ? 'green' : 'yellow'} variant="light" tt="none">
              {d.domain}: {d.confirmedAt ? t('sso.settings.domainConfirmed') : t('sso.settings.domainWaiting')}
            </Badge>
          ))}
        </Group>
      ) : null}
      <Switch
        checked={signOnRequired}
        onChange={(e) => setSignOnRequired(e.currentTarget.checked)}
        label={t('sso.settings.signOnRequired')}
        description={t('sso.settings.signOnRequiredHint')}
      />
      <TextInput
        label={t('sso.settings.breakGlass')}
        description={t('sso.settings.breakGlassHint')}
        type="email"
        value={breakGlassEmail}
        onChange={(e) => setBreakGlassEmail(e.currentTarget.value)}
      />
      <Group>
        <Button onClick={save} loading={update.isPending} data-testid="sso-settings-save">
          {t('sso.settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
