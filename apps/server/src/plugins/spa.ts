// Serves the built web app with history-mode fallback: any GET that is not an API call and not a file
// gets index.html; unknown /api paths get a JSON 404 with an errorKey.
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_KEYS } from '@bq/contracts/errors';

export default fp(async function spaPlugin(app: FastifyInstance, opts: { root: string }) {
  const hasWeb = existsSync(opts.root);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.root, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ errorKey: ERROR_KEYS.notFound, message: 'Not found', reqId: request.id });
    }
    // Hashed assets that are missing are a real 404; only page URLs fall back to the app.
    if (path.startsWith('/assets/')) {
      return reply.code(404).send({ errorKey: ERROR_KEYS.notFound, message: 'Not found', reqId: request.id });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
