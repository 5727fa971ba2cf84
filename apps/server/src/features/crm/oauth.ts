// OAuth 2 for the CRMs (docs/decisions/0094): the authorization code flow with PKCE (S256) and state, and the refresh
// grant, through openid-client (panva; oauth4webapi underneath), the library the sign-in providers already use. The
// endpoints are configured, not discovered (neither CRM publishes OAuth server metadata for this flow), and every
// request goes through the egress gate with the CRM timeout.
import * as oidc from 'openid-client';
import type { CrmProvider } from '@bq/contracts/crm';
import type { Config } from '../../config';
import { pinnedFetch } from '../egress/pinned-fetch';
import { hubspotApi } from './providers/hubspot';
import { salesforceApi } from './providers/salesforce';
import type { CrmApi, GatedFetch } from './providers/types';

export type CrmConfig = Pick<
  Config,
  | 'SALESFORCE_CLIENT_ID'
  | 'SALESFORCE_CLIENT_SECRET'
  | 'SALESFORCE_LOGIN_URL'
  | 'SALESFORCE_API_VERSION'
  | 'HUBSPOT_CLIENT_ID'
  | 'HUBSPOT_CLIENT_SECRET'
  | 'HUBSPOT_AUTH_URL'
  | 'HUBSPOT_API_URL'
  | 'CRM_TIMEOUT_SECONDS'
  | 'EGRESS_ALLOW_HOSTS'
  | 'publicUrl'
  | 'dataEncryptionKeys'
>;

export interface CrmEndpoints {
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** HubSpot's API host; Salesforce's comes with each token answer (instance_url). */
  apiBase: string | null;
  scope: string;
  api: CrmApi;
}

const trim = (url: string) => url.replace(/\/+$/, '');

/** The provider's OAuth client and endpoints, or null when the operator configured none. */
export function endpointsOf(config: CrmConfig, provider: CrmProvider): CrmEndpoints | null {
  if (provider === 'SALESFORCE') {
    if (!config.SALESFORCE_CLIENT_ID || !config.SALESFORCE_CLIENT_SECRET) return null;
    const login = trim(config.SALESFORCE_LOGIN_URL);
    return {
      clientId: config.SALESFORCE_CLIENT_ID,
      clientSecret: config.SALESFORCE_CLIENT_SECRET,
      authorizationEndpoint: `${login}/services/oauth2/authorize`,
      tokenEndpoint: `${login}/services/oauth2/token`,
      apiBase: null,
      scope: 'api refresh_token',
      api: salesforceApi(config.SALESFORCE_API_VERSION),
    };
  }
  if (!config.HUBSPOT_CLIENT_ID || !config.HUBSPOT_CLIENT_SECRET) return null;
  return {
    clientId: config.HUBSPOT_CLIENT_ID,
    clientSecret: config.HUBSPOT_CLIENT_SECRET,
    authorizationEndpoint: `${trim(config.HUBSPOT_AUTH_URL)}/oauth/authorize`,
    tokenEndpoint: `${trim(config.HUBSPOT_API_URL)}/oauth/v1/token`,
    apiBase: trim(config.HUBSPOT_API_URL),
    scope: 'crm.objects.contacts.read crm.objects.contacts.write',
    api: hubspotApi(),
  };
}

export function crmFetch(config: CrmConfig): GatedFetch {
  return pinnedFetch({ allowHosts: config.EGRESS_ALLOW_HOSTS, timeoutMs: config.CRM_TIMEOUT_SECONDS * 1000 });
}

/** Where the CRM sends the browser back; registered as the OAuth client's redirect URI. */
export function redirectUri(config: CrmConfig, provider: CrmProvider): string {
  return `${config.publicUrl}/api/account/crm/${provider.toLowerCase()}/callback`;
}

function configurationOf(config: CrmConfig, e: CrmEndpoints): oidc.Configuration {
  const server = { issuer: new URL(e.authorizationEndpoint).origin, authorization_endpoint: e.authorizationEndpoint, token_endpoint: e.tokenEndpoint };
  const configuration = new oidc.Configuration(server, e.clientId, { client_secret: e.clientSecret }, oidc.ClientSecretPost(e.clientSecret));
  const gated = crmFetch(config);
  configuration[oidc.customFetch] = (url, options) => gated(url, options as RequestInit);
  // Plain http only for endpoints the operator pointed elsewhere (the tests' local stand-ins); the defaults are https.
  if (e.authorizationEndpoint.startsWith('http:') || e.tokenEndpoint.startsWith('http:')) oidc.allowInsecureRequests(configuration);
  return configuration;
}

export interface CrmTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  instanceUrl: string | null;
}

function tokensOf(answer: oidc.TokenEndpointResponse, e: CrmEndpoints): CrmTokens {
  const instance = typeof answer.instance_url === 'string' ? trim(answer.instance_url) : null;
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: typeof answer.expires_in === 'number' ? new Date(Date.now() + answer.expires_in * 1000) : null,
    instanceUrl: e.apiBase ? null : instance,
  };
}

export async function authorizationUrl(config: CrmConfig, provider: CrmProvider, e: CrmEndpoints, state: string, codeVerifier: string): Promise<string> {
  const url = oidc.buildAuthorizationUrl(configurationOf(config, e), {
    redirect_uri: redirectUri(config, provider),
    scope: e.scope,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

/** The callback's code for tokens; openid-client checks the state and sends the PKCE verifier. */
export async function exchangeCode(config: CrmConfig, provider: CrmProvider, e: CrmEndpoints, callbackUrl: URL, state: string, codeVerifier: string): Promise<CrmTokens> {
  const answer = await oidc.authorizationCodeGrant(configurationOf(config, e), callbackUrl, { expectedState: state, pkceCodeVerifier: codeVerifier }, { redirect_uri: redirectUri(config, provider) });
  return tokensOf(answer, e);
}

export async function refreshTokens(config: CrmConfig, e: CrmEndpoints, refreshToken: string): Promise<CrmTokens> {
  return tokensOf(await oidc.refreshTokenGrant(configurationOf(config, e), refreshToken), e);
}

/** The token endpoint refused the grant (invalid_grant and friends), as opposed to being unreachable. */
export function refusedGrant(err: unknown): boolean {
  return err instanceof oidc.ResponseBodyError || (err instanceof oidc.ClientError && /invalid_grant/i.test(err.message));
}
