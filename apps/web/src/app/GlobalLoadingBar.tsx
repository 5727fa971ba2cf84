// The thin bar at the top while API calls run (the global counter, spec section 4) or a page chunk loads.
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGlobalLoading } from '../lib/loading-counter';
import classes from './GlobalLoadingBar.module.css';

export function GlobalLoadingBar() {
  const { t } = useTranslation();
  const apiBusy = useGlobalLoading();
  const navigation = useNavigation();
  if (!apiBusy && navigation.state === 'idle') return null;
  return (
    <div
      className={classes.root}
      role="progressbar"
      aria-busy="true"
      aria-label={t('common.loading')}
      data-testid="global-loading"
    >
      <div className={classes.bar} />
    </div>
  );
}
