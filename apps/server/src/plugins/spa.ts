// Serves the built web app with history-mode fallback: any GET (or HEAD, answered like GET without the body) that
// is not an API call and not a file gets index.html; unknown /api paths get a JSON 404 with an errorKey. Caching and compression
// (docs/decisions/0018-page-weight-and-accessibility.md): files under /assets/ carry a content hash in their name,
// so they are cached for a year as immutable; index.html must be revalidated on every load so a deploy is seen at
// once; the .br/.gz files the web build writes beside each file are sent to browsers that accept them. Source
// maps are never served (the build keeps them out of dist; a stray one is a 404 all the same).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { relative, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_KEYS } from '@bq/contracts/errors';

/**
 * The participant pages, sent the participant entry (participant.html, docs/decisions/0054-participant-entry.md)
 * instead of the evaluator app; the same list as apps/web/src/participant/participant-paths.ts.
 */
export const PARTICIPANT_PAGE =
  /^\/q\/[^/]+\/?$|^\/verify\/certificate\/[^/]+\/?$|^\/report\/[^/]+\/download\/?$|^\/demo\/password-set\/[^/]+\/?$|^\/(performance|bqa|bqaRecommendations)\/report\/[^/]+\/?$|^\/bqp\/certificate\/[^/]+\/?$/;

/** The sign-in page, sent its own light entry (signin.html, docs/decisions/0085); /login/google and /login/sso stay in the app. */
export const SIGN_IN_PAGE = /^\/login\/?$/;

/** Writes the firm's branding into a page's HTML (features/branding/page-brand.ts); absent in tests of delivery alone. */
export interface PageBranding {
  participant: (path: string) => Promise<object | null>;
  signIn: (host: string | undefined) => Promise<object | null>;
  render: (html: string, brand: object) => string;
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
const CACHE_SHORT = 'public, max-age=3600';

/** The Cache-Control of a file of the web app, by its path on disk (a .br/.gz variant counts as its original). */
export function cacheControlFor(filePath: string, root: string): string {
  const path = relative(resolve(root), resolve(filePath))
    .split(sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (path.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (path.endsWith('.html')) return CACHE_REVALIDATE;
  return CACHE_SHORT;
}

export default fp(async function spaPlugin(app: FastifyInstance, opts: { root: string; branding?: PageBranding }) {
  const hasWeb = existsSync(opts.root);
  const hasParticipantEntry = existsSync(resolve(opts.root, 'participant.html'));
  const hasSignInEntry = existsSync(resolve(opts.root, 'signin.html'));
  /** A page with the firm's branding in it: built per request (a brand changes), revalidated like index.html. */
  const sendBranded = async (reply: FastifyReply, file: string, brand: Promise<object | null>) => {
    const found = await brand;
    if (!found || !opts.branding) return reply.sendFile(file);
    const html = opts.branding.render(await readFile(resolve(opts.root, file), 'utf8'), found);
    reply.header('cache-control', CACHE_REVALIDATE).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    // Compressed here as the built pages are: @fastify/compress hooks routes, and this is the not-found handler's answer.
    const accepted = String(reply.request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }));
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };
  if (hasWeb) {
    const root = resolve(opts.root);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // No routes for source maps or for the compressed variants themselves (those are chosen by Accept-Encoding).
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath, root)),
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (path.startsWith('/api/') || path === '/api' || !page || !hasWeb) {
      return reply.code(404).send({ errorKey: ERROR_KEYS.notFound, message: 'Not found', reqId: request.id });
    }
    // Hashed assets that are missing (or source maps) are a real 404; only page URLs fall back to the app.
    if (path.startsWith('/assets/') || path.endsWith('.map')) {
      return reply.code(404).send({ errorKey: ERROR_KEYS.notFound, message: 'Not found', reqId: request.id });
    }
    if (PARTICIPANT_PAGE.test(path) && hasParticipantEntry)
      return sendBranded(reply, 'participant.html', opts.branding?.participant(path) ?? Promise.resolve(null));
    if (SIGN_IN_PAGE.test(path) && hasSignInEntry)
      return sendBranded(reply, 'signin.html', opts.branding?.signIn(request.headers.host) ?? Promise.resolve(null));
    return reply.sendFile('index.html');
  });
});
