// A local OpenID Connect issuer for the browser journeys of Sign in with Google (e2e/start-server.mjs starts it and
// points GOOGLE_ISSUER at it): a discovery document, its JWKS, and an authorization endpoint for the implicit flow
// (response_type=id_token) that shows a small "choose your account" form and then redirects back to redirect_uri
// with a signed ID token (carrying the request's nonce) and the state in the URL fragment, as Google does.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcIssuer(port, clientId) {
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
        response_types_supported: ['id_token'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (request.pathname === '/jwks') return json({ keys: [jwk] });
    const p = request.searchParams;
    if (p.get('client_id') !== clientId || p.get('response_type') !== 'id_token' || !p.get('nonce') || !p.get('redirect_uri')) {
      if (request.pathname.startsWith('/authorize')) return json({ error: 'invalid_request' }, 400);
      return json({ error: 'not_found' }, 404);
    }
    if (request.pathname === '/authorize') {
      // The account chooser: the journey types the e-mail address and name the issuer vouches for.
      const hidden = ['client_id', 'response_type', 'redirect_uri', 'nonce', 'state', 'scope']
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
      const now = Math.floor(Date.now() / 1000);
      const email = p.get('email') ?? '';
      const [givenName = '', ...rest] = (p.get('name') ?? '').trim().split(/\s+/);
      const idToken = await new SignJWT({
        email,
        email_verified: true,
        nonce: p.get('nonce'),
        ...(givenName ? { given_name: givenName, family_name: rest.join(' '), name: p.get('name') } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(url)
        .setAudience(clientId)
        .setSubject(`local-${email}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(privateKey);
      const fragment = new URLSearchParams({ id_token: idToken, state: p.get('state') ?? '' });
      res.writeHead(302, { location: `${p.get('redirect_uri')}#${fragment}` });
      return res.end();
    }
    return json({ error: 'not_found' }, 404);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}
