// /login/sso: where the account's identity provider sends the browser back (the redirect URI to register there). The
// page removes the answer from the address bar, hands it to the API (which checks it against the bq_sso cookie) and
// continues where the answer says, or to the second factor. A SAML provider posts to the ACS instead, which sends the
// browser here only with its verdict: ?samlError=<errorKey> or ?secondFactor=1 (docs/decisions/0050).
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppLink } from '../../../components/ui/AppLink';
import { useAppNavigate } from '../../../lib/navigation';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/notify';
import { useFinishSsoSignIn } from '../api/sso-sign-in';

export function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const finish = useFinishSsoSignIn();
  const [problem, setProblem] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = window.location.search;
    // The code must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const params = new URLSearchParams(query);
    const samlError = params.get('samlError');
    if (samlError) {
      setProblem(new ApiError(401, { errorKey: samlError, message: samlError }));
      return;
    }
    if (params.get('secondFactor') === '1') {
      navigate('/login', { replace: true, state: { secondFactor: true } });
      return;
    }
    finish.mutate(query || '?', {
      onSuccess: (response) => {
        if ('secondFactorRequired' in response) navigate('/login', { replace: true, state: { secondFactor: true } });
        else navigate(safeRedirectPath(response.redirectUrl), { replace: true });
      },
      onError: (error) => setProblem(error),
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- runs once: the answer is read and forgotten

  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
          <Stack gap="md">
            <Title order={1} fz="h3">
              {t('sso.callback.title')}
            </Title>
            {problem ? (
              <>
                <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="sso-callback-error">
                  {apiErrorMessage(problem)}
                </Alert>
                <Anchor component={AppLink} to="/login">
                  {t('sso.callback.backToLogin')}
                </Anchor>
              </>
            ) : (
              <Stack align="center" gap="sm" aria-live="polite">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t('sso.callback.working')}</Text>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
