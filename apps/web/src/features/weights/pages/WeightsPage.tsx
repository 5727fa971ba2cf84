// /{productName}/weights: the account's weight (requirement) profiles of the product: list, create, edit and
// delete (after a confirmation). Admin-only: WEIGHT_MANAGEMENT in the product's realm; without it, a notice.
import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPencil, IconPlus, IconScale, IconTrash } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TWeightProfile } from '@bq/contracts/weights';
import { isProductType, type ProductType } from '@bq/domain/product-types';
import { ErrorState } from '../../../components/ui/ErrorState';
import { NoticePanel } from '../../../components/ui/NoticePanel';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { hasProductPermission } from '../../../lib/product-access';
import { useLocale } from '../../../lib/i18n';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useDeleteWeightProfile } from '../api/delete-weight-profile';
import { useProductWeights } from '../api/get-product-weights';
import { useWeightProfiles } from '../api/get-weight-profiles';
import { useSaveWeightProfile } from '../api/save-weight-profile';
import { WeightProfileForm } from '../components/WeightProfileForm';

export function WeightsPage() {
  const { productName = '' } = useParams();
  const user = useSignedInUser();
  const { t } = useTranslation();
  if (!isProductType(productName)) return null;
  const allowed = hasProductPermission(user, productName, 'WEIGHT_MANAGEMENT', 'READ');
  return (
    <Stack gap="lg">
      <PageHeader title={t('page.weights.title')} description={t('weights.lead')} />
      {allowed ? (
        <WeightProfiles productType={productName} />
      ) : (
        <NoticePanel
          icon={<IconLock aria-hidden />}
          title={t('weights.noPermission.title')}
          text={t('weights.noPermission.text')}
          testId="weights-no-permission"
          headingOrder={2}
          centered={false}
        />
      )}
    </Stack>
  );
}

function WeightProfiles({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dimensions = useProductWeights(productType, locale);
  const profiles = useWeightProfiles(productType);
  const save = useSaveWeightProfile();
  const remove = useDeleteWeightProfile(productType);
  const [editing, setEditing] = useState<TWeightProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TWeightProfile | null>(null);

  if (dimensions.isError || profiles.isError) {
    return (
      <ErrorState
        title={t('weights.loadFailed')}
        message={t('clients.view.loadFailed.text')}
        onRetry={() => void Promise.all([dimensions.refetch(), profiles.refetch()])}
      />
    );
  }
  if (!dimensions.data || !profiles.data) {
    return (
      <Stack role="status" aria-label={t('common.loading')}>
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  }
  const nameOf = (key: string) => dimensions.data.dimensions.find((d) => d.key === key)?.name ?? key;
  const current = editing === 'new' ? null : editing;

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditing('new')}
          data-testid="weight-profile-create"
        >
          {t('weights.create')}
        </Button>
      </Group>
      {profiles.data.profiles.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="weights-empty">
          <Group gap="md" wrap="nowrap">
            <IconScale size={32} aria-hidden />
            <Stack gap={4}>
              <Text fw={600}>{t('weights.empty.title')}</Text>
              <Text size="sm">{t('weights.empty.text')}</Text>
            </Stack>
          </Group>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {profiles.data.profiles.map((profile) => (
            <Paper withBorder radius="md" p="lg" key={profile.id} data-testid="weight-profile-card">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={2} fz="h4">
                    {profile.name}
                  </Title>
                  <Badge variant="light">{t('weights.assigned', { count: profile.assignedClients })}</Badge>
                </Group>
                <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {profile.weights.map((w) => (
                    <Text component="li" size="sm" key={w.dimension}>
                      {t('weights.summary', {
                        dimension: nameOf(w.dimension),
                        weight: w.weight,
                        target: w.target,
                      })}
                    </Text>
                  ))}
                </Stack>
                <Group gap="sm">
                  <Button
                    variant="default"
                    size="compact-sm"
                    leftSection={<IconPencil size={16} aria-hidden />}
                    onClick={() => setEditing(profile)}
                    aria-label={t('weights.editNamed', { name: profile.name })}
                  >
                    {t('weights.edit')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setDeleting(profile)}
                    aria-label={t('weights.deleteNamed', { name: profile.name })}
                  >
                    {t('weights.delete')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t('weights.editTitle', { name: current.name }) : t('weights.create')}
        size="xl"
      >
        {editing !== null ? (
          <WeightProfileForm
            dimensions={dimensions.data}
            profile={current}
            pending={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await save.mutateAsync({ id: current?.id ?? null, productType, body });
              showSuccess(t('weights.saved', { name: body.name }));
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('weights.deleteTitle')}>
        <Stack gap="md">
          <Text>
            {t('weights.deleteConfirm', {
              name: deleting?.name ?? '',
              count: deleting?.assignedClients ?? 0,
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              data-testid="weight-profile-delete-confirm"
              onClick={() =>
                deleting &&
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    showSuccess(t('weights.deleted', { name: deleting.name }));
                    setDeleting(null);
                  },
                  onError: (error) => showApiError(error),
                })
              }
            >
              {t('weights.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
