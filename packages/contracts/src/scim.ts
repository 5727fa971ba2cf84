// SCIM 2.0 provisioning (docs/decisions/0047): the account's directory token (issued, shown once, revoked) and the
// SCIM messages as the OpenAPI document describes them. The SCIM bodies are validated in full by scimmy against the
// SCIM core schemas (RFC 7643); the zod shapes here only say what the routes take and give.
import { z } from 'zod';

/** Every SCIM token starts with this, so a leaked one is recognisable (secret scanners, logs, support). */
export const SCIM_TOKEN_PREFIX = 'bqscim_';

export const ZScimTokenStatus = z
  .object({
    exists: z.boolean(),
    createdAt: z.string().nullable().meta({ description: 'ISO timestamp of issue; null without a token' }),
    lastUsedAt: z.string().nullable().meta({ description: 'Last SCIM call made with it (updated at most once a minute)' }),
    baseUrl: z.string().meta({ description: "The SCIM base URL to enter in the directory (the 'Tenant URL' in Entra ID)" }),
  })
  .meta({ id: 'ScimTokenStatus' });
export type TScimTokenStatus = z.infer<typeof ZScimTokenStatus>;

export const ZIssueScimTokenResponse = ZScimTokenStatus.extend({
  token: z.string().meta({ description: 'The bearer token, in this answer only' }),
}).meta({ id: 'IssueScimTokenResponse' });
export type TIssueScimTokenResponse = z.infer<typeof ZIssueScimTokenResponse>;

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** A SCIM User as this service keeps it: userName is the e-mail address. */
export const ZScimUser = z
  .looseObject({
    schemas: z.array(z.string()).optional(),
    id: z.string().optional(),
    externalId: z.string().optional(),
    userName: z.string().max(320).optional().meta({ description: 'The e-mail address (unique, case-insensitive)' }),
    name: z.looseObject({ givenName: z.string().optional(), familyName: z.string().optional(), formatted: z.string().optional() }).optional(),
    displayName: z.string().optional(),
    emails: z.array(z.looseObject({ value: z.string().optional(), type: z.string().optional(), primary: z.boolean().optional() })).optional(),
    active: z.union([z.boolean(), z.string()]).optional().meta({ description: 'false deactivates: sessions end, API credentials are revoked' }),
    preferredLanguage: z.string().optional(),
    meta: z.looseObject({}).optional(),
  })
  .meta({ id: 'ScimUser' });

export const ZScimListResponse = z
  .looseObject({
    schemas: z.array(z.string()),
    totalResults: z.number(),
    startIndex: z.number().optional(),
    itemsPerPage: z.number().optional(),
    Resources: z.array(z.looseObject({})),
  })
  .meta({ id: 'ScimListResponse' });

export const ZScimPatchOp = z
  .looseObject({
    schemas: z.array(z.string()).optional(),
    Operations: z
      .array(z.looseObject({ op: z.string().meta({ description: 'add, replace or remove, any case' }), path: z.string().optional(), value: z.unknown().optional() }))
      .max(100),
  })
  .meta({ id: 'ScimPatchOp' });

export const ZScimError = z
  .looseObject({
    schemas: z.array(z.string()),
    status: z.string(),
    scimType: z.string().optional().meta({ description: 'invalidFilter, invalidValue, invalidSyntax, uniqueness, ...' }),
    detail: z.string().optional().meta({ description: 'Starts with a stable key, e.g. error.scim.token_invalid' }),
  })
  .meta({ id: 'ScimError' });

export const ZScimListQuery = z.object({
  filter: z.string().max(1000).optional().meta({ description: 'A SCIM filter, e.g. userName eq "ada@example.com"' }),
  startIndex: z.coerce.number().int().min(1).max(1_000_000).optional(),
  count: z.coerce.number().int().min(0).max(1000).optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});

export const ZScimUserIdParams = z.object({ id: z.string().min(1).max(100) });
