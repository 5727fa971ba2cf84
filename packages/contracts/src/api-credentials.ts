// API credentials (spec section 3: description, id, account, user, valid-from): an integrator's Bearer secret,
// shown once at creation and stored only as its SHA-256.
import { z } from 'zod';

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs, support). */
export const API_CREDENTIAL_PREFIX = 'bqk_';
export const API_CREDENTIAL_DESCRIPTION_MAX = 200;
/** A credential's term when the creator names none, and the longest one (docs/decisions/0072). */
export const API_CREDENTIAL_DEFAULT_DAYS = 90;
export const API_CREDENTIAL_MAX_DAYS = 365;
/** The terms the web form offers. */
export const API_CREDENTIAL_TERMS_DAYS = [30, 90, 180, 365] as const;

export const ZApiCredential = z
  .object({
    id: z.string(),
    description: z.string(),
    account: z.object({ id: z.string(), name: z.string() }),
    user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
    validFrom: z.string().meta({ description: 'ISO timestamp from which the credential works' }),
    lastUsedAt: z.string().nullable().meta({ description: 'Last call made with it (updated at most once a minute)' }),
    expiresAt: z.string().meta({ description: 'ISO timestamp from which it is refused like an unknown credential (401)' }),
  })
  .meta({ id: 'ApiCredential' });
export type TApiCredential = z.infer<typeof ZApiCredential>;

export const ZApiCredentialList = z.object({ credentials: z.array(ZApiCredential) }).meta({ id: 'ApiCredentialList' });
export type TApiCredentialList = z.infer<typeof ZApiCredentialList>;

export const ZCreateApiCredentialRequest = z
  .object({
    description: z
      .string()
      .trim()
      .min(1, 'error.validation.required')
      .max(API_CREDENTIAL_DESCRIPTION_MAX, 'error.validation.too_long'),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(API_CREDENTIAL_MAX_DAYS)
      .default(API_CREDENTIAL_DEFAULT_DAYS)
      .meta({ description: `Days until the credential expires: 1 to ${API_CREDENTIAL_MAX_DAYS}, default ${API_CREDENTIAL_DEFAULT_DAYS}` }),
  })
  .meta({ id: 'CreateApiCredentialRequest' });
export type TCreateApiCredentialRequest = z.infer<typeof ZCreateApiCredentialRequest>;

export const ZCreateApiCredentialResponse = ZApiCredential.extend({
  secret: z.string().meta({ description: 'The Bearer secret; shown this once, never again' }),
}).meta({ id: 'CreateApiCredentialResponse' });
export type TCreateApiCredentialResponse = z.infer<typeof ZCreateApiCredentialResponse>;

/** A member's credential as the account's members list shows it (no secret, no hash). */
export const ZMemberApiCredential = z
  .object({
    id: z.string(),
    description: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'MemberApiCredential' });
export type TMemberApiCredential = z.infer<typeof ZMemberApiCredential>;
