// SAML 2.0 single sign-on per account (docs/decisions/0050): the account's identity provider as the admin enters it,
// what the admin registers at the provider (the service provider's entity id, ACS URL and metadata), and the start of
// an SP-initiated sign-in. The account's e-mail domains and sign-on rules are those of OpenID Connect (sso.ts).
import { z } from 'zod';
import { ZSsoDomain, SSO_DOMAINS_MAX } from './sso-domain';

/** A PEM certificate or its base64 body alone (as Entra ID and Okta offer it for download or copy). */
export const ZSamlCertificate = z.string().trim().min(100).max(20000);

export const ZSamlSettingsRequest = z
  .object({
    /** The provider's entity id (Issuer of its assertions), e.g. https://sts.windows.net/{tenant}/. */
    idpEntityId: z.string().trim().min(1).max(500),
    /** The provider's single sign-on URL for the HTTP-Redirect binding. */
    ssoUrl: z.url({ protocol: /^https?$/ }).max(1000),
    /** The certificate whose key signs the provider's assertions. */
    idpCertificate: ZSamlCertificate,
    domains: z.array(ZSsoDomain).max(SSO_DOMAINS_MAX),
    signOnRequired: z.boolean(),
    breakGlassEmail: z.email().max(254).nullish(),
  })
  .meta({ id: 'SamlSettingsRequest' });
export type TSamlSettingsRequest = z.infer<typeof ZSamlSettingsRequest>;

export const ZSamlSettings = z
  .object({
    /** What to register at the provider: this account's service provider entity id, ACS URL and metadata URL. */
    spEntityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
    idpEntityId: z.string().nullable(),
    ssoUrl: z.string().nullable(),
    idpCertificate: z.string().nullable(),
    /** When the saved certificate expires (ISO 8601): the provider must sign with a new one before then. */
    certificateExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'SamlSettings' });
export type TSamlSettings = z.infer<typeof ZSamlSettings>;

export const ZSamlAccountParams = z.object({ accountId: z.uuid() });

export const ZSamlStartRequest = z
  .object({
    email: z.email().max(254),
    /** A same-site path to land on after signing in. */
    redirectUrl: z.string().max(2000).optional(),
  })
  .meta({ id: 'SamlStartRequest' });
export type TSamlStartRequest = z.infer<typeof ZSamlStartRequest>;

export const ZSamlStartResponse = z
  .object({ authorizationUrl: z.string().meta({ description: "The provider's SSO URL with the AuthnRequest (HTTP-Redirect binding)" }) })
  .meta({ id: 'SamlStartResponse' });
export type TSamlStartResponse = z.infer<typeof ZSamlStartResponse>;

/** What the provider's page posts to the ACS URL (HTTP-POST binding, form-encoded). */
export const ZSamlAcsRequest = z
  .object({ SAMLResponse: z.string().min(1).max(500_000), RelayState: z.string().max(2000).optional() })
  .meta({ id: 'SamlAcsRequest' });
