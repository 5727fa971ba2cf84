// The password policy as a live checklist under the field (spec section 5: length, upper case, lower case, digit,
// symbol), the same list and test ids as the evaluator app's PasswordHints; each line says in words whether it is met.
import { PASSWORD_MIN_LENGTH, checkPassword, type PasswordHint } from '@bq/domain/password-policy';
import { useTexts } from '../../../participant/texts';
import classes from './DemoPassword.module.css';

const HINT_ORDER: PasswordHint[] = ['length', 'upper', 'lower', 'digit', 'symbol'];

export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { t } = useTexts();
  const { hints } = checkPassword(password);
  return (
    <ul id={id} className={classes.hints} aria-label={t('settings.password.hints.label')} data-testid="password-hints">
      {HINT_ORDER.map((hint) => {
        const met = hints[hint];
        return (
          <li key={hint} className={met ? classes.met : undefined} data-testid={`password-hint-${hint}`} data-met={met ? 'true' : 'false'}>
            <span className={classes.mark} aria-hidden="true">{met ? '✓' : '○'}</span>
            {t(`settings.password.hints.${hint}`, { min: PASSWORD_MIN_LENGTH })}
            <span className={classes.visuallyHidden}>
              {' '}({met ? t('settings.password.hints.met') : t('settings.password.hints.notMet')})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
