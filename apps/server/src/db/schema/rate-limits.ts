// The general rate limit on public writes (plugins/rate-limit.ts, docs/decisions/0072): one row per bucket, caller
// and minute, counted up by every request in that minute, so every API process sees the same counts. The key is a
// SHA-256 of the IP (and the token, where the route counts per token): no address or token is stored in clear.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.keyHash, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)],
);
