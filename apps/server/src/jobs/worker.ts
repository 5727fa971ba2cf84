// The background worker: the durable job handlers (calculation, mail delivery, retention), the reminder sweep and periodic
// housekeeping (expired sessions, old sign-in failures, asking for the day's retention run). In the embedded mode it runs inside the API process; with PostgreSQL, ROLE=worker
// runs it alone, and several workers share the queue safely.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { purgeOldLoginFailures } from '../features/auth/login-rate-limit';
import { purgeExpiredSessions } from '../plugins/sessions';
import { purgeOldRateLimitHits } from '../plugins/rate-limit';
import { purgeExpiredPublicStarts } from '../features/public-links/start-service';
import { calculateInstance } from '../features/calculation/calculate-instance';
import { queueAutoReport } from '../features/reports/report-mail';
import { startMailWorker } from '../features/mail/mail-worker';
import { startBulkSendWorker } from '../features/bulk-send/run-bulk-send';
import { startWebhookWorker } from '../features/webhooks/webhook-worker';
import { announceDueReviews } from '../features/yearly-review/review-notices';
import { startCrmWorker } from '../features/crm/crm-worker';
import { queueNightlyRuns } from '../features/crm/sync-queue';
import { workInBatches } from './batch-worker';
import { writeCheckpointIfDue } from '../features/audit/checkpoint';
import { scheduleRetention, startRetentionWorker } from '../features/retention/retention-job';
import { QUEUES, type JobQueue } from './queue';

const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * How a worker takes calculations: JOB_CONCURRENCY at a time on PostgreSQL (each on its own connection), one at a
 * time on the embedded PGlite, which runs one transaction at a time anyway; twice that many per fetch.
 */
export function calculationWork(config: Config) {
  const concurrency = config.embedded ? 1 : config.JOB_CONCURRENCY;
  return { concurrency, batchSize: Math.max(2 * concurrency, 10), pollingIntervalSeconds: config.JOB_POLL_SECONDS };
}

export async function startWorker(db: Db, config: Config, log: FastifyBaseLogger, queue: JobQueue): Promise<{ stop(): Promise<void> }> {
  const work = calculationWork(config);
  await workInBatches<{ instanceId: string }>(
    queue,
    QUEUES.calculate,
    work,
    // The auto report mail is queued in the transaction that makes the result available.
    (job) => calculateInstance(db, job.data.instanceId, log, (tx, instanceId) => queueAutoReport(tx, queue, config, instanceId)),
    (job, err) => log.warn({ err, instanceId: job.data.instanceId, retryCount: job.retryCount }, 'calculation job failed; pg-boss retries it'),
  );
  // Mail: delivery jobs, automatic reminders (features/mail/mail-worker.ts).
  const mail = await startMailWorker(db, config, log, queue);
  // Retention: once a day, deletes or pseudonymises what is due (docs/decisions/0044).
  await startRetentionWorker(db, log, queue, config.PARTICIPANT_ACCESS_LOG_DAYS);
  // Sending to many clients (features/bulk-send).
  await startBulkSendWorker(db, config, log, queue);
  // Signed webhooks (features/webhooks, docs/decisions/0090).
  const webhooks = startWebhookWorker(db, config, log, queue);
  // CRM sync (features/crm, docs/decisions/0094).
  const crm = startCrmWorker(db, config, log);
  const run = async () => {
    try {
      await purgeExpiredSessions(db);
      await purgeOldLoginFailures(db, config);
      await purgeOldRateLimitHits(db);
      await purgeExpiredPublicStarts(db);
      // The daily signed checkpoint of the audit chains' heads (with AUDIT_SIGNING_KEY; docs/decisions/0039).
      await writeCheckpointIfDue(db, config, new Date(), queue);
      await scheduleRetention(queue);
      // The yearly review: tell advisers (and webhooks) of reviews falling due (docs/decisions/0093).
      await announceDueReviews(db, queue, config);
      // CRM sync: every connection not fully written for a day queues all its clients with a result (docs/decisions/0094).
      await queueNightlyRuns(db);
    } catch (err) {
      log.error({ err }, 'housekeeping failed');
    }
  };
  void run();
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  log.info({ calculations: work }, 'worker started');
  return {
    stop: async () => {
      clearInterval(timer);
      webhooks.stop();
      crm.stop();
      await mail.stop();
    },
  };
}
