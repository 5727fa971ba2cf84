// One click from the client list to a client's latest finished result: its dashboard (a locked one shows the
// unlock panel there). The link says "Result of <date>" (with a lock while locked); its accessible name says whose
// result, from when, and whether it is still locked. Nothing when there is no result yet.
import { Anchor, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientListItem } from '@bq/contracts/clients';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { useFormat } from '../../../lib/formats';
import { clientDisplayName } from '../../../lib/client-display-name';

export function LatestResultLink({
  client,
  productType,
  testId = 'client-row-result',
}: {
  client: TClientListItem;
  productType: ProductType;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  const result = client.latestResult;
  if (!result) return null;
  const date = formatDate(result.finishedAt);
  const locked = result.lockStatus === 'LOCKED';
  const label = t(locked ? 'clients.list.result.openLockedLabel' : 'clients.list.result.openLabel', {
    name: clientDisplayName(client),
    date,
  });
  return (
    <Anchor
      component={AppLink}
      to={`/${productType}/client/${client.token}/dashboard/${result.token}`}
      size="sm"
      aria-label={label}
      title={label}
      style={{ whiteSpace: 'nowrap' }}
      data-testid={testId}
      data-lock-status={result.lockStatus}
    >
      <Group gap={4} wrap="nowrap" component="span">
        {locked ? <IconLock size={14} aria-hidden /> : null}
        {t('clients.list.result.link', { date })}
      </Group>
    </Anchor>
  );
}
