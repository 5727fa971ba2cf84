// {productName}/teams: the teams of a repeated measurement (campaign): create, add and remove members, delete,
// open a team's dashboard; links to the comparison of teams and to the campaign's participants.
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsLeftRight, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useCampaigns } from '../api/get-campaigns';
import { useTeams } from '../api/get-teams';
import { CampaignPicker } from '../components/CampaignPicker';
import { CreateTeamForm } from '../components/CreateTeamForm';
import { TeamCard } from '../components/TeamCard';
import { useCampaignParam } from '../use-campaign-param';
import { useTeamProduct } from '../use-team-product';

export function TeamsPage() {
  const { t } = useTranslation();
  const product = useTeamProduct();
  const campaigns = useCampaigns(product?.configuration.id ?? '');
  const { campaignId, select } = useCampaignParam(campaigns.data);
  const teams = useTeams(campaignId);
  if (!product) return null;
  const { productType, configuration, may } = product;
  if (!may('TEAMS', 'READ')) {
    return (
      <>
        <PageHeader title={t('page.teams.title')} />
        <Alert color="yellow" title={t('teams.noPermission.title')}>
          {t('teams.noPermission.text')}
        </Alert>
      </>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        icon={<IconUsersGroup size={32} aria-hidden />}
        title={t('page.teams.title')}
        description={t('teams.lead')}
        actions={
          campaignId ? (
            <Group gap="sm">
              <Button component={Link} to={`/${productType}/teams/campaign/${campaignId}`} variant="default" data-testid="campaign-open">
                {t('repeatedMeasurement.open')}
              </Button>
              {may('TEAMS_COMPARISON', 'READ') ? (
                <Button
                  component={Link}
                  to={`/${productType}/teams/comparison?campaign=${campaignId}`}
                  leftSection={<IconArrowsLeftRight size={16} aria-hidden />}
                  data-testid="teams-compare-link"
                >
                  {t('teams.compare')}
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
      {campaigns.isLoading ? <Loader aria-label={t('common.loading')} /> : null}
      {campaigns.isError ? <ErrorState title={t('teams.loadError')} message={t('teams.loadErrorText')} onRetry={() => void campaigns.refetch()} /> : null}
      {campaigns.data ? (
        <CampaignPicker
          productConfigurationId={configuration.id}
          campaigns={campaigns.data}
          value={campaignId}
          onChange={select}
          canCreate={may('INTERACTION_INSTANCE', 'CREATE')}
        />
      ) : null}
      {campaigns.data && campaigns.data.length === 0 ? <Text c="dimmed">{t('repeatedMeasurement.empty')}</Text> : null}
      {campaignId && may('TEAMS', 'CREATE') ? <CreateTeamForm repeatedMeasurementId={campaignId} productConfigurationId={configuration.id} /> : null}
      {teams.isLoading ? <Loader aria-label={t('common.loading')} /> : null}
      {teams.isError ? <ErrorState title={t('teams.loadError')} message={t('teams.loadErrorText')} onRetry={() => void teams.refetch()} /> : null}
      {teams.data && teams.data.length === 0 ? <Text c="dimmed">{t('teams.empty')}</Text> : null}
      {teams.data && teams.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {teams.data.map((team) => (
            <TeamCard key={team.id} team={team} productName={productType} canUpdate={may('TEAMS', 'UPDATE')} canDelete={may('TEAMS', 'DELETE')} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
