// Only with BENCH_ROUTES (never in production): what the burst bench on the embedded database (bench/burst.ts) reads
// from the database. There the database is this process's own PGlite, which the bench cannot open beside it, so it
// asks the server: the questionnaires still to answer, and for the ones it submitted how long each took from submit
// to RESULTS_AVAILABLE (filled_at to the last status change, as the bench reads them on PostgreSQL).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const ZResultDelaysRequest = z.object({ tokens: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)).max(20_000) });

export const burstBenchRoutes: FastifyPluginAsyncZod = async (app) => {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  app.get('/api/bench/open-tokens', { config: { audit: false, public: true }, schema: { hide: true } }, async () => ({
    tokens: (await rows<{ token: string }>(sql`select token from interaction_instances where status = 'NEW' order by random()`)).map((r) => r.token),
  }));
  // The bench polls it: with PUBLIC_RATE_LIMIT=true (measuring the participants' counters) it must not be refused.
  app.post('/api/bench/result-delays', { config: { audit: false, public: true, rateLimit: { perMinute: 1_000_000 } }, schema: { hide: true, body: ZResultDelaysRequest } }, async (request) => ({
    results: await rows<{ status: string; ms: number }>(
      sql`select status, extract(epoch from (updated_at - filled_at)) * 1000 as ms from interaction_instances where token = any(${`{${request.body.tokens.join(',')}}`}::text[])`,
    ),
  }));
};
