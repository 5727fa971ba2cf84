// The campaign a team page is about: ?campaign= in the URL (so links and reloads keep it), else the newest one.
import { useSearchParams } from 'react-router';
import type { TRepeatedMeasurement } from '@bq/contracts/repeated-measurements';

export function useCampaignParam(campaigns: TRepeatedMeasurement[] | undefined) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('campaign');
  const id = asked && (!campaigns || campaigns.some((c) => c.id === asked)) ? asked : (campaigns?.[0]?.id ?? null);
  const select = (next: string) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.set('campaign', next);
        return copy;
      },
      { replace: true },
    );
  return { campaignId: id, select };
}
