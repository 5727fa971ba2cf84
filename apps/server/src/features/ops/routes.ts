// Operations: GET /api/health/live (the process answers), GET /api/health/ready (database and job queue reachable,
// not shutting down; 503 error.service.unavailable otherwise), GET /api/metrics (Prometheus, bearer METRICS_TOKEN;
// 404 while unset) and, only with BENCH_ROUTES, the bench's bare baselines GET /api/bench/hello and
// GET /api/bench/one-query (docs/decisions/0026), and the embedded burst bench's reads (bench-routes.ts).
import { bearerMatches } from '../../plugins/bearer-secret';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { AppError } from '../../app-error';
import { accounts } from '../../db/schema';
import { apiErrors } from '../../plugins/openapi';
import { burstBenchRoutes } from './bench-routes';
import { LatencyHistogram, renderMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: readiness answers 503 so the proxy stops sending new requests while in-flight ones finish. */
    lifecycle: { draining: boolean };
  }
}

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({ status: z.literal('ok'), checks: z.object({ database: z.literal('ok'), queue: z.literal('ok') }) });

const ops: FastifyPluginAsyncZod = async (app) => {
  app.decorate('lifecycle', { draining: false });
  const histogram = new LatencyHistogram();
  const executeSql = async (text: string) => ({ rows: ((await app.db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows });

  // While draining, requests that arrive on kept-alive connections get a clean 503 and the connection closes.
  app.addHook('onRequest', async (_request, reply) => {
    if (!app.lifecycle.draining) return;
    reply.header('connection', 'close');
    throw new AppError(ERROR_KEYS.serviceUnavailable, 503, 'Shutting down');
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || route === '/api/metrics') return;
    histogram.observe({ method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
  });

  app.get(
    '/api/health/live',
    {
      config: { audit: false, public: true },
      schema: { operationId: 'getLiveness', tags: ['ops'], description: 'The process runs and answers HTTP.', response: { 200: ZHealth } },
    },
    async () => {
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      config: { audit: false, public: true },
      schema: {
        operationId: 'getReadiness',
        tags: ['ops'],
        description: 'The database and the job queue answer and the process is not shutting down.',
        response: { 200: ZReady, ...apiErrors({ 503: [ERROR_KEYS.serviceUnavailable] }) },
      },
    },
    async () => {
      if (app.lifecycle.draining) throw new AppError(ERROR_KEYS.serviceUnavailable, 503, 'Shutting down');
      try {
        await executeSql('select 1');
      } catch {
        throw new AppError(ERROR_KEYS.serviceUnavailable, 503, 'Database not reachable');
      }
      try {
        await executeSql('select 1 from pgboss.version limit 1');
      } catch {
        throw new AppError(ERROR_KEYS.serviceUnavailable, 503, 'Job queue not reachable');
      }
      return { status: 'ok' as const, checks: { database: 'ok' as const, queue: 'ok' as const } };
    },
  );

  app.get(
    '/api/metrics',
    {
      // The bearer METRICS_TOKEN is the credential (no session): public to the session check, refused here.
      config: { audit: false, public: true, ownAuthorization: true },
      schema: {
        operationId: 'getMetrics',
        tags: ['ops'],
        description: 'Prometheus text format: request latency histogram, job queue depth and age. Authorization: Bearer METRICS_TOKEN; 404 while METRICS_TOKEN is unset.',
        response: { 200: z.string(), ...apiErrors({ 401: [ERROR_KEYS.unauthorized], 404: [ERROR_KEYS.notFound] }) },
      },
    },
    async (request, reply) => {
      const wanted = app.config.METRICS_TOKEN;
      if (!wanted) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
      if (!bearerMatches(request.headers.authorization, wanted)) throw new AppError(ERROR_KEYS.unauthorized, 401, 'Metrics token required');
      reply.type('text/plain; version=0.0.4; charset=utf-8');
      return renderMetrics(app, histogram, { executeSql });
    },
  );

  if (app.config.BENCH_ROUTES) {
    // The bench's baselines: what the framework costs (hello) and what one query on the same pool costs.
    app.get('/api/bench/hello', { config: { audit: false, public: true }, schema: { hide: true } }, async () => ({ hello: 'world' }));
    app.get('/api/bench/one-query', { config: { audit: false, public: true }, schema: { hide: true } }, async () => {
      const [row] = await app.db.select({ id: accounts.id, name: accounts.name }).from(accounts).limit(1);
      return { account: row ?? null };
    });
    await app.register(burstBenchRoutes);
  }
};

/** Not encapsulated: the latency hook sees every route, and main.ts sets app.lifecycle on SIGTERM. */
export const opsRoutes = fp(ops, { name: 'ops' });
