// Adds a client of the product to the campaign: a new measurement (questionnaire) for them. A client who has an open
// questionnaire of the product sent outside the campaign gets no second one without a word: the server refuses, the
// form names the open one and asks whether a second is meant, as the send dialog does (docs/decisions/0084).
import { useState } from 'react';
import { Button, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAlreadyOpenDetails } from '@bq/contracts/instances';
import type { ProductType } from '@bq/domain/product-types';
import { showSuccess } from '../../../lib/notify';
import { useAddParticipant } from '../api/add-participant';
import { useProductClients } from '../api/search-clients';
import { clientDisplayName } from '../../../lib/client-display-name';
import { alreadyOpenOf } from '../../clients/interactions/api/create-instance';
import { SecondOpenWarning } from '../../clients/interactions/components/SecondOpenWarning';

interface AddParticipantProps {
  campaignId: string;
  productConfigurationId: string;
  productType: ProductType;
}

export function AddParticipant({ campaignId, productConfigurationId, productType }: AddParticipantProps) {
  const { t } = useTranslation();
  const clients = useProductClients(productConfigurationId);
  const [token, setToken] = useState<string | null>(null);
  // Set when the server named an open questionnaire of the chosen client: the next click says a second one is meant.
  const [secondOpen, setSecondOpen] = useState<TAlreadyOpenDetails | null>(null);
  const add = useAddParticipant(campaignId);
  const items = clients.data?.items ?? [];
  const data = items.map((c) => ({ value: c.token, label: clientDisplayName(c) }));
  const chosen = items.find((c) => c.token === token);
  const pick = (next: string | null) => {
    setToken(next);
    setSecondOpen(null);
  };
  const submit = () =>
    token &&
    add.mutate(
      { userToken: token, allowSecondOpen: secondOpen !== null },
      {
        onSuccess: (r) => {
          showSuccess(t('repeatedMeasurement.participantAdded', { measurement: r.measurement }));
          pick(null);
        },
        onError: (error) => setSecondOpen(alreadyOpenOf(error)),
      },
    );
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('repeatedMeasurement.addParticipant')}
          data={data}
          value={token}
          onChange={pick}
          searchable
          w={320}
          maw="100%"
          nothingFoundMessage={t('teams.members.nothingFound')}
          data-testid="participant-pick"
        />
        <Button disabled={!token} loading={add.isPending} onClick={submit} data-testid="participant-add">
          {secondOpen ? t('repeatedMeasurement.addSecondOpen') : t('repeatedMeasurement.addParticipantSubmit')}
        </Button>
        {secondOpen ? (
          <Button variant="default" onClick={() => pick(null)} data-testid="participant-add-cancel">
            {t('common.cancel')}
          </Button>
        ) : null}
      </Group>
      {secondOpen && chosen ? (
        <SecondOpenWarning
          open={secondOpen}
          clientName={clientDisplayName(chosen)}
          href={`/${productType}/client/${chosen.token}/interaction/${secondOpen.openInstanceToken}`}
          onLeave={() => undefined}
          explainKey="repeatedMeasurement.secondOpenExplain"
        />
      ) : null}
    </Stack>
  );
}
