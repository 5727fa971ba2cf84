// Live checklist of the password policy (spec section 5): length, upper case, lower case, digit, symbol.
import { Group, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, checkPassword, type PasswordHint } from '@bq/domain/password-policy';

const HINT_ORDER: PasswordHint[] = ['length', 'upper', 'lower', 'digit', 'symbol'];

export function PasswordHints({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const { hints } = checkPassword(password);
  return (
    <List
      id={id}
      spacing={4}
      size="sm"
      listStyleType="none"
      aria-label={t('settings.password.hints.label')}
      data-testid="password-hints"
    >
      {HINT_ORDER.map((hint) => {
        const met = hints[hint];
        return (
          <List.Item key={hint} data-testid={`password-hint-${hint}`} data-met={met ? 'true' : 'false'}>
            <Group gap={8} wrap="nowrap">
              <ThemeIcon
                size={18}
                radius="xl"
                variant={met ? 'filled' : 'light'}
                color={met ? 'green.8' : 'gray'}
                aria-hidden
              >
                {met ? <IconCheck size={12} stroke={3} /> : <IconCircleDashed size={12} />}
              </ThemeIcon>
              <Text size="sm" c={met ? 'green.9' : 'gray.7'}>
                {t(`settings.password.hints.${hint}`, { min: PASSWORD_MIN_LENGTH })}
                <VisuallyHidden>
                  {' '}
                  ({met ? t('settings.password.hints.met') : t('settings.password.hints.notMet')})
                </VisuallyHidden>
              </Text>
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
