// The second step of sign-in on the light page: the authenticator app's six-digit code or (switchable) a recovery
// code, or a passkey. Checked as the contract's code schemas check them; after five minutes the pending sign-in is
// gone (error.two_factor.sign_in_expired) and the page goes back to the password.
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTexts } from '../../../participant/texts';
import { Field } from './Field';
import { PasskeyButton } from './PasskeyButton';
import { loginSecondFactor } from './sign-in-api';
import { continueSignedIn } from './sign-in-outcome';
import classes from './sign-in.module.css';

const EXPIRED = 'error.two_factor.sign_in_expired';
const CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[a-z0-9]{10}$/;

interface SecondFactorStepProps {
  onError: (error: unknown, fallbackKey?: string) => void;
  onRestart: () => void;
}

export function SecondFactorStep({ onError, onRestart }: SecondFactorStepProps) {
  const { t } = useTexts();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = recovery ? value.replace(/[\s-]+/g, '').toLowerCase() : value.replace(/\s+/g, '');
    if (!code) return setInvalid(t('validation.required'));
    if (recovery ? !RECOVERY_CODE.test(code) : !CODE.test(code))
      return setInvalid(t(recovery ? 'ERROR_VALIDATION_RECOVERY_CODE' : 'ERROR_VALIDATION_TOTP_CODE'));
    setInvalid(null);
    setPending(true);
    loginSecondFactor(recovery ? { recoveryCode: code } : { code }).then(
      (answer) => continueSignedIn(answer.redirectUrl),
      (error: unknown) => {
        setPending(false);
        onError(error);
        if (error instanceof ApiError && error.errorKey === EXPIRED) onRestart();
      },
    );
  };
  const switchKind = () => {
    setRecovery(!recovery);
    setValue('');
    setInvalid(null);
  };
  return (
    <div className={classes.form}>
      <p id="second-factor-lead">{recovery ? t('login.secondFactor.recoveryLead') : t('login.secondFactor.lead')}</p>
      <form onSubmit={submit} noValidate aria-label={t('login.secondFactor.formLabel')} className={classes.form}>
        <Field
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? t('login.secondFactor.recoveryCode') : t('login.secondFactor.code')}
          {...(recovery
            ? { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 40, 'data-testid': 'second-factor-recovery-code' }
            : { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 20, 'data-testid': 'second-factor-code' })}
          autoFocus
          value={value}
          error={invalid}
          describedBy="second-factor-lead"
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" className={`p-button ${classes.wide}`} disabled={pending} aria-busy={pending || undefined}>
          {t('login.secondFactor.submit')}
        </button>
      </form>
      <PasskeyButton step="second_factor" label={t('login.secondFactor.usePasskey')} onError={onError} onRestart={onRestart} />
      <button type="button" className="p-link-button" onClick={switchKind} data-testid="second-factor-switch">
        {recovery ? t('login.secondFactor.useCode') : t('login.secondFactor.useRecoveryCode')}
      </button>
    </div>
  );
}
