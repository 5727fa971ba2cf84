// Test data of the clients feature: an adviser who may create and change clients and send, change and delete
// interactions in BQ_RISK, and clients.
import type { TClient, TClientListItem, TClientProfile, TInstanceSummary } from '@bq/contracts/clients';
import type { TUser } from '@bq/contracts/user';
import { RISK_CONFIGURATION_ID, instanceOf as fullInstanceOf, userOf } from '../../test/fixtures';

export const adviser: TUser = userOf({
  permissions: (['BQ_USER', 'INTERACTION_INSTANCE'] as const).flatMap((entity) =>
    (['CREATE', 'READ', 'UPDATE', 'DELETE'] as const).map((action) => ({ realm: 'BQ_RISK', entity, action })),
  ),
});

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
    source: null,
    locale: 'DE_DE',
    salutation: 'MS',
    createdAt: '2026-03-14T09:05:00Z',
    active: true,
    productConfigurationId: RISK_CONFIGURATION_ID,
    anonymize: false,
    anonymizedName: null,
    anonymizedInitials: null,
    anonymizationKind: 'NAME',
    ...overrides,
  };
}

/** The list's summary of the shared test instance (src/test/fixtures.ts). */
export function instanceOf(overrides: Partial<TInstanceSummary> = {}): TInstanceSummary {
  const { token, interactionId, status, lockStatus, createdAt, expiresAt, expirationStatus, invitationMail, reportMail } = fullInstanceOf();
  return { token, interactionId, status, lockStatus, createdAt, expiresAt, expirationStatus, invitationMail, reportMail, ...overrides };
}

export function listItemOf(overrides: Partial<TClientListItem> = {}): TClientListItem {
  return { ...clientOf(), lastInstance: null, latestResult: null, reviewDueAt: null, ...overrides };
}

export function profileOf(overrides: Partial<TClientProfile> = {}): TClientProfile {
  return { ...clientOf(), productType: 'BQ_RISK', instances: [], reviewDueAt: null, latestResultAt: null, reviewChange: null, ...overrides };
}
