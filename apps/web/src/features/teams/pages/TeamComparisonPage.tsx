// {productName}/teams/comparison?campaign=&teamId=..: two to six teams of a campaign side by side, mean per
// dimension (chart and table); a team below the k-anonymity floor shows "too few to show".
import { useState } from 'react';
import { Alert, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TEAM_COMPARE_MAX } from '@bq/contracts/teams';
import { ErrorState } from '../../../components/ui/ErrorState';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useLocale } from '../../../lib/i18n';
import { useTeamComparison } from '../api/compare-teams';
import { useCampaigns } from '../api/get-campaigns';
import { useTeams } from '../api/get-teams';
import { CampaignPicker } from '../components/CampaignPicker';
import { TeamStatsFigure } from '../components/TeamStatsFigure';
import { useCampaignParam } from '../use-campaign-param';
import { useTeamProduct } from '../use-team-product';

export function TeamComparisonPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const product = useTeamProduct();
  const campaigns = useCampaigns(product?.configuration.id ?? '');
  const { campaignId, select } = useCampaignParam(campaigns.data);
  const teams = useTeams(campaignId);
  const [params, setParams] = useSearchParams();
  // Held here as well as in the URL: the URL updates after a navigation, the checkboxes must follow at once.
  const [picked, setPicked] = useState<string[] | null>(() => (params.has('teamId') ? params.getAll('teamId') : null));
  // Nothing picked yet and only two teams in the campaign: there is only one comparison to make, so make it.
  const chosen =
    picked === null
      ? teams.data?.length === 2
        ? teams.data.map((team) => team.id)
        : []
      : picked.filter((id) => teams.data?.some((team) => team.id === id) ?? true);
  const comparison = useTeamComparison(campaignId, chosen, locale);
  if (!product) return null;
  if (!product.may('TEAMS_COMPARISON', 'READ')) {
    return (
      <>
        <PageHeader title={t('page.teamComparison.title')} />
        <Alert color="yellow" title={t('teams.noPermission.title')}>
          {t('teams.noPermission.text')}
        </Alert>
      </>
    );
  }
  const setChosen = (ids: string[]) => {
    setPicked(ids);
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.delete('teamId');
        for (const id of ids) copy.append('teamId', id);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('page.teamComparison.title')} description={t('teams.comparison.lead', { max: TEAM_COMPARE_MAX })} />
      {campaigns.data ? (
        <CampaignPicker productConfigurationId={product.configuration.id} campaigns={campaigns.data} value={campaignId} onChange={(id) => { setChosen([]); select(id); }} canCreate={false} />
      ) : null}
      {teams.data ? (
        <Checkbox.Group label={t('teams.comparison.pick')} value={chosen} onChange={(ids) => setChosen(ids.slice(0, TEAM_COMPARE_MAX))}>
          <Group mt="xs" gap="lg">
            {teams.data.map((team) => (
              <Checkbox key={team.id} value={team.id} label={team.name} data-testid="compare-team-option" />
            ))}
          </Group>
        </Checkbox.Group>
      ) : null}
      {teams.data && teams.data.length < 2 ? <Text c="dimmed">{t('teams.comparison.needTwoTeams')}</Text> : null}
      {chosen.length < 2 ? <Text c="dimmed">{t('teams.comparison.pickTwo')}</Text> : null}
      {comparison.isLoading ? <Loader aria-label={t('common.loading')} /> : null}
      {comparison.isError ? <ErrorState title={t('teams.loadError')} message={t('teams.loadErrorText')} onRetry={() => void comparison.refetch()} /> : null}
      {comparison.data && chosen.length >= 2 ? (
        <>
          {comparison.data.teams
            .filter((team) => team.tooFewToShow)
            .map((team) => (
              <Alert key={team.id} color="gray" title={team.name}>
                {t('teams.tooFewToShowText', { k: comparison.data.anonymityK })}
              </Alert>
            ))}
          {comparison.data.teams
            .filter((team) => team.lockedNotIncluded > 0)
            .map((team) => (
              <Text key={team.id} size="sm" c="dimmed" data-testid="team-locked-not-included">
                {team.name}: {t('teams.lockedNotIncluded', { count: team.lockedNotIncluded })}
              </Text>
            ))}
          <TeamStatsFigure
            title={t('teams.comparison.chartTitle', { campaign: comparison.data.repeatedMeasurementName })}
            dimensions={comparison.data.dimensions}
            teams={comparison.data.teams.map((team) => ({ id: team.id, name: team.name, dimensions: team.dimensions }))}
          />
        </>
      ) : null}
    </Stack>
  );
}
