// What the login page needs to show "Sign in with Google": the client id and the issuer's authorization endpoint
// (from its discovery document). Null when not configured or when the issuer cannot be reached right now.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { authorizationEndpointOf } from '../sso/oidc-code-flow';
import { googleProvider } from './google-provider';

export async function googleSignInSettings(config: Config, log: FastifyBaseLogger): Promise<{ clientId: string; authorizationEndpoint: string } | null> {
  const provider = googleProvider(config);
  if (!provider) return null;
  try {
    return { clientId: provider.clientId, authorizationEndpoint: await authorizationEndpointOf(provider) };
  } catch {
    log.warn({ issuer: config.GOOGLE_ISSUER }, 'Sign in with Google: the issuer could not be reached; the button is hidden');
    return null;
  }
}
