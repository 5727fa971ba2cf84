// Google (or GOOGLE_ISSUER in tests) as an OpenID Connect provider of the shared code flow (features/sso/oidc-code-flow.ts).
import type { Config } from '../../config';
import type { Provider } from '../sso/oidc-code-flow';

/** The page Google sends the browser back to: register it as the client's authorised redirect URI. */
export const GOOGLE_CALLBACK_PATH = '/login/google';

export function googleProvider(config: Config): Provider | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return {
    issuer: config.GOOGLE_ISSUER,
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    allowHttp: config.NODE_ENV !== 'production',
  };
}
