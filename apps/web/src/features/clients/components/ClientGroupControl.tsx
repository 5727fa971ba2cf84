// Changes a client's group (Prospect / Established) at once with PATCH /api/admin/bq_user; read-only without
// UPDATE permission. The control shows the saved group, so a failed change snaps back.
import { useId } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TClient } from '@bq/contracts/clients';
import { CLIENT_GROUPS } from '@bq/domain/client-rules';
import { showSuccess } from '../../../lib/notify';
import { useUpdateClient } from '../api/update-client';
import { clientUpdateRequest } from '../client-form-schema';
import { clientDisplayName } from '../../../lib/client-display-name';

export function ClientGroupControl({ client, canUpdate }: { client: TClient; canUpdate: boolean }) {
  const { t } = useTranslation();
  const labelId = useId();
  const update = useUpdateClient();
  // While saving, show the chosen group; afterwards the saved one.
  const shown = update.isPending ? (update.variables?.group ?? client.group) : client.group;

  const change = (value: string) => {
    const group = CLIENT_GROUPS.find((candidate) => candidate === value);
    if (!group || group === client.group) return;
    update.mutate(clientUpdateRequest(client, { group }), {
      onSuccess: (saved) =>
        showSuccess(
          t('clients.view.groupChanged', {
            name: clientDisplayName(saved),
            group: t(`clientGroup.${saved.group}`),
          }),
        ),
    });
  };

  return (
    <Stack gap={4}>
      {/* Styled like the other details of the client view's head. */}
      <Text component="span" size="xs" c="dimmed" tt="uppercase" fw={600} id={labelId}>
        {t('clients.view.group')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={shown}
        onChange={change}
        disabled={!canUpdate || update.isPending}
        data={CLIENT_GROUPS.map((group) => ({ value: group, label: t(`clientGroup.${group}`) }))}
        data-testid="client-group-control"
        data-group={client.group}
      />
    </Stack>
  );
}
