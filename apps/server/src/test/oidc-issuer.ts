// A local OpenID Connect issuer for the API tests of Sign in with Google: a discovery document, its JWKS, and ID
// tokens signed with its key (or, to test refusals, with a key it never published). The server verifies them
// through exactly the code path it uses for accounts.google.com (GOOGLE_ISSUER points here).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

export interface TestIssuer {
  url: string;
  /** An ID token with sensible defaults (aud = clientId, exp in 5 minutes, verified e-mail); claims override them. */
  idToken(claims: JWTPayload & { nonce: string }, opts?: { unpublishedKey?: boolean; expiresInSeconds?: number }): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcIssuer(clientId: string): Promise<TestIssuer> {
  const published = await generateKeyPair('RS256', { extractable: true });
  const unpublished = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(published.publicKey)), kid, alg: 'RS256', use: 'sig' };
  let url = '';
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: url, authorization_endpoint: `${url}/authorize`, jwks_uri: `${url}/jwks`, id_token_signing_alg_values_supported: ['RS256'] }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async idToken(claims, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      const body: JWTPayload = {
        iss: url,
        aud: clientId,
        sub: `sub-${randomBytes(6).toString('hex')}`,
        email_verified: true,
        iat: now,
        exp: now + (opts.expiresInSeconds ?? 300),
        ...claims,
      };
      return new SignJWT(body)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .sign(opts.unpublishedKey ? unpublished.privateKey : published.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
