// /demo/password-set/{instanceToken} in the participant entry (docs/decisions/0054-participant-entry.md): the demo
// participant chooses a password, becomes a self-service user and lands on their own result (a full page load into
// the evaluator app). 'Email already exists' and 'no result yet' are said in words, with the way on. The visitor's
// browser language; plain elements and CSS, one POST, a lazy chunk.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { resolveLocale } from '@bq/domain/locales';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../participant/error-text';
import { addTextPrefixes, useTexts } from '../../../participant/texts';
import { QuestionnaireFrame } from '../../questionnaire/components/QuestionnaireFrame';
import { useQuestionnaireLocale } from '../../questionnaire/use-questionnaire-locale';
import { setDemoPassword } from '../api/set-demo-password';
import { demoPasswordErrors, type DemoPasswordField, type FieldMessage } from './demo-password-rules';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordField } from './PasswordField';
import classes from './DemoPassword.module.css';

addTextPrefixes(
  'page.demoPassword.title', 'demoPassword.', 'signup.password', 'signup.toLogin', 'login.forgotPassword',
  'settings.password.', 'validation.', 'ERROR_',
);

export function DemoPasswordSetPage({ instanceToken }: { instanceToken: string }) {
  const [locale] = useState(() => resolveLocale({ query: null, stored: null, browserLanguage: navigator.language }));
  const ready = useQuestionnaireLocale(locale);
  const texts = useTexts();
  const { t } = texts;
  const id = useId();
  const [values, setValues] = useState<Record<DemoPasswordField, string>>({ password: '', passwordRepeat: '' });
  // Messages show after the first submit, then follow every change (as the evaluator app's forms do).
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const errors = attempted ? demoPasswordErrors(values) : {};
  const message = (error: FieldMessage | undefined) => (error ? t(error.key, error.values) : undefined);
  const exists = serverError instanceof ApiError && serverError.errorKey === 'error.email.already_exists';

  useEffect(() => {
    if (ready) document.title = t('page.demoPassword.title');
  }, [ready, t]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setAttempted(true);
    if (Object.keys(demoPasswordErrors(values)).length > 0) {
      // Keyboard and screen-reader users land on the first problem.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setServerError(null);
    setPending(true);
    setDemoPassword(instanceToken, values.password).then(
      (response) => window.location.replace(response.redirectUrl),
      (error: unknown) => {
        setServerError(error);
        setPending(false);
      },
    );
  };

  if (!ready)
    return (
      <QuestionnaireFrame>
        <div className={classes.skeleton} role="status" aria-busy="true" data-testid="demo-password-loading" />
      </QuestionnaireFrame>
    );
  return (
    <QuestionnaireFrame>
      <div className={classes.page}>
        <h1>{t('page.demoPassword.title')}</h1>
        <p className={classes.lead}>{t('demoPassword.lead')}</p>
        <form className={classes.card} noValidate aria-label={t('page.demoPassword.title')} onSubmit={submit}>
          <PasswordField
            id={`${id}-password`}
            name="password"
            label={t('signup.password')}
            value={values.password}
            onChange={(password) => setValues((previous) => ({ ...previous, password }))}
            error={message(errors.password)}
            describedBy={`${id}-hints`}
          >
            <PasswordChecklist id={`${id}-hints`} password={values.password} />
          </PasswordField>
          <PasswordField
            id={`${id}-repeat`}
            name="passwordRepeat"
            label={t('signup.passwordRepeat')}
            value={values.passwordRepeat}
            onChange={(passwordRepeat) => setValues((previous) => ({ ...previous, passwordRepeat }))}
            error={message(errors.passwordRepeat)}
          />
          {serverError ? (
            <div className={exists ? classes.info : classes.alert} role="alert" data-testid="demo-password-error">
              <p>{errorText(texts, serverError)}</p>
              {exists ? (
                <p>
                  <a href="/login">{t('signup.toLogin')}</a>
                  {' · '}
                  <a href="/password/recovery">{t('login.forgotPassword')}</a>
                </p>
              ) : null}
            </div>
          ) : null}
          <button type="submit" className={classes.button} aria-busy={pending || undefined} data-loading={pending || undefined}>
            {t('demoPassword.submit')}
          </button>
        </form>
      </div>
    </QuestionnaireFrame>
  );
}
