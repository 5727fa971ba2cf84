// Test data of the clients feature: an adviser who may create and change clients and send, change and delete
// interactions in BQ_RISK, and clients.
import type { TClient, TClientListItem, TClientProfile, TInstanceSummary } from '@bq/contracts/clients';
import type { TUser } from '@bq/contracts/user';
import { createQueryClient } from '../../app/query-client';
import { currentUserQueryKey } from '../../lib/query-keys';

export const RISK_CONFIGURATION_ID = '0b9f6a52-8c1e-4a53-9d3e-2f4a6c1b7e10';

export const adviser: TUser = {
  id: 'u1',
  email: 'adviser@demo.example',
  firstName: 'Maria',
  lastName: 'Berger',
  initials: 'MB',
  locale: 'EN_US',
  permissions: (['BQ_USER', 'INTERACTION_INSTANCE'] as const).flatMap((entity) =>
    (['CREATE', 'READ', 'UPDATE', 'DELETE'] as const).map((action) => ({ realm: 'BQ_RISK', entity, action })),
  ),
  accountId: 'a1',
  accountName: 'Demo Advisory',
  accountType: 'DEMO',
  products: [{ id: RISK_CONFIGURATION_ID, productType: 'BQ_RISK', planType: 'BASIC' }],
  currentProduct: { id: RISK_CONFIGURATION_ID, productType: 'BQ_RISK', planType: 'BASIC' },
  creditBalance: 12,
  previousLoginAt: null,
};

/** An adviser who may only look at clients. */
export const reader: TUser = {
  ...adviser,
  permissions: [{ realm: 'BQ_RISK', entity: 'BQ_USER', action: 'READ' }],
};

export function clientOf(overrides: Partial<TClient> = {}): TClient {
  return {
    token: 'c1',
    firstName: 'Anna',
    lastName: 'Müller',
    initials: 'AM',
    email: 'anna.mueller@example.com',
    phone: '+49 30 1234567',
    group: 'PROSPECT',
    locale: 'DE_DE',
    createdAt: '2026-03-14T09:05:00Z',
    active: true,
    productConfigurationId: RISK_CONFIGURATION_ID,
    ...overrides,
  };
}

export function instanceOf(overrides: Partial<TInstanceSummary> = {}): TInstanceSummary {
  return {
    token: 'i1',
    interactionId: 'risk',
    status: 'RESULTS_AVAILABLE',
    lockStatus: 'LOCKED',
    createdAt: '2026-04-02T10:00:00Z',
    expiresAt: '2026-05-02T10:00:00Z',
    expirationStatus: 'EXPIRE_THIS_MONTH',
    ...overrides,
  };
}

export function listItemOf(overrides: Partial<TClientListItem> = {}): TClientListItem {
  return { ...clientOf(), lastInstance: null, ...overrides };
}

export function profileOf(overrides: Partial<TClientProfile> = {}): TClientProfile {
  return { ...clientOf(), productType: 'BQ_RISK', instances: [], ...overrides };
}

/** A query client with the signed-in user loaded (as the main container does) and no retries. */
export function queryClientWithUser(user: TUser = adviser) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  queryClient.setQueryData(currentUserQueryKey, user);
  return queryClient;
}
