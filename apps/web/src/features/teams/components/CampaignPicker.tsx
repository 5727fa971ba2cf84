// Chooses the repeated measurement (campaign) whose teams are shown, and starts a new one.
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZCreateRepeatedMeasurementRequest, type TRepeatedMeasurement } from '@bq/contracts/repeated-measurements';
import { showSuccess } from '../../../lib/notify';
import { useZodForm } from '../../../lib/zod-form';
import { useCreateCampaign } from '../api/create-campaign';

const ZName = ZCreateRepeatedMeasurementRequest.pick({ name: true });

interface CampaignPickerProps {
  productConfigurationId: string;
  campaigns: TRepeatedMeasurement[];
  value: string | null;
  onChange: (id: string) => void;
  canCreate: boolean;
}

export function CampaignPicker({ productConfigurationId, campaigns, value, onChange, canCreate }: CampaignPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useZodForm(ZName, { name: '' });
  const create = useCreateCampaign(productConfigurationId);
  const submit = form.handleSubmit(({ name }) =>
    create.mutate(
      { productConfigurationId, name },
      {
        onSuccess: (campaign) => {
          showSuccess(t('repeatedMeasurement.created', { name: campaign.name }));
          form.reset();
          setOpen(false);
          onChange(campaign.id);
        },
      },
    ),
  );
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('repeatedMeasurement.pick')}
        data={campaigns.map((c) => ({ value: c.id, label: c.name }))}
        value={value}
        onChange={(id) => id && onChange(id)}
        allowDeselect={false}
        w={320}
        data-testid="campaign-select"
      />
      {canCreate ? (
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen(true)} data-testid="campaign-new">
          {t('repeatedMeasurement.new')}
        </Button>
      ) : null}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('repeatedMeasurement.new')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label={t('repeatedMeasurement.name')} data-autofocus {...form.inputProps('name')} data-testid="campaign-name" />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="campaign-create">
                {t('repeatedMeasurement.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}
