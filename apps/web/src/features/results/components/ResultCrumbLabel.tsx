// The breadcrumb entry of a result: "Result of <completed date>" once the dashboard is loaded (the page's own
// cache entry, so no second request), the generic "Result" until then or while it is locked or not ready.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';
import { dashboardQueryOptions } from '../api/get-dashboard';

export function ResultCrumbLabel({ token, fallbackKey }: { token: string; fallbackKey: string }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const { data } = useQuery({ ...dashboardQueryOptions(token), enabled: token !== '' });
  return (
    <>
      {data ? t('results.crumb', { date: formatDate(data.filledAt ?? data.calculatedAt) }) : t(fallbackKey)}
    </>
  );
}
