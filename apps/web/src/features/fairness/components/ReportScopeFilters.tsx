// Which results the adverse-impact report reads besides the product and period: one campaign of the product, and the
// clients assigned one weight profile (whose weights then give the fit). Each list shows only when there is something
// to choose; "All" is no filter.
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FairnessProduct } from '@bq/contracts/fairness';
import { useSignedInUser } from '../../../lib/api/get-current-user';
import { useCampaigns } from '../../teams/api/get-campaigns';
import { useWeightProfiles } from '../../weights/api/get-weight-profiles';

interface Scope {
  campaignId?: string;
  profileId?: string;
}

export function ReportScopeFilters({ product, scope, onChange }: { product: FairnessProduct; scope: Scope; onChange: (next: Scope) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const configurationId = user.products.find((p) => p.productType === product)?.id ?? '';
  const campaigns = useCampaigns(configurationId);
  const profiles = useWeightProfiles(product);
  const all = { value: '', label: t('fairness.filter.all') };
  return (
    <>
      {campaigns.data?.length ? (
        <Select
          label={t('fairness.filter.campaign')}
          value={scope.campaignId ?? ''}
          allowDeselect={false}
          data={[all, ...campaigns.data.map((c) => ({ value: c.id, label: c.name }))]}
          onChange={(v) => onChange({ ...scope, campaignId: v || undefined })}
          w={240}
          data-testid="fairness-campaign"
        />
      ) : null}
      {profiles.data?.profiles.length ? (
        <Select
          label={t('fairness.filter.profile')}
          value={scope.profileId ?? ''}
          allowDeselect={false}
          data={[all, ...profiles.data.profiles.map((p) => ({ value: p.id, label: p.name }))]}
          onChange={(v) => onChange({ ...scope, profileId: v || undefined })}
          w={240}
          data-testid="fairness-profile"
        />
      ) : null}
    </>
  );
}
