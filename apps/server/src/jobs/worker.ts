// The background worker: periodic housekeeping (expired sessions, old sign-in failures). Later issues add
// the durable job queue here. In the embedded mode it runs inside the API process.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { purgeOldLoginFailures } from '../features/auth/login-rate-limit';
import { purgeExpiredSessions } from '../plugins/sessions';

const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

export function startWorker(db: Db, config: Config, log: FastifyBaseLogger): { stop(): void } {
  const run = async () => {
    try {
      await purgeExpiredSessions(db);
      await purgeOldLoginFailures(db, config);
    } catch (err) {
      log.error({ err }, 'housekeeping failed');
    }
  };
  void run();
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
