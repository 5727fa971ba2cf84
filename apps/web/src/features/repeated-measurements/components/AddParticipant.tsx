// Adds a client of the product to the campaign: a new measurement (questionnaire) for them.
import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/notify';
import { useAddParticipant } from '../api/add-participant';
import { useProductClients } from '../api/search-clients';
import { clientDisplayName } from '../../../lib/client-display-name';

export function AddParticipant({ campaignId, productConfigurationId }: { campaignId: string; productConfigurationId: string }) {
  const { t } = useTranslation();
  const clients = useProductClients(productConfigurationId);
  const [token, setToken] = useState<string | null>(null);
  const add = useAddParticipant(campaignId);
  const data = (clients.data?.items ?? []).map((c) => ({ value: c.token, label: clientDisplayName(c) }));
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('repeatedMeasurement.addParticipant')}
        data={data}
        value={token}
        onChange={setToken}
        searchable
        w={320}
        nothingFoundMessage={t('teams.members.nothingFound')}
        data-testid="participant-pick"
      />
      <Button
        disabled={!token}
        loading={add.isPending}
        onClick={() =>
          token &&
          add.mutate(
            { userToken: token },
            { onSuccess: (r) => { showSuccess(t('repeatedMeasurement.participantAdded', { measurement: r.measurement })); setToken(null); } },
          )
        }
        data-testid="participant-add"
      >
        {t('repeatedMeasurement.addParticipantSubmit')}
      </Button>
    </Group>
  );
}
