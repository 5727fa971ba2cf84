// Where a sign-in provider (Google, the account's OpenID Connect or SAML provider) sends the browser back: the page
// removes the answer from the address bar, hands it to the API once and continues where the API says, or to the
// second factor on the sign-in page (`/login?secondFactor=1`); a refusal shows its message with the way back to the login page.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppLink } from '../../../components/ui/AppLink';
import { documentNavigation } from '../../../lib/document-navigation';
import { useAppNavigate } from '../../../lib/navigation';
import { apiErrorMessage } from '../../../lib/notify';

export type SignInAnswer = { secondFactorRequired: true } | { redirectUrl: string };
/** What the server already put into the address (SAML's ACS answers the browser with its verdict). */
export type CallbackVerdict = { secondFactor: true } | { problem: unknown } | null;

interface SignInCallbackProps {
  /** Translation keys of the page's title, the waiting line and the link back to the login page. */
  texts: { title: string; working: string; backToLogin: string };
  errorTestId: string;
  /** Sends the provider's answer (the address's query) to the API. */
  finish: (query: string) => Promise<SignInAnswer>;
  verdict?: (params: URLSearchParams) => CallbackVerdict;
}

export function SignInCallback({ texts, errorTestId, finish, verdict }: SignInCallbackProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  // The error itself, translated at render, so a language that loads late still applies.
  const [problem, setProblem] = useState<{ error: unknown } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = window.location.search;
    // The code must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // The sign-in page is a page of its own entry (docs/decisions/0085): a document load, told to ask for the code.
    const toSecondFactor = () => documentNavigation.replace('/login?secondFactor=1');
    const known = verdict?.(new URLSearchParams(query)) ?? null;
    if (known) {
      if ('problem' in known) setProblem({ error: known.problem });
      else toSecondFactor();
      return;
    }
    finish(query || '?').then(
      (answer) => ('secondFactorRequired' in answer ? toSecondFactor() : navigate(safeRedirectPath(answer.redirectUrl), { replace: true })),
      (error: unknown) => setProblem({ error }),
    );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- runs once: the answer is read and forgotten

  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
          <Stack gap="md">
            <Title order={1} fz="h3">
              {t(texts.title)}
            </Title>
            {problem ? (
              <>
                <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid={errorTestId}>
                  {apiErrorMessage(problem.error)}
                </Alert>
                <Anchor component={AppLink} to="/login">
                  {t(texts.backToLogin)}
                </Anchor>
              </>
            ) : (
              <Stack align="center" gap="sm" aria-live="polite">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t(texts.working)}</Text>
              </Stack>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
