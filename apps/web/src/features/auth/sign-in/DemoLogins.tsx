// The demo logins of the embedded demo mode (only when the system config says demoMode); "Use" fills the form.
import { useTexts } from '../../../participant/texts';
import { DEMO_LOGINS, type DemoLogin } from '../demo-logins';
import classes from './sign-in.module.css';

export function DemoLogins({ onUse }: { onUse: (login: DemoLogin) => void }) {
  const { t } = useTexts();
  return (
    <section className={classes.demo} data-testid="demo-hint" aria-labelledby="demo-hint-title">
      <h2 id="demo-hint-title">{t('login.demo.title')}</h2>
      <p>{t('login.demo.text')}</p>
      {DEMO_LOGINS.map((login) => (
        <div key={login.email}>
          <div className={classes.demoLogin}>
            <span className={classes.strong}>{t(login.roleKey)}</span>
            <button
              type="button"
              className={`p-button p-button-default ${classes.small}`}
              onClick={() => onUse(login)}
              aria-label={t('login.demo.useAria', { role: t(login.roleKey) })}
            >
              {t('login.demo.use')}
            </button>
          </div>
          <code>{login.email}</code> <code>{login.password}</code>
        </div>
      ))}
    </section>
  );
}
