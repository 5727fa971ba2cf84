// The breadcrumb entry of an interaction: "Questionnaire of <sent date>" once the instance is loaded (the page's
// own cache entry, so no second request), the generic "Interaction" until then or when it cannot be loaded.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/formats';
import { instanceQueryOptions } from '../api/get-instance';

export function InteractionCrumbLabel({ token, fallbackKey }: { token: string; fallbackKey: string }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const { data } = useQuery({ ...instanceQueryOptions(token), enabled: token !== '' });
  return <>{data ? t('interactions.crumb', { date: formatDate(data.createdAt) }) : t(fallbackKey)}</>;
}
