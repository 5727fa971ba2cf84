// /demo/password-set/{instanceToken}: the demo participant chooses a password, becomes a self-service user and
// lands on their own result. 'email already exists' and 'no result yet' are said in words, with the way on.
import { useId } from 'react';
import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZDemoPasswordRequest } from '@bq/contracts/signup';
import { AppLink } from '../../../components/ui/AppLink';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PasswordHints } from '../../../components/ui/PasswordHints';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/notify';
import { useAppNavigate } from '../../../lib/navigation';
import { refineNewPassword } from '../../../lib/password-form';
import { useZodForm } from '../../../lib/zod-form';
import { useSetDemoPassword } from '../api/set-demo-password';

const ZDemoPasswordForm = ZDemoPasswordRequest.extend({ passwordRepeat: z.string() }).superRefine(refineNewPassword);

export function DemoPasswordSetPage() {
  const { t } = useTranslation();
  const { instanceToken = '' } = useParams();
  const navigate = useAppNavigate();
  const hintsId = useId();
  const form = useZodForm(ZDemoPasswordForm, { password: '', passwordRepeat: '' });
  const setPassword = useSetDemoPassword(instanceToken);
  const exists = setPassword.error instanceof ApiError && setPassword.error.errorKey === 'error.email.already_exists';

  return (
    <Stack gap={0} maw={640}>
      <PageHeader title={t('page.demoPassword.title')} description={t('demoPassword.lead')} />
      <Paper withBorder radius="md" p="xl">
        <form
          noValidate
          aria-label={t('page.demoPassword.title')}
          onSubmit={form.handleSubmit(({ password }) =>
            setPassword.mutate(password, { onSuccess: (response) => navigate(response.redirectUrl, { replace: true }) }),
          )}
        >
          <Stack gap="md" maw={440}>
            <Stack gap="xs">
              <PasswordInput label={t('signup.password')} autoComplete="new-password" required {...form.inputProps('password', { describedBy: hintsId })} />
              <PasswordHints id={hintsId} password={form.values.password} />
            </Stack>
            <PasswordInput label={t('signup.passwordRepeat')} autoComplete="new-password" required {...form.inputProps('passwordRepeat')} />
            {setPassword.error ? (
              <Alert color={exists ? 'blue' : 'red'} variant="light" role="alert" data-testid="demo-password-error">
                <Stack gap="xs">
                  <Text size="sm">{apiErrorMessage(setPassword.error)}</Text>
                  {exists ? (
                    <Text size="sm">
                      <Anchor component={AppLink} to="/login">
                        {t('signup.toLogin')}
                      </Anchor>
                      {' · '}
                      <Anchor component={AppLink} to="/password/recovery">
                        {t('login.forgotPassword')}
                      </Anchor>
                    </Text>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={setPassword.isPending} leftSection={<IconKey size={18} aria-hidden />}>
                {t('demoPassword.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
