// {productName}/teams/{teamId}/dashboard?campaign=: the team's mean and spread per dimension (chart and table) and
// its members; "too few to show" below the k-anonymity floor.
import { Alert, Avatar, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useLocale } from '../../../lib/i18n';
import { useTeamResult } from '../api/get-team-result';
import { TeamStatsFigure } from '../components/TeamStatsFigure';

export function TeamDashboardPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { teamId = '' } = useParams();
  const [params] = useSearchParams();
  const campaignId = params.get('campaign');
  const result = useTeamResult(teamId, campaignId, locale);

  if (!campaignId) {
    return (
      <>
        <PageHeader title={t('page.teamDashboard.title')} />
        <Alert color="yellow">{t('teams.dashboard.noCampaign')}</Alert>
      </>
    );
  }
  if (result.isLoading) return <Loader aria-label={t('common.loading')} />;
  if (result.isError || !result.data) {
    return (
      <>
        <PageHeader title={t('page.teamDashboard.title')} />
        <ErrorState title={t('teams.loadError')} message={t('teams.loadErrorText')} onRetry={() => void result.refetch()} />
      </>
    );
  }
  const data = result.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('teams.dashboard.title', { name: data.team.name })}
        description={t('teams.dashboard.lead', { campaign: data.repeatedMeasurementName, withResults: data.withResults, members: data.team.members.length })}
      />
      {data.lockedNotIncluded > 0 ? (
        <Text size="sm" c="dimmed" data-testid="team-locked-not-included">
          {t('teams.lockedNotIncluded', { count: data.lockedNotIncluded })}
        </Text>
      ) : null}
      {data.tooFewToShow ? (
        <Alert color="gray" title={t('teams.tooFewToShow')} data-testid="team-too-few">
          {t('teams.tooFewToShowText', { k: data.anonymityK })}
        </Alert>
      ) : (
        <TeamStatsFigure
          title={t('teams.dashboard.chartTitle')}
          dimensions={data.dimensions.map((d) => ({ key: d.key, name: d.name }))}
          teams={[{ id: data.team.id, name: data.team.name, dimensions: data.dimensions }]}
        />
      )}
      <Stack gap="xs" component="section" aria-labelledby="team-members-title">
        <Title order={2} fz="h4" id="team-members-title">
          {t('teams.dashboard.members')}
        </Title>
        {data.team.members.length === 0 ? <Text c="dimmed">{t('teams.dashboard.noMembers')}</Text> : null}
        <List listStyleType="none" spacing={4} data-testid="team-member-list">
          {data.team.members.map((m) => (
            <List.Item key={m.token}>
              <Group gap="xs">
                <Avatar size="sm" radius="xl" color="blue" aria-hidden>
                  {m.initials}
                </Avatar>
                <Text size="sm">{m.fullName}</Text>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
