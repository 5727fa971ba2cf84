// Settings > Single sign-on with SAML 2.0 (docs/decisions/0050): what to register at the provider (this account's
// entity id, reply URL and metadata), and the provider's entity id, SSO URL and signing certificate, with the same
// e-mail domains, sign-on required and break-glass admin as OpenID Connect.
import { useEffect, useState } from 'react';
import { Anchor, Button, Code, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSsoSettingsResponse } from '@bq/contracts/sso';
import { useFormat } from '../../../lib/formats';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateSamlSettings } from '../api/sso-settings';
import { SignInRulesFields, rulesOf, rulesRequest } from './SignInRulesFields';

function Copyable({ label, value, testId, link }: { label: string; value: string; testId: string; link?: boolean }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {link ? (
        <Anchor href={value} target="_blank" rel="noreferrer" size="sm" data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {value}
        </Anchor>
      ) : (
        <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
      )}
    </Stack>
  );
}

export function SamlSettingsForm({ settings }: { settings: TSsoSettingsResponse }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const update = useUpdateSamlSettings();
  const { saml } = settings;
  const [idpEntityId, setIdpEntityId] = useState('');
  const [ssoUrl, setSsoUrl] = useState('');
  const [idpCertificate, setIdpCertificate] = useState('');
  const [rules, setRules] = useState(() => rulesOf(settings));
  useEffect(() => {
    setIdpEntityId(settings.saml.idpEntityId ?? '');
    setSsoUrl(settings.saml.ssoUrl ?? '');
    setIdpCertificate(settings.saml.idpCertificate ?? '');
    setRules(rulesOf(settings));
  }, [settings]);

  const save = () =>
    update.mutate(
      { idpEntityId: idpEntityId.trim(), ssoUrl: ssoUrl.trim(), idpCertificate: idpCertificate.trim(), ...rulesRequest(rules) },
      { onSuccess: () => showSuccess(t('sso.settings.saved')), onError: (error) => showApiError(error) },
    );

  return (
    <Stack gap="md" data-testid="saml-settings">
      <Copyable label={t('sso.settings.samlSpEntityId')} value={saml.spEntityId} testId="saml-sp-entity-id" />
      <Copyable label={t('sso.settings.samlAcsUrl')} value={saml.acsUrl} testId="saml-acs-url" />
      <Copyable label={t('sso.settings.samlMetadataUrl')} value={saml.metadataUrl} testId="saml-metadata-url" link />
      <TextInput
        label={t('sso.settings.samlIdpEntityId')}
        description={t('sso.settings.samlIdpEntityIdHint')}
        value={idpEntityId}
        onChange={(e) => setIdpEntityId(e.currentTarget.value)}
        required
      />
      <TextInput label={t('sso.settings.samlSsoUrl')} value={ssoUrl} onChange={(e) => setSsoUrl(e.currentTarget.value)} required />
      <Textarea
        label={t('sso.settings.samlCertificate')}
        description={
          saml.certificateExpiresAt ? t('sso.settings.samlCertificateExpires', { date: formatDate(saml.certificateExpiresAt) }) : t('sso.settings.samlCertificateHint')
        }
        value={idpCertificate}
        onChange={(e) => setIdpCertificate(e.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={8}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        required
      />
      <SignInRulesFields settings={settings} rules={rules} onChange={setRules} />
      <Group>
        <Button onClick={save} loading={update.isPending} data-testid="saml-settings-save">
          {t('sso.settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
