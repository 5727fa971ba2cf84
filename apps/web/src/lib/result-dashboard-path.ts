// Where a public document page (report, certificate) sends a signed-in evaluator of its result: the dashboard route
// of its product and client. Plain functions, no query cache, so the participant entry's report page can use them too.
import type { TInstance } from '@bq/contracts/instances';
import type { TUser } from '@bq/contracts/user';
import { api } from './api-client';

export function resultDashboardPath(
  user: TUser,
  instance: { token: string; clientToken: string; productConfigurationId: string },
): string | null {
  const product = user.products.find((p) => p.id === instance.productConfigurationId);
  return product
    ? `/${product.productType}/client/${instance.clientToken}/dashboard/${instance.token}`
    : null;
}

/**
 * The dashboard path for a signed-in evaluator of the result, else null: GET /api/user, then GET /api/instance/{token}
 * (it answers only an evaluator of the issuing account). A visitor's 401 ends it after the first call.
 */
export async function fetchResultDashboardPath(token: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const user = await api.get<TUser>('/api/user', { signal });
    const instance = await api.get<TInstance>(`/api/instance/${encodeURIComponent(token)}`, { signal });
    return resultDashboardPath(user, instance);
  } catch {
    return null;
  }
}
