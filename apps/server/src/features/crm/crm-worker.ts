// The worker's CRM loop (docs/decisions/0094): every 15 seconds the due client syncs (new results, "sync now",
// retries whose backoff ran out), batch after batch; the nightly run's queueing rides on the housekeeping.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { runDueSyncs } from './sync-client';

const POLL_MS = 15_000;
const BATCH = 20;

export function startCrmWorker(db: Db, config: Config, log: FastifyBaseLogger): { stop(): void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      while ((await runDueSyncs(db, config, BATCH)) === BATCH);
    } catch (err) {
      log.error({ err }, 'CRM sync failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
