// Settings > Branding, the firm's look (docs/decisions/0055): name, address, footer line, the two colours with the
// WCAG AA check shown while choosing (the server refuses the same), the logo with its preview, and the firm's reply
// address for client mails without an active adviser (docs/decisions/0083), checked with the contract's rule.
import { useEffect, useState } from 'react';
import { Button, ColorInput, FileButton, Group, Image, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZFirmReplyTo, type TBranding } from '@bq/contracts/branding';
import { HEX_COLOR, passesTextContrast } from '@bq/domain/contrast';
import { showApiError, showSuccess } from '../../../lib/notify';
import { errorKeyMessage } from '../../../lib/zod-form';
import { useRemoveLogo, useUpdateBranding, useUploadLogo } from '../api/branding-settings';

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function BrandingForm({ branding }: { branding: TBranding }) {
  const { t } = useTranslation();
  const update = useUpdateBranding();
  const upload = useUploadLogo();
  const removeLogo = useRemoveLogo();
  const [firmName, setFirmName] = useState('');
  const [address, setAddress] = useState('');
  const [footerLine, setFooterLine] = useState('');
  const [primaryColor, setPrimaryColor] = useState('');
  const [accentColor, setAccentColor] = useState('');
  const [oneQuestionPerScreen, setOneQuestionPerScreen] = useState(true);
  const [replyTo, setReplyTo] = useState('');
  useEffect(() => {
    setFirmName(branding.firmName ?? '');
    setAddress(branding.address ?? '');
    setFooterLine(branding.footerLine ?? '');
    setPrimaryColor(branding.primaryColor ?? '');
    setAccentColor(branding.accentColor ?? '');
    setOneQuestionPerScreen(branding.oneQuestionPerScreen);
    setReplyTo(branding.replyTo ?? '');
  }, [branding]);

  const colourError = (value: string) =>
    value !== '' && HEX_COLOR.test(value) && !passesTextContrast(value) ? t('branding.settings.contrastTooLow') : undefined;

  const replyToProblem = replyTo.trim() === '' ? null : ZFirmReplyTo.safeParse(replyTo).error?.issues[0]?.message ?? null;
  const [replyToTouched, setReplyToTouched] = useState(false);

  const save = () => {
    setReplyToTouched(true);
    if (replyToProblem) return;
    update.mutate(
      {
        firmName: orNull(firmName),
        address: orNull(address),
        footerLine: orNull(footerLine),
        primaryColor: orNull(primaryColor),
        accentColor: orNull(accentColor),
        oneQuestionPerScreen,
        replyTo: orNull(replyTo),
      },
      { onSuccess: () => showSuccess(t('branding.settings.saved')), onError: (error) => showApiError(error) },
    );
  };

  return (
    <Stack gap="md" data-testid="branding-settings">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('branding.settings.logo')}
        </Text>
        {branding.logoUrl ? <Image src={branding.logoUrl} alt={t('branding.settings.logoAlt')} h={48} w="auto" fit="contain" data-testid="branding-logo-preview" /> : null}
        <Group gap="sm">
          <FileButton
            accept="image/png,image/svg+xml"
            onChange={(file) =>
              file &&
              upload.mutate(file, { onSuccess: () => showSuccess(t('branding.settings.logoUploaded')), onError: (error) => showApiError(error) })
            }
          >
            {(props) => (
              <Button variant="default" loading={upload.isPending} {...props} data-testid="branding-logo-upload">
                {t('branding.settings.logo')}
              </Button>
            )}
          </FileButton>
          {branding.logoUrl ? (
            <Button variant="subtle" color="red" loading={removeLogo.isPending} onClick={() => removeLogo.mutate(undefined, { onError: (error) => showApiError(error) })}>
              {t('branding.settings.logoRemove')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <TextInput label={t('branding.settings.firmName')} value={firmName} onChange={(e) => setFirmName(e.currentTarget.value)} maxLength={120} />
      <Textarea label={t('branding.settings.address')} value={address} onChange={(e) => setAddress(e.currentTarget.value)} autosize minRows={2} maxLength={500} />
      <TextInput label={t('branding.settings.footerLine')} value={footerLine} onChange={(e) => setFooterLine(e.currentTarget.value)} maxLength={200} />
      <ColorInput
        label={t('branding.settings.primaryColor')}
        description={t('branding.settings.colorHint')}
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': t('branding.settings.pickFromScreen', { field: t('branding.settings.primaryColor') }) }}
        value={primaryColor}
        onChange={setPrimaryColor}
        error={colourError(primaryColor)}
      />
      <ColorInput
        label={t('branding.settings.accentColor')}
        format="hex"
        eyeDropperButtonProps={{ 'aria-label': t('branding.settings.pickFromScreen', { field: t('branding.settings.accentColor') }) }}
        value={accentColor} onChange={setAccentColor} error={colourError(accentColor)} />
      <TextInput
        type="email"
        label={t('branding.settings.replyTo')}
        description={t('branding.settings.replyToHint')}
        value={replyTo}
        onChange={(e) => setReplyTo(e.currentTarget.value)}
        onBlur={() => setReplyToTouched(true)}
        error={replyToTouched && replyToProblem ? t(errorKeyMessage(replyToProblem).key) : undefined}
        maxLength={254}
        autoComplete="email"
        data-testid="branding-reply-to"
      />
      <Switch
        label={t('branding.settings.oneQuestionPerScreen')}
        description={t('branding.settings.oneQuestionPerScreenHint')}
        checked={oneQuestionPerScreen}
        onChange={(e) => setOneQuestionPerScreen(e.currentTarget.checked)}
        data-testid="branding-one-question"
      />
      {branding.poweredByHidden ? <Text size="sm">{t('branding.settings.poweredByHidden')}</Text> : null}
      {branding.hosts.length > 0 ? (
        <Text size="sm">
          {t('branding.settings.hosts')}: {branding.hosts.join(', ')}
        </Text>
      ) : null}
      <Group>
        <Button onClick={save} loading={update.isPending} data-testid="branding-save">
          {t('branding.settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
