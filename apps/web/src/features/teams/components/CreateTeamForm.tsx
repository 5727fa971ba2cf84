// A new team in the campaign: its name and first members.
import { useState } from 'react';
import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZCreateTeamRequest } from '@bq/contracts/teams';
import { showSuccess } from '../../../lib/notify';
import { useZodForm } from '../../../lib/zod-form';
import { useCreateTeam } from '../api/create-team';
import { MemberPicker } from './MemberPicker';

const ZName = ZCreateTeamRequest.pick({ name: true });

export function CreateTeamForm({ repeatedMeasurementId, productConfigurationId }: { repeatedMeasurementId: string; productConfigurationId: string }) {
  const { t } = useTranslation();
  const form = useZodForm(ZName, { name: '' });
  const [members, setMembers] = useState<string[]>([]);
  const create = useCreateTeam(repeatedMeasurementId);
  const submit = form.handleSubmit(({ name }) =>
    create.mutate(
      { name, repeatedMeasurementId, userTokens: members },
      {
        onSuccess: (team) => {
          showSuccess(t('teams.created', { name: team.name }));
          form.reset();
          setMembers([]);
        },
      },
    ),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="create-team-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4" id="create-team-title">
            {t('teams.create.title')}
          </Title>
          <TextInput label={t('teams.create.name')} maw={520} {...form.inputProps('name')} data-testid="team-name" />
          <MemberPicker
            productConfigurationId={productConfigurationId}
            value={members}
            onChange={setMembers}
            label={t('teams.create.members')}
            testId="team-members-pick"
          />
          <Group>
            <Button type="submit" loading={create.isPending} data-testid="team-create">
              {t('teams.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
