// The worker's mail duties: the delivery job (one outbox mail per job, retried by pg-boss) and, every
// REMINDER_CHECK_SECONDS, the reminder sweep plus the recovery of mails abandoned mid-send.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { workInBatches } from '../../jobs/batch-worker';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { deliverMail, recoverAbandonedMails } from './deliver-mail';
import { sweepReminders } from './reminder-sweep';
import { createMailTransport, mailFolder } from './transport';

export async function startMailWorker(db: Db, config: Config, log: FastifyBaseLogger, queue: JobQueue): Promise<{ stop(): void }> {
  const transport = createMailTransport(config);
  if (transport.kind === 'files' && !config.embedded) {
    log.warn(`SMTP_URL is not set: mails are written as .eml files to ${mailFolder(config)} and not sent`);
  }
  // Several mails per fetch, a few sent at a time, so a burst (e.g. the auto report mails of many results) does not
  // wait a poll interval per mail; one at a time on the embedded PGlite.
  const concurrency = config.embedded ? 1 : Math.min(4, config.JOB_CONCURRENCY);
  await workInBatches<{ mailId: string }>(
    queue,
    QUEUES.mailDeliver,
    { batchSize: 10, concurrency, pollingIntervalSeconds: config.JOB_POLL_SECONDS },
    async (job) => {
      const outcome = await deliverMail(db, transport, job.data.mailId, { finalAttempt: job.retryCount >= job.retryLimit, log });
      // Claimed by a live delivery elsewhere: look again later rather than risk losing it if that one dies.
      if (outcome === 'busy') throw new Error(`mail ${job.data.mailId} is being delivered by another worker`);
    },
  );

  let running = false;
  const tick = async () => {
    if (running) return; // a slow sweep is not overtaken by the next one
    running = true;
    try {
      const { sent } = await sweepReminders(db, queue, config, new Date(), log);
      if (sent > 0) log.info({ sent }, 'automatic reminders queued');
      await recoverAbandonedMails(db, queue);
    } catch (err) {
      log.error({ err }, 'reminder sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), config.REMINDER_CHECK_SECONDS * 1000);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      transport.close();
    },
  };
}
