// The worker's mail duties: the delivery job (one outbox mail per job, retried by pg-boss) and, every
// REMINDER_CHECK_SECONDS, the reminder sweep plus the recovery of mails abandoned mid-send.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { deliverMail, recoverAbandonedMails } from './deliver-mail';
import { sweepReminders } from './reminder-sweep';
import { createMailTransport, mailFolder } from './transport';

export async function startMailWorker(db: Db, config: Config, log: FastifyBaseLogger, queue: JobQueue): Promise<{ stop(): void }> {
  const transport = createMailTransport(config);
  if (transport.kind === 'files' && !config.embedded) {
    log.warn(`SMTP_URL is not set: mails are written as .eml files to ${mailFolder(config)} and not sent`);
  }
  await queue.boss.work<{ mailId: string }>(
    QUEUES.mailDeliver,
    { batchSize: 1, pollingIntervalSeconds: config.JOB_POLL_SECONDS, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
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
