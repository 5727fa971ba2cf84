// What the login page needs to show "Sign in with Google": the client id and the issuer's authorization endpoint
// (from its discovery document). Null when not configured or when the issuer cannot be reached right now.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { discover } from './id-token';

export async function googleSignInSettings(
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_ISSUER'>,
  log: FastifyBaseLogger,
): Promise<{ clientId: string; authorizationEndpoint: string } | null> {
  if (!config.GOOGLE_CLIENT_ID) return null;
  try {
    const discovery = await discover(config.GOOGLE_ISSUER);
    return { clientId: config.GOOGLE_CLIENT_ID, authorizationEndpoint: discovery.authorizationEndpoint };
  } catch {
    log.warn({ issuer: config.GOOGLE_ISSUER }, 'Sign in with Google: the issuer could not be reached; the button is hidden');
    return null;
  }
}
