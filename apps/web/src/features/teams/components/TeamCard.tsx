// One team: its members ("name, first name" with initials) with remove buttons, adding members, its dashboard and
// deleting it after a confirmation.
import { useState } from 'react';
import { ActionIcon, Avatar, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChartBar, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTeam } from '@bq/contracts/teams';
import { showSuccess } from '../../../lib/notify';
import { useDeleteTeam } from '../api/delete-team';
import { useAddTeamMembers, useRemoveTeamMember } from '../api/team-members';
import { MemberPicker } from './MemberPicker';

interface TeamCardProps {
  team: TTeam;
  productName: string;
  canUpdate: boolean;
  canDelete: boolean;
}

export function TeamCard({ team, productName, canUpdate, canDelete }: TeamCardProps) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<string[]>([]);
  const add = useAddTeamMembers(team);
  const remove = useRemoveTeamMember(team);
  const del = useDeleteTeam(team.repeatedMeasurementId);
  const titleId = `team-${team.id}`;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('teams.delete.title', { name: team.name }),
      children: t('teams.delete.text'),
      labels: { confirm: t('teams.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'team-delete-confirm' },
      onConfirm: () => del.mutate(team.id, { onSuccess: () => showSuccess(t('teams.deleted', { name: team.name })) }),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId} data-testid="team-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id={titleId}>
            {team.name}
          </Title>
          <Group gap="xs">
            <Button
              component={Link}
              to={`/${productName}/teams/${team.id}/dashboard?campaign=${team.repeatedMeasurementId}`}
              variant="light"
              size="xs"
              leftSection={<IconChartBar size={16} aria-hidden />}
              data-testid="team-dashboard-link"
            >
              {t('teams.openDashboard')}
            </Button>
            {canDelete ? (
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} data-testid="team-delete">
                {t('teams.delete.button')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('teams.memberCount', { members: team.members.length })}
        </Text>
        {team.members.length > 0 ? (
          <List listStyleType="none" spacing={4} aria-label={t('teams.members.listLabel', { name: team.name })}>
            {team.members.map((m) => (
              <List.Item key={m.token}>
                <Group gap="xs" wrap="nowrap">
                  <Avatar size="sm" radius="xl" color="blue" aria-hidden>
                    {m.initials}
                  </Avatar>
                  <Text size="sm">{m.fullName}</Text>
                  {canUpdate ? (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={t('teams.members.remove', { name: m.fullName })}
                      onClick={() => remove.mutate(m.token)}
                    >
                      <IconX size={14} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
        ) : null}
        {canUpdate ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <MemberPicker
              productConfigurationId={team.productConfigurationId}
              value={adding}
              onChange={setAdding}
              exclude={team.members.map((m) => m.token)}
              label={t('teams.members.add')}
              testId="team-add-pick"
            />
            <Button
              variant="default"
              disabled={adding.length === 0}
              loading={add.isPending}
              onClick={() => add.mutate(adding, { onSuccess: () => setAdding([]) })}
              data-testid="team-add-submit"
            >
              {t('teams.members.addSubmit')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
