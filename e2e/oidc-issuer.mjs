// A local OpenID Connect issuer for the browser journeys of Sign in with Google (e2e/start-server.mjs starts it and
// points GOOGLE_ISSUER at it): a discovery document, its JWKS, an authorization endpoint for the code flow with PKCE
// that shows a small "choose your account" form and then redirects back to redirect_uri with a code and the state,
// and a token endpoint that checks the client secret, the code (once) and the PKCE verifier and answers a signed ID
// token carrying the request's nonce, as Google does.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcIssuer(port, clientId, clientSecret) {
  const codes = new Map();
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const url = `http://127.0.0.1:${port}`;

  const server = createServer(async (req, res) => {
    const request = new URL(req.url ?? '/', url);
    const json = (body, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (request.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        jwks_uri: `${url}/jwks`,
        token_endpoint: `${url}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (request.pathname === '/jwks') return json({ keys: [jwk] });
    if (request.pathname === '/token' && req.method === 'POST') return token(req, res, json);
    const p = request.searchParams;
    if (p.get('client_id') !== clientId || p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256' || !p.get('nonce') || !p.get('redirect_uri')) {
      if (request.pathname.startsWith('/authorize')) return json({ error: 'invalid_request' }, 400);
      return json({ error: 'not_found' }, 404);
    }
    if (request.pathname === '/authorize') {
      // The account chooser: the journey types the e-mail address and name the issuer vouches for.
      const hidden = ['client_id', 'response_type', 'redirect_uri', 'nonce', 'state', 'scope', 'code_challenge', 'code_challenge_method']
        .map((name) => `<input type="hidden" name="${name}" value="${escape(p.get(name) ?? '')}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local test issuer: choose an account</title></head>
<body><main><h1>Local test issuer</h1><p>Stands in for Google in the tests.</p>
<form method="get" action="/authorize/confirm">${hidden}
<p><label for="email">E-mail address</label><br><input id="email" name="email" type="email" required></p>
<p><label for="name">Name</label><br><input id="name" name="name" type="text"></p>
<p><button type="submit">Continue</button></p></form></main></body></html>`);
    }
    if (request.pathname === '/authorize/confirm') {
      const email = p.get('email') ?? '';
      const [givenName = '', ...rest] = (p.get('name') ?? '').trim().split(/\s+/);
      const code = randomBytes(24).toString('base64url');
      codes.set(code, {
        redirectUri: p.get('redirect_uri'),
        challenge: p.get('code_challenge'),
        claims: {
          email,
          email_verified: true,
          nonce: p.get('nonce'),
          ...(givenName ? { given_name: givenName, family_name: rest.join(' '), name: p.get('name') } : {}),
        },
      });
      const back = new URL(p.get('redirect_uri'));
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      back.searchParams.set('iss', url);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    return json({ error: 'not_found' }, 404);
  });
  async function token(req, res, json) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    let [id, secret] = [form.get('client_id'), form.get('client_secret')];
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    if (id !== clientId || secret !== clientSecret) return json({ error: 'invalid_client' }, 401);
    const issued = codes.get(form.get('code'));
    codes.delete(form.get('code'));
    const verifier = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
    if (!issued || issued.redirectUri !== form.get('redirect_uri') || issued.challenge !== verifier) return json({ error: 'invalid_grant' }, 400);
    const now = Math.floor(Date.now() / 1000);
    const idToken = await new SignJWT(issued.claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(url)
      .setAudience(clientId)
      .setSubject(`local-${issued.claims.email}`)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(privateKey);
    return json({ access_token: randomBytes(24).toString('base64url'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
  }
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}
