// /settings/start-links: the account's public start links (docs/decisions/0092), for whoever manages the account's
// users: switch them all off at once, make one per product, copy its address or embed code, switch it off, list the sites that may embed it.
import { useState } from 'react';
import { Button, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TYPE_INFO } from '@bq/domain/product-types';
import { ErrorState } from '../../../components/ui/ErrorState';
import { SettingsSection } from '../../../components/ui/SettingsSection';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { showApiError } from '../../../lib/notify';
import { useCreatePublicLink } from '../api/create-public-link';
import { usePublicLinks } from '../api/list-public-links';
import { AccountSwitch } from '../components/AccountSwitch';
import { PublicLinkCard } from '../components/PublicLinkCard';

function CreateLink() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [configId, setConfigId] = useState(user.products[0]?.id ?? '');
  const create = useCreatePublicLink();
  if (user.products.length === 0) return null;
  return (
    <Group align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('publicLinks.product')}
        data={user.products.map((p) => ({ value: p.id, label: t(PRODUCT_TYPE_INFO[p.productType].nameKey) }))}
        value={configId}
        onChange={(event) => setConfigId(event.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
      />
      <Button leftSection={<IconPlus size={18} aria-hidden />} loading={create.isPending} onClick={() => create.mutate({ productConfigurationId: configId }, { onError: (error) => showApiError(error) })}>
        {t('publicLinks.create')}
      </Button>
    </Group>
  );
}

export function PublicLinksSettingsPage() {
  const { t } = useTranslation();
  const links = usePublicLinks();
  return (
    <SettingsSection title={t('page.settingsPublicLinks.title')} description={t('publicLinks.lead')}>
      <Stack gap="lg">
        <AccountSwitch />
        <CreateLink />
        {links.isPending ? (
          <Skeleton height={240} />
        ) : links.isError ? (
          <ErrorState title={t('publicLinks.errorTitle')} message={t('publicLinks.errorText')} onRetry={() => void links.refetch()} />
        ) : links.data.links.length === 0 ? (
          <Text c="dimmed">{t('publicLinks.empty')}</Text>
        ) : (
          links.data.links.map((link) => <PublicLinkCard key={link.publicId} link={link} />)
        )}
      </Stack>
    </SettingsSection>
  );
}
