// A local OpenID Connect provider for tests (API tests and the browser journey): discovery document, JWKS, an
// authorization endpoint that approves at once (the person is the login_hint, or whoever the test names next), and
// a token endpoint that checks the client's secret, the code (once), the redirect URI and the PKCE verifier, then
// answers an RS256-signed ID token. The server talks to it through openid-client exactly as to Entra ID or Okta.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

export interface NextSignIn {
  email?: string;
  sub?: string;
  /** Claims of the ID token to set or falsify (nonce, iss, aud, exp, email_verified...). */
  claims?: JWTPayload;
  /** Sign the ID token with a key the provider never published. */
  unpublishedKey?: boolean;
  /** The token endpoint answers this code only after this long (a provider that takes its time). */
  tokenDelayMs?: number;
}

export interface TestOidcProvider {
  url: string;
  clients: Map<string, string>;
  /** Who the next authorization request signs in, and how its ID token is altered. */
  next(signIn: NextSignIn): void;
  /** The parameters of the last authorization request (to check PKCE, nonce, state were sent). */
  lastAuthorization: URLSearchParams | null;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  claims: JWTPayload;
  unpublishedKey: boolean;
  tokenDelayMs: number;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(opts: { port?: number } = {}): Promise<TestOidcProvider> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const unpublished = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  let pending: NextSignIn | null = null;
  let url = '';
  const provider: TestOidcProvider = {
    url: '',
    clients: new Map(),
    next: (signIn) => {
      pending = signIn;
    },
    lastAuthorization: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    const here = new URL(req.url ?? '/', url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (here.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (here.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (here.pathname === '/authorize') {
      const p = here.searchParams;
      provider.lastAuthorization = p;
      const redirectUri = p.get('redirect_uri') ?? '';
      if (!provider.clients.has(p.get('client_id') ?? '') || !redirectUri || p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256') {
        return json(400, { error: 'invalid_request' });
      }
      const signIn: NextSignIn = pending ?? {};
      pending = null;
      const email = signIn.email ?? p.get('login_hint') ?? 'someone@example.org';
      const code = b64url(randomBytes(24));
      codes.set(code, {
        clientId: p.get('client_id')!,
        redirectUri,
        codeChallenge: p.get('code_challenge') ?? '',
        nonce: p.get('nonce'),
        unpublishedKey: signIn.unpublishedKey ?? false,
        tokenDelayMs: signIn.tokenDelayMs ?? 0,
        claims: { sub: signIn.sub ?? `sub-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`, email, email_verified: true, name: 'Sina Sso', ...signIn.claims },
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (p.get('state')) back.searchParams.set('state', p.get('state')!);
      back.searchParams.set('iss', url);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (here.pathname === '/token' && req.method === 'POST') {
      void formOf(req).then(async (form) => {
        let clientId = form.get('client_id');
        let secret = form.get('client_secret');
        const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
        if (basic) [clientId, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) as [string, string];
        if (!clientId || provider.clients.get(clientId) !== secret) return json(401, { error: 'invalid_client' });
        const issued = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          !issued ||
          form.get('grant_type') !== 'authorization_code' ||
          issued.clientId !== clientId ||
          issued.redirectUri !== form.get('redirect_uri') ||
          b64url(createHash('sha256').update(verifier).digest()) !== issued.codeChallenge
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        if (issued.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, issued.tokenDelayMs));
        const now = Math.floor(Date.now() / 1000);
        const idToken = await new SignJWT({ iss: url, aud: clientId, iat: now, exp: now + 300, ...(issued.nonce ? { nonce: issued.nonce } : {}), ...issued.claims })
          .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
          .sign(issued.unpublishedKey ? unpublished.privateKey : keys.privateKey);
        return json(200, { access_token: b64url(randomBytes(24)), token_type: 'Bearer', expires_in: 300, id_token: idToken, scope: 'openid email profile' });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.url = url;
  return provider;
}
