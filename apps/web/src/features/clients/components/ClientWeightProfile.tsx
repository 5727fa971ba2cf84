// The client's weight (requirement) profile for this product: every result of the client then shows its fit.
// Shown to users with WEIGHT_MANAGEMENT/READ; changing it needs WEIGHT_MANAGEMENT/UPDATE.
import { Anchor, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@bq/domain/permissions';
import { PRODUCT_TYPE_INFO, type ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { showApiError, showSuccess } from '../../../lib/notify';
import {
  useAssignWeightProfile,
  useAssignedWeightProfile,
  useWeightProfileOptions,
} from '../api/client-weight-profile';

const NONE = '__none__';

export function ClientWeightProfile({
  productType,
  clientToken,
}: {
  productType: ProductType;
  clientToken: string;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const realm = PRODUCT_TYPE_INFO[productType].realm;
  const canRead = hasPermission(user.permissions, { realm, entity: 'WEIGHT_MANAGEMENT', action: 'READ' });
  const canUpdate = hasPermission(user.permissions, { realm, entity: 'WEIGHT_MANAGEMENT', action: 'UPDATE' });
  const assigned = useAssignedWeightProfile(productType, clientToken, canRead);
  const options = useWeightProfileOptions(productType, canRead);
  const assign = useAssignWeightProfile();
  if (!canRead) return null;
  const profiles = options.data?.profiles ?? [];
  const data = [
    { value: NONE, label: t('weights.assign.none') },
    ...profiles.map((p) => ({ value: p.id, label: p.name })),
  ];

  return (
    <Stack gap={4} data-testid="client-weight-profile">
      <Select
        label={t('weights.assign.label')}
        data={data}
        value={assigned.data?.profileId ?? NONE}
        disabled={!canUpdate || !assigned.data || assign.isPending}
        allowDeselect={false}
        w={260}
        onChange={(value) => {
          if (!value) return;
          assign.mutate(
            { userToken: clientToken, productType, profileId: value === NONE ? null : value },
            {
              onSuccess: (result) =>
                showSuccess(
                  result.profileName
                    ? t('weights.assign.done', { name: result.profileName })
                    : t('weights.assign.removed'),
                ),
              onError: (error) => showApiError(error),
            },
          );
        }}
        data-testid="client-weight-profile-select"
      />
      {options.data && profiles.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('weights.assign.noProfiles')}{' '}
          <Anchor component={AppLink} to={`/${productType}/weights`} size="xs" underline="always">
            {t('page.weights.title')}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
