// The sign-in rules both protocols share (docs/decisions/0046, 0050): the account's e-mail domains with their
// confirmation, sign-on required and the break-glass admin who keeps the password.
import { Badge, Group, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSsoSettingsResponse } from '@bq/contracts/sso';

export interface SignInRules {
  domains: string;
  signOnRequired: boolean;
  breakGlassEmail: string;
}

export const rulesOf = (settings: TSsoSettingsResponse): SignInRules => ({
  domains: settings.domains.map((d) => d.domain).join('\n'),
  signOnRequired: settings.signOnRequired,
  breakGlassEmail: settings.breakGlassEmail ?? '',
});

export const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/** The rules as the settings request carries them. */
export const rulesRequest = (rules: SignInRules) => ({
  domains: splitDomains(rules.domains),
  signOnRequired: rules.signOnRequired,
  breakGlassEmail: rules.breakGlassEmail.trim() || null,
});

export function SignInRulesFields({ settings, rules, onChange }: { settings: TSsoSettingsResponse; rules: SignInRules; onChange: (rules: SignInRules) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t('sso.settings.domains')}
        description={t('sso.settings.domainsHint')}
        value={rules.domains}
        onChange={(e) => onChange({ ...rules, domains: e.currentTarget.value })}
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
        checked={rules.signOnRequired}
        onChange={(e) => onChange({ ...rules, signOnRequired: e.currentTarget.checked })}
        label={t('sso.settings.signOnRequired')}
        description={t('sso.settings.signOnRequiredHint')}
      />
      <TextInput
        label={t('sso.settings.breakGlass')}
        description={t('sso.settings.breakGlassHint')}
        type="email"
        value={rules.breakGlassEmail}
        onChange={(e) => onChange({ ...rules, breakGlassEmail: e.currentTarget.value })}
      />
    </>
  );
}
