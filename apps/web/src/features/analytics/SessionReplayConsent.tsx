// The consent banner for session-replay analytics: shown only when the server has it configured, the visitor has not
// chosen yet and the page is not one replay never runs on. Accept loads the recording; decline keeps it off; the
// choice is remembered in this browser. Entering an excluded page after the recording was loaded reloads the page,
// so the recording is not running there.
import { useEffect, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSystemConfig } from '../../lib/api/get-system-config';
import {
  isReplayExcludedPath,
  loadSessionReplay,
  readConsent,
  sessionReplayLoaded,
  writeConsent,
  type Consent,
} from './session-replay';

export function SessionReplayConsent() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: config } = useSystemConfig();
  const [consent, setConsent] = useState<Consent | null>(() => readConsent());
  const replay = config?.sessionReplay ?? null;
  const excluded = isReplayExcludedPath(pathname);

  useEffect(() => {
    if (!replay) return;
    if (excluded) {
      if (sessionReplayLoaded()) window.location.reload();
      return;
    }
    if (consent === 'granted') loadSessionReplay(replay);
  }, [replay, excluded, consent]);

  if (!replay || excluded || consent !== null) return null;
  const choose = (value: Consent) => {
    writeConsent(value);
    setConsent(value);
  };
  return (
    <Paper
      role="region"
      aria-label={t('analytics.consent.label')}
      withBorder
      shadow="md"
      p="md"
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 400,
        maxWidth: 560,
        marginInline: 'auto',
      }}
    >
      <Text size="sm" mb="sm">
        {t('analytics.consent.text')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => choose('denied')}>
          {t('analytics.consent.decline')}
        </Button>
        <Button onClick={() => choose('granted')}>{t('analytics.consent.accept')}</Button>
      </Group>
    </Paper>
  );
}
