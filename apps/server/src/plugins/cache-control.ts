// One rule for the Cache-Control of API answers (issue 22 point 9, docs/decisions/0035-cache-headers-sample-report-robots.md):
// every /api answer (success, error, 404, response-cache hit alike) carries `no-store`, so no browser, proxy or shared
// cache keeps personal data, unless its route declares `config.httpCache` with the Cache-Control it may carry instead
// (public data only, e.g. GET /api/i18ns). Handlers set no Cache-Control of their own (cache-control.test.ts reads the
// source for one): downloads (PDFs, exports) are no-store like every answer. A value with no-store that a handler
// chose anyway is kept. Web files and pages are not /api and keep spa.ts's caching.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Cache-Control this route's answers carry instead of `no-store`: only for data that is public. */
    httpCache?: string;
  }
}

export const NO_STORE = 'no-store';

function isApi(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

export default fp(async function cacheControlPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApi(request)) return payload;
    const declared = request.routeOptions.config?.httpCache;
    if (declared && reply.statusCode < 400) {
      reply.header('cache-control', declared);
      return payload;
    }
    const current = reply.getHeader('cache-control');
    if (current === undefined || !/\bno-store\b/i.test(String(current))) reply.header('cache-control', NO_STORE);
    return payload;
  });
});
