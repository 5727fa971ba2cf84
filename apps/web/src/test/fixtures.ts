// Test data several features share: the signed-in adviser of the demo account (GET /api/user) and its product
// configurations, a query client with that user loaded, and an instance as GET /api/instance answers it. What only
// one feature needs (clients, results, reports) stays in that feature's test-data.ts.
import type { TInstance } from '@bq/contracts/instances';
import type { TProductConfiguration, TUser } from '@bq/contracts/user';
import { createQueryClient } from '../app/query-client';
import { currentUserQueryKey } from '../lib/query-keys';

export const RISK_CONFIGURATION_ID = '0b9f6a52-8c1e-4a53-9d3e-2f4a6c1b7e10';

/** The demo account's risk profiling product, the current product of userOf(). */
export const riskProduct: TProductConfiguration = {
  id: RISK_CONFIGURATION_ID,
  productType: 'BQ_RISK',
  planType: 'BASIC',
  invitationValidDays: 30,
  reviewEveryMonths: 12,
  reviewNoticeDays: 14,
};

/** Maria Berger of the demo account, on BQ_RISK, without permissions: each test gives the ones it is about. */
export function userOf(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'u1',
    email: 'adviser@demo.example',
    firstName: 'Maria',
    lastName: 'Berger',
    initials: 'MB',
    locale: 'EN_US',
    permissions: [],
    accountId: 'a1',
    accountName: 'Demo Advisory',
    accountType: 'DEMO',
    products: [riskProduct],
    currentProduct: riskProduct,
    creditBalance: 12,
    previousLoginAt: null,
    platformOperator: false,
    emailVerificationRequired: false,
    anonymizationAllowListEnabled: false,
    anonymizationAllowList: [],
    anonymityK: 5,
    ...overrides,
  };
}

/** A query client with the signed-in user loaded (as the main container does) and no retries. */
export function queryClientWithUser(user: TUser) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  queryClient.setQueryData(currentUserQueryKey, user);
  return queryClient;
}

/** A filled-in, still locked risk profile of client c1 with its results available. */
export function instanceOf(overrides: Partial<TInstance> = {}): TInstance {
  return {
    token: 'i1',
    interactionId: 'risk',
    status: 'RESULTS_AVAILABLE',
    lockStatus: 'LOCKED',
    createdAt: '2026-04-02T10:00:00Z',
    expiresAt: '2026-05-02T10:00:00Z',
    expirationStatus: 'EXPIRE_THIS_MONTH',
    clientToken: 'c1',
    productConfigurationId: RISK_CONFIGURATION_ID,
    autoReminder: true,
    autoSendReport: false,
    openedAt: '2026-04-03T08:30:00Z',
    filledAt: '2026-04-03T09:00:00Z',
    invitedAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    reportSentAt: null,
    invitationMail: null,
    reportMail: null,
    ...overrides,
  };
}
