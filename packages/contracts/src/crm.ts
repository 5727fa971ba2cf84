// CRM sync (issue 38 point 4, docs/decisions/0094): an account connects Salesforce or HubSpot by OAuth 2 (code flow
// with PKCE), maps which CRM property takes which product field, and the product writes each client's result there.
import { z } from 'zod';

export const CRM_PROVIDERS = ['SALESFORCE', 'HUBSPOT'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
export const ZCrmProvider = z.enum(CRM_PROVIDERS);

/** The product fields a connection can write, in the order the settings page lists them. */
export const CRM_FIELDS = ['riskClass', 'resultDate', 'status', 'reportUrl'] as const;
export type CrmField = (typeof CRM_FIELDS)[number];

export const CRM_ERRORS = {
  /** The operator configured no OAuth client for this provider (its client id and secret). */
  notConfigured: 'error.crm.not_configured',
  /** The callback's state is unknown, expired or already used. */
  stateInvalid: 'error.crm.state_invalid',
  /** The CRM refused the authorization code or the user cancelled. */
  authorizationFailed: 'error.crm.authorization_failed',
  /** No connection to this CRM (or not this account's). */
  notConnected: 'error.crm.not_connected',
  /** The CRM refused the refresh token: an admin must connect again. */
  reconnectNeeded: 'error.crm.reconnect_needed',
  /** No contact matched the client's external id or e-mail address. */
  noMatch: 'error.crm.no_match',
  /** The CRM answered an error (the text names its answer). */
  requestFailed: 'error.crm.request_failed',
  /** Map the external-id property or at least one field before syncing. */
  mappingMissing: 'error.crm.mapping_missing',
} as const;

/** A CRM property's API name (Salesforce field API names such as Risk_Class__c, HubSpot internal names). */
const ZProperty = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/, 'a property API name: letters, digits and _');

export const ZCrmFieldMapping = z.strictObject({
  /** The CRM property holding the client's external id (matched first, then the e-mail address); null: e-mail only. */
  externalIdProperty: ZProperty.nullable(),
  fields: z.strictObject({
    riskClass: ZProperty.nullable(),
    resultDate: ZProperty.nullable(),
    status: ZProperty.nullable(),
    reportUrl: ZProperty.nullable(),
  }),
  /** Also add a note (Salesforce: a completed Task; HubSpot: a note) to the contact's timeline at each result. */
  addNote: z.boolean(),
});
export type TCrmFieldMapping = z.infer<typeof ZCrmFieldMapping>;

export const ZCrmConnection = z.object({
  provider: ZCrmProvider,
  /** Whether the operator configured this provider's OAuth client at all. */
  available: z.boolean(),
  status: z.enum(['NOT_CONNECTED', 'CONNECTED', 'RECONNECT_NEEDED']),
  connectedAt: z.string().nullable(),
  instanceUrl: z.string().nullable(),
  mapping: ZCrmFieldMapping.nullable(),
  lastFullSyncAt: z.string().nullable(),
  failedClients: z.number().int(),
});
export type TCrmConnection = z.infer<typeof ZCrmConnection>;
export const ZCrmConnectionList = z.object({ connections: z.array(ZCrmConnection) });

/** The provider as it appears in paths (and in the OAuth redirect URI): lower case. */
export const ZCrmProviderPath = z.enum(['salesforce', 'hubspot']);
export const crmProviderOf = (path: z.infer<typeof ZCrmProviderPath>): CrmProvider => (path === 'salesforce' ? 'SALESFORCE' : 'HUBSPOT');
export const ZCrmProviderParams = z.object({ provider: ZCrmProviderPath });
export const ZCrmConnectStart = z.object({ authorizationUrl: z.url() });
export const ZCrmCallbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const ZCrmSyncState = z.object({
  provider: ZCrmProvider,
  clientToken: z.string(),
  clientName: z.string(),
  status: z.enum(['PENDING', 'SYNCED', 'FAILED']),
  externalContactId: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  lastErrorKey: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
});
export type TCrmSyncState = z.infer<typeof ZCrmSyncState>;
export const ZCrmSyncStateList = z.object({ states: z.array(ZCrmSyncState) });
export const ZCrmClientParams = z.object({ provider: ZCrmProviderPath, clientToken: z.string().min(8).max(200) });
export const ZCrmClientTokenParams = z.object({ clientToken: z.string().min(8).max(200) });
export const ZCrmSyncQueued = z.object({ queued: z.number().int() });

export const ZCrmImportRequest = z.strictObject({ productConfigurationId: z.uuid() });
export const ZCrmImportResult = z.object({ imported: z.number().int(), skipped: z.number().int() });
