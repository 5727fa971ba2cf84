// "Sign in with a passkey" (docs/decisions/0045): on the login page without a password, or at the second step in
// place of the code. A closed prompt says so quietly; a refused passkey shows the server's reason.
import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { ApiError } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/navigation';
import { showApiError } from '../../../lib/notify';
import { isPasskeyCancelled } from '../../../lib/passkey-ceremony';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';

export function PasskeySignInButton({ step, label, onRestart }: { step: 'passwordless' | 'second_factor'; label: string; onRestart?: () => void }) {
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const signIn = useSignInWithPasskey();
  const start = () =>
    signIn.mutate(
      { step, redirectUrl: searchParams.get('redirectUrl') ?? undefined },
      {
        onSuccess: (response) => navigate(safeRedirectPath(response.redirectUrl), { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.errorKey === 'error.two_factor.sign_in_expired' && onRestart) onRestart();
          else showApiError(error, isPasskeyCancelled(error) ? { fallbackKey: 'passkeys.cancelled' } : {});
        },
      },
    );
  return (
    <Button variant="default" fullWidth onClick={start} loading={signIn.isPending} leftSection={<IconFingerprint size={18} aria-hidden />} data-testid={`passkey-sign-in-${step}`} >
      {label}
    </Button>
  );
}
