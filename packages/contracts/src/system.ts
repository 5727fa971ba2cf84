// Public configuration the web client reads before sign-in (GET /api/system/config).
import { z } from 'zod';
import { LOCALES } from '@bq/domain/locales';

export const ZSystemConfig = z
  .object({
    version: z.string(),
    /** True in the embedded demo mode (PGlite, demo data); the login page then shows the demo hint. */
    demoMode: z.boolean(),
    locales: z.array(z.enum(LOCALES)),
    defaultLocale: z.enum(LOCALES),
    passwordPolicy: z.object({ minLength: z.number().int(), maxLength: z.number().int(), minStrength: z.number().int() }),
    chunkLoadTimeoutMs: z.number().int(),
    /** Sign in with Google (OpenID Connect implicit id_token flow); null when GOOGLE_CLIENT_ID is not set. */
    googleSignIn: z.object({ clientId: z.string(), authorizationEndpoint: z.string() }).nullable().optional(),
    /** Session-replay analytics: null unless configured; loaded only after consent (spec section 9). */
    sessionReplay: z.object({ id: z.string(), snippetVersion: z.literal(6) }).nullable(),
  })
  .meta({ id: 'SystemConfig' });
export type TSystemConfig = z.infer<typeof ZSystemConfig>;
