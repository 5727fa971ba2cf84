// The SAML sign-in bound to the browser that started it (docs/decisions/0073, the code review's L9): the start sets
// bq_saml, a random value only this browser holds; its SHA-256 is kept with the AuthnRequest id, and the ACS accepts an
// answer only when the browser posting it sends the value whose hash its request names. Without it, an attacker could
// start a sign-in of their own, have their provider answer it and make a victim's browser post that answer (the ACS
// takes cross-site posts): the victim would work signed in as the attacker (login CSRF).
//
// SameSite: the provider's page posts the form to the ACS from the provider's site, a cross-site top-level POST, which
// carries neither Strict nor Lax cookies. So on https the cookie is SameSite=None; Secure (browsers refuse None without
// Secure). Browsers take a Secure cookie over plain http from a loopback host (localhost, 127.0.0.1, ::1: a trustworthy
// origin), so `npm start` and the journeys, whose local provider sits on another site (127.0.0.1 against localhost),
// get the same cookie as production. Only plain http on another host falls back to Lax: a provider on the same site
// still gets it through there. HttpOnly, and sent only to /api/sso/saml/... (the start and
// the ACS). One value per browser for ten minutes: a second start in another tab keeps it, so both tabs can finish.
// Secure, it is named __Secure-bq_saml: a browser takes a cookie of that name only from a secure page with Secure set,
// so a plain-http page of a sibling host cannot plant one of its own (cookie tossing) for the ACS to read. (__Host-
// would need Path=/, and the value belongs to /api/sso/saml only.) The ACS reads only the name its own scheme sets.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SAML_REQUEST_SECONDS } from './saml-service-provider';

export const SAML_BROWSER_COOKIE = 'bq_saml';
/** The name over a secure origin: the prefix makes browsers refuse it from anything else. */
export const SECURE_SAML_BROWSER_COOKIE = `__Secure-${SAML_BROWSER_COOKIE}`;
const COOKIE_PATH = '/api/sso/saml';
/** Hosts whose plain-http pages browsers treat as secure (Fastify's hostname may still carry the port). */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\]|::1)(?::\d+)?$/i;
/** 32 random bytes in base64url. */
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (value: string) => createHash('sha256').update(`saml-browser\n${value}`).digest('hex');

/** The cookie's attributes: SameSite=None needs Secure, so plain http falls back to Lax (see the header). */
export function samlBrowserCookieOptions(secure: boolean, expires: Date) {
  return { httpOnly: true, secure, sameSite: secure ? ('none' as const) : ('lax' as const), path: COOKIE_PATH, expires };
}

/** Whether this request's origin takes Secure cookies (then the cookie is SameSite=None and __Secure- named). */
function secureFor(config: Config, request: FastifyRequest): boolean {
  return config.COOKIE_SECURE === 'auto' ? request.protocol === 'https' || LOOPBACK_HOST.test(request.hostname) : config.COOKIE_SECURE === 'true';
}

/** The cookie's name for this request's scheme. */
export function samlBrowserCookieName(secure: boolean): string {
  return secure ? SECURE_SAML_BROWSER_COOKIE : SAML_BROWSER_COOKIE;
}

/** At the start: (re)sets this browser's value and answers its hash, to be kept with the AuthnRequest id. */
export function bindBrowser(config: Config, request: FastifyRequest, reply: FastifyReply): string {
  const name = samlBrowserCookieName(secureFor(config, request));
  const previous = request.cookies[name];
  const value = previous && WELL_FORMED.test(previous) ? previous : randomBytes(32).toString('base64url');
  reply.setCookie(name, value, samlBrowserCookieOptions(name === SECURE_SAML_BROWSER_COOKIE, new Date(Date.now() + SAML_REQUEST_SECONDS * 1000)));
  return hashOf(value);
}

/** At the ACS: whether the posting browser holds the value whose hash the answered request keeps. */
export function isSameBrowser(config: Config, request: FastifyRequest, browserHash: string): boolean {
  const value = request.cookies[samlBrowserCookieName(secureFor(config, request))];
  if (!value || !WELL_FORMED.test(value)) return false;
  const given = Buffer.from(hashOf(value));
  const expected = Buffer.from(browserHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
