// Sign in with Google (or the configured OpenID Connect issuer) through the authorization code flow with PKCE:
// POST /api/oauth/google/start answers Google's URL; POST /api/oauth/google finishes with Google's answer.
import { z } from 'zod';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { ZSecondFactorRequired } from './auth';

export const ZGoogleSignInStartRequest = z
  .object({
    /** The product a first sign-in creates the account with (and where the user lands). */
    productType: z.enum(PRODUCT_TYPES).optional(),
    /** A same-site path to land on after signing in. */
    redirectUrl: z.string().max(2000).optional(),
  })
  .meta({ id: 'GoogleSignInStartRequest' });
export type TGoogleSignInStartRequest = z.infer<typeof ZGoogleSignInStartRequest>;

export const ZGoogleSignInStartResponse = z
  .object({ authorizationUrl: z.string().meta({ description: "Google's authorization request to navigate to" }) })
  .meta({ id: 'GoogleSignInStartResponse' });
export type TGoogleSignInStartResponse = z.infer<typeof ZGoogleSignInStartResponse>;

export const ZGoogleSignInRequest = z
  .object({
    /** Google's answer as it arrived at /login/google: its query string (code, state, iss; or error). */
    callbackQuery: z.string().min(1).max(8000),
  })
  .meta({ id: 'GoogleSignInRequest' });
export type TGoogleSignInRequest = z.infer<typeof ZGoogleSignInRequest>;

export const ZGoogleSignInResponse = z
  .union([
    z.object({
      redirectUrl: z.string().meta({ description: 'A same-site path to continue to' }),
      /** True when this sign-in created the account. */
      created: z.boolean(),
    }),
    // A user with a second factor confirms it after Google too (docs/decisions/0040).
    ZSecondFactorRequired,
  ])
  .meta({ id: 'GoogleSignInResponse' });
export type TGoogleSignInResponse = z.infer<typeof ZGoogleSignInResponse>;
