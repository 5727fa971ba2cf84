// Prometheus metrics without a dependency (docs/decisions/0026): a request latency histogram by method, route
// template and status class, and the job queue's depth and oldest waiting job per queue, read from pg-boss's table
// when scraped. Text exposition format 0.0.4.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  counts: number[];
  sum: number;
  count: number;
}

export class LatencyHistogram {
  private readonly series = new Map<string, Series>();

  observe(labels: { method: string; route: string; status: string }, seconds: number) {
    const key = `method="${labels.method}",route="${escapeLabel(labels.route)}",status="${labels.status}"`;
    let s = this.series.get(key);
    if (!s) {
      s = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) s.counts[i]! += 1;
    s.sum += seconds;
    s.count += 1;
  }

  render(): string {
    const lines = ['# HELP http_request_duration_seconds Time from request to response, by route template.', '# TYPE http_request_duration_seconds histogram'];
    for (const [labels, s] of this.series) {
      BUCKETS.forEach((le, i) => lines.push(`http_request_duration_seconds_bucket{${labels},le="${le}"} ${s.counts[i]}`));
      lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      lines.push(`http_request_duration_seconds_sum{${labels}} ${s.sum}`);
      lines.push(`http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    return lines.join('\n');
  }
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** Jobs waiting (created or retry) per queue and the age of the oldest, in seconds. */
export async function queueFigures(database: Pick<Database, 'executeSql'>): Promise<{ name: string; waiting: number; oldestSeconds: number; active: number }[]> {
  const { rows } = await database.executeSql(
    `select name,
            count(*) filter (where state in ('created', 'retry'))::int as waiting,
            count(*) filter (where state = 'active')::int as active,
            coalesce(extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry'))), 0)::float8 as oldest
       from pgboss.job where state in ('created', 'retry', 'active') group by name order by name`,
  );
  return (rows as { name: string; waiting: number; active: number; oldest: number }[]).map((r) => ({
    name: r.name,
    waiting: Number(r.waiting),
    active: Number(r.active),
    oldestSeconds: Number(r.oldest),
  }));
}

export async function renderMetrics(app: FastifyInstance, histogram: LatencyHistogram, database: Pick<Database, 'executeSql'>): Promise<string> {
  const queues = await queueFigures(database);
  const lines = [histogram.render()];
  lines.push('# HELP job_queue_waiting Jobs waiting to run (created or retry), per queue.', '# TYPE job_queue_waiting gauge');
  for (const q of queues) lines.push(`job_queue_waiting{queue="${escapeLabel(q.name)}"} ${q.waiting}`);
  lines.push('# HELP job_queue_active Jobs running now, per queue.', '# TYPE job_queue_active gauge');
  for (const q of queues) lines.push(`job_queue_active{queue="${escapeLabel(q.name)}"} ${q.active}`);
  lines.push('# HELP job_queue_oldest_waiting_seconds Age of the oldest waiting job, per queue.', '# TYPE job_queue_oldest_waiting_seconds gauge');
  for (const q of queues) lines.push(`job_queue_oldest_waiting_seconds{queue="${escapeLabel(q.name)}"} ${q.oldestSeconds}`);
  const cache = app.responseCacheStats;
  if (cache.enabled) {
    // The response cache (docs/decisions/0027): a low hit rate or a live of 0 (notifications not heard) is worth a look.
    lines.push('# HELP response_cache_hits_total GET answers sent from the response cache.', '# TYPE response_cache_hits_total counter', `response_cache_hits_total ${cache.hits}`);
    lines.push('# HELP response_cache_stored_total Computed answers kept in the response cache.', '# TYPE response_cache_stored_total counter', `response_cache_stored_total ${cache.stored}`);
    lines.push('# TYPE response_cache_entries gauge', `response_cache_entries ${cache.entries()}`);
    lines.push('# TYPE response_cache_bytes gauge', `response_cache_bytes ${cache.bytes()}`);
    lines.push('# HELP response_cache_live 1 while this process hears every committed change (else nothing is cached).', '# TYPE response_cache_live gauge', `response_cache_live ${cache.live() ? 1 : 0}`);
  }
  const mem = process.memoryUsage();
  lines.push('# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${mem.rss}`);
  lines.push('# TYPE nodejs_heap_used_bytes gauge', `nodejs_heap_used_bytes ${mem.heapUsed}`);
  lines.push('# TYPE process_uptime_seconds gauge', `process_uptime_seconds ${process.uptime()}`);
  return `${lines.join('\n')}\n`;
}
