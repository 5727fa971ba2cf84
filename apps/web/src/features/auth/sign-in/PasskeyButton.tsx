// "Sign in with a passkey" (docs/decisions/0045) on the light sign-in page: without a password, or at the second step
// in place of the code. The browser library loads only on click (lib/passkey-ceremony). A closed prompt says so
// quietly; a refused passkey shows the server's reason.
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { isPasskeyCancelled } from '../../../lib/passkey-ceremony';
import { signInWithPasskey } from './sign-in-api';
import { continueSignedIn, redirectUrlOfPage } from './sign-in-outcome';
import classes from './sign-in.module.css';

interface PasskeyButtonProps {
  step: 'passwordless' | 'second_factor';
  label: string;
  onError: (error: unknown, fallbackKey?: string) => void;
  onRestart?: () => void;
}

export function PasskeyButton({ step, label, onError, onRestart }: PasskeyButtonProps) {
  const [pending, setPending] = useState(false);
  const start = () => {
    setPending(true);
    signInWithPasskey(step, redirectUrlOfPage()).then(
      (answer) => continueSignedIn(answer.redirectUrl),
      (error: unknown) => {
        setPending(false);
        if (error instanceof ApiError && error.errorKey === 'error.two_factor.sign_in_expired' && onRestart) onRestart();
        else onError(isPasskeyCancelled(error) ? null : error, isPasskeyCancelled(error) ? 'passkeys.cancelled' : undefined);
      },
    );
  };
  return (
    <button type="button" className={`p-button p-button-default ${classes.wide}`} onClick={start} disabled={pending} aria-busy={pending || undefined} data-testid={`passkey-sign-in-${step}`}>
      {label}
    </button>
  );
}
