// POST /api/demo/password/{instanceToken}: the demo participant's password; they are signed in afterwards and go to
// `redirectUrl`, their own result. A plain fetcher: its one page lives in the participant entry (no query library).
import type { TDemoPasswordResponse } from '@bq/contracts/signup';
import { api } from '../../../lib/api-client';

export function setDemoPassword(instanceToken: string, password: string): Promise<TDemoPasswordResponse> {
  return api.post<TDemoPasswordResponse>(`/api/demo/password/${encodeURIComponent(instanceToken)}`, { password });
}
