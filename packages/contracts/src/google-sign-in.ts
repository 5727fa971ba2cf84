// POST /api/oauth/google: sign in with an ID token from Google (or the configured OpenID Connect issuer).
import { z } from 'zod';
import { PRODUCT_TYPES } from '@bq/domain/product-types';
import { ZSecondFactorRequired } from './auth';

export const ZGoogleSignInQuery = z.object({
  /** The product a first sign-in creates the account with (and where the user lands). */
  productType: z.enum(PRODUCT_TYPES).optional(),
});

export const ZGoogleSignInRequest = z
  .object({
    /** The ID token the issuer returned to the browser (implicit flow, response_type=id_token). */
    idToken: z.string().min(1).max(8192),
    /** The nonce the browser put into the authorization request; the token must carry the same. */
    nonce: z.string().min(16).max(200),
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
