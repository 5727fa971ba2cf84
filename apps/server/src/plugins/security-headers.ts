// Security headers on every response (API, web app, files, errors) through helmet, plus what helmet does
// not set: Permissions-Policy, and HSTS only where the response really went out over TLS. The choices are in
// docs/decisions/0016-security-hardening.md:
// - CSP: scripts only from this origin (no inline script, no eval); styles also inline (Mantine sets style
//   attributes and emotion-free CSS variables at run time); no plugins; nobody may frame the app.
// - Referrer-Policy no-referrer everywhere: many URLs carry a token (/q/, /report/, /bqa/report/, /verify/), and the
//   app needs the Referer for nothing (CSRF is checked by the X-Source header).
// - helmet is called once at start-up to compute the header set, which every request then copies: @fastify/helmet
//   built helmet's middleware anew on every request (re-parsing the CSP), a measurable share of a signed-in GET
//   (docs/decisions/0026, the profile of GET /api/user).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Browser features the app never uses, switched off for it and anything it might ever embed. Passkeys (WebAuthn,
 * docs/decisions/0045) are used by the app's own pages only: `self`, never an embedded frame.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), ' +
  'microphone=(), midi=(), payment=(), publickey-credentials-create=(self), publickey-credentials-get=(self), usb=(), ' +
  'xr-spatial-tracking=()';

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Where the session-replay service loads its script from and sends its recordings to (only when configured). */
export const SESSION_REPLAY_SOURCES = {
  'script-src': ['https://static.hotjar.com', 'https://script.hotjar.com'],
  'connect-src': ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
  'img-src': ['https://*.hotjar.com'],
  'font-src': ['https://script.hotjar.com'],
  'style-src': ['https://static.hotjar.com'],
} as const;

/** The CSP of this start: the base policy, plus the session-replay hosts when SESSION_REPLAY_ID is set. */
export function contentSecurityPolicy(sessionReplay: boolean): Record<string, string[]> {
  const policy: Record<string, string[]> = Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]));
  if (sessionReplay) for (const [k, v] of Object.entries(SESSION_REPLAY_SOURCES)) policy[k] = [...(policy[k] ?? []), ...v];
  return policy;
}

/**
 * The same headers as a plain map, for the one answer that leaves before any hook runs: Fastify's reply to a URL
 * it cannot decode (input-guard.ts, frameworkErrors).
 */
export function fallbackSecurityHeaders(): Record<string, string> {
  return {
    'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';'),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** The headers helmet's middleware sets for these options, read once by running it against a recording response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  const headers = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(Boolean(app.config.SESSION_REPLAY_ID)) },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'no-referrer' },
      // Set below, and only over TLS.
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
  // On request, so that every answer carries them: routes, files, the SPA, errors and 404s alike.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const hstsMaxAge = app.config.HSTS_MAX_AGE_SECONDS;
  if (hstsMaxAge > 0) {
    const hsts = `max-age=${hstsMaxAge}; includeSubDomains`;
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    });
  }
});
