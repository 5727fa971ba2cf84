// Single sign-on per account with OpenID Connect (docs/decisions/0046): the account's provider settings, its e-mail
// domains, the login page's question "password or provider?" and the two steps of the authorization code flow.
import { z } from 'zod';
import { ZSecondFactorRequired } from './auth';
import { SSO_DOMAINS_MAX, ZSsoDomain } from './sso-domain';
import { ZSamlSettings } from './saml';

export { SSO_DOMAINS_MAX, ZSsoDomain };

export const ZSsoSettingsRequest = z
  .object({
    /** The provider's issuer URL, exactly as its discovery document names it (https). */
    issuer: z.url({ protocol: /^https?$/ }).max(500),
    clientId: z.string().trim().min(1).max(500),
    /** Leave out (or null) to keep the stored secret; the secret is never sent back. */
    clientSecret: z.string().min(1).max(2000).nullish(),
    domains: z.array(ZSsoDomain).max(SSO_DOMAINS_MAX),
    /** Users of the account's confirmed domains may not sign in with a password (the break-glass admin excepted). */
    signOnRequired: z.boolean(),
    /** The one admin who keeps the password when sign-on is required (an e-mail of this account). */
    breakGlassEmail: z.email().max(254).nullish(),
  })
  .meta({ id: 'SsoSettingsRequest' });
export type TSsoSettingsRequest = z.infer<typeof ZSsoSettingsRequest>;

export const ZSsoDomainStatus = z
  .object({
    domain: z.string(),
    /** When a platform operator confirmed the claim (ISO 8601); null while it waits: no one is routed by it yet. */
    confirmedAt: z.string().nullable(),
  })
  .meta({ id: 'SsoDomainStatus' });

export const ZSsoSettingsResponse = z
  .object({
    /** False until the account saves settings once. */
    configured: z.boolean(),
    issuer: z.string().nullable(),
    clientId: z.string().nullable(),
    /** Whether a client secret is stored (it is never shown again). */
    clientSecretSet: z.boolean(),
    domains: z.array(ZSsoDomainStatus),
    signOnRequired: z.boolean(),
    breakGlassEmail: z.string().nullable(),
    /** The address to register at the provider as the redirect (callback) URI. */
    redirectUri: z.string(),
    /** Which provider signs the account's users in; null until settings are saved. */
    protocol: z.enum(['OIDC', 'SAML']).nullable(),
    /** The SAML provider and what to register there (docs/decisions/0050). */
    saml: ZSamlSettings,
  })
  .meta({ id: 'SsoSettingsResponse' });
export type TSsoSettingsResponse = z.infer<typeof ZSsoSettingsResponse>;

export const ZSsoDomainParams = z.object({ domain: ZSsoDomain });

export const ZSsoDomainConfirmResponse = z
  .object({ domain: z.string(), accountId: z.string(), confirmedAt: z.string() })
  .meta({ id: 'SsoDomainConfirmResponse' });

export const ZSsoLookupQuery = z.object({ email: z.email().max(254) });
export const ZSsoLookupResponse = z
  .object({
    /** SSO: the login page starts the provider's sign-in; PASSWORD: it asks for the password as before. */
    method: z.enum(['SSO', 'PASSWORD']),
    /** With SSO: which start call the login page makes (/api/sso/oidc/start or /api/sso/saml/start). */
    protocol: z.enum(['OIDC', 'SAML']).optional(),
  })
  .meta({ id: 'SsoLookupResponse' });
export type TSsoLookupResponse = z.infer<typeof ZSsoLookupResponse>;

export const ZSsoStartRequest = z
  .object({
    email: z.email().max(254),
    /** A same-site path to land on after signing in. */
    redirectUrl: z.string().max(2000).optional(),
  })
  .meta({ id: 'SsoStartRequest' });
export type TSsoStartRequest = z.infer<typeof ZSsoStartRequest>;

export const ZSsoStartResponse = z
  .object({ authorizationUrl: z.string().meta({ description: "The provider's authorization request to navigate to" }) })
  .meta({ id: 'SsoStartResponse' });
export type TSsoStartResponse = z.infer<typeof ZSsoStartResponse>;

/** The provider's answer as it arrived at the callback page: its query string (code, state, iss; or error). */
export const ZSsoCallbackRequest = z
  .object({ callbackQuery: z.string().min(1).max(8000) })
  .meta({ id: 'SsoCallbackRequest' });
export type TSsoCallbackRequest = z.infer<typeof ZSsoCallbackRequest>;

export const ZSsoCallbackResponse = z
  .union([
    z.object({
      redirectUrl: z.string(),
      /** True when this first sign-in created the evaluator. */
      created: z.boolean(),
    }),
    // The provider stands in for the password, not for a second factor the user has (docs/decisions/0040).
    ZSecondFactorRequired,
  ])
  .meta({ id: 'SsoCallbackResponse' });
export type TSsoCallbackResponse = z.infer<typeof ZSsoCallbackResponse>;

/** The page of this app the provider sends the browser back to. */
export const SSO_CALLBACK_PATH = '/login/sso';
