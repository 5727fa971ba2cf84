// /login/google: where Google sends the browser back with the code (authorization code flow). Removes the answer
// from the address bar, signs in through the API (which checks the state against its cookie) and continues to the
// redirectUrl it answers.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppLink } from '../../../components/ui/AppLink';
import { useAppNavigate } from '../../../lib/navigation';
import { apiErrorMessage } from '../../../lib/notify';
import { useSignInWithGoogle } from '../api/sign-in-with-google';

export function GoogleCallbackPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const signIn = useSignInWithGoogle();
  // Kept as a key or the error itself and translated at render, so a language that loads late still applies.
  const [problem, setProblem] = useState<{ key: string } | { error: unknown } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = window.location.search;
    // The code must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    signIn.mutate(query || '?', {
      onSuccess: (response) => {
        // A second factor is next: the login page asks for it (the bq_2fa cookie holds where to go after).
        if ('secondFactorRequired' in response) {
          navigate('/login', { replace: true, state: { secondFactor: true } });
          return;
        }
        navigate(safeRedirectPath(response.redirectUrl), { replace: true });
      },
      onError: (error) => setProblem({ error }),
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- runs once: the answer is read and forgotten

  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
          <Stack gap="md">
            <Title order={1} fz="h3">
              {t('googleCallback.title')}
            </Title>
            {problem ? (
              <>
                <Alert
                  color="red"
                  icon={<IconAlertTriangle aria-hidden />}
                  role="alert"
                  data-testid="google-callback-error"
                >
                  {'key' in problem ? t(problem.key) : apiErrorMessage(problem.error)}
                </Alert>
                <Anchor component={AppLink} to="/login">
                  {t('googleCallback.backToLogin')}
                </Anchor>
              </>
            ) : (
              <Stack align="center" gap="sm" aria-live="polite">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t('googleCallback.working')}</Text>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
