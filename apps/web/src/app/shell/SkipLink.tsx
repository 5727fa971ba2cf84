// "Skip to content": the first tab stop, visible only when focused, jumps past header and navigation.
import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className={classes.link} href="#main-content">
      {t('shell.skipToContent')}
    </a>
  );
}
