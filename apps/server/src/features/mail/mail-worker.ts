// The worker's mail duties: the delivery job (one outbox mail per job, retried by pg-boss) and, every
// REMINDER_CHECK_SECONDS, the reminder sweep plus the recovery of mails abandoned mid-send.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { workInBatches } from '../../jobs/batch-worker';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import { deliverMail, recoverAbandonedMails } from './deliver-mail';
import { sweepReminders } from './reminder-sweep';
import { OutboxDispatcher, startOutboxDispatcher } from './outbox-dispatcher';
import { createMailTransport, mailFolder } from './transport';
import { createOwnSenders } from '../branding/own-sender';
import { handOverToOwnSender, startOwnSenderLanes } from './own-sender-lanes';
import { createDeliveryRenderer } from '../bulk-send/render-at-delivery';

export async function startMailWorker(db: Db, config: Config, log: FastifyBaseLogger, queue: JobQueue): Promise<{ stop(): Promise<void> }> {
  const transport = createMailTransport(config);
  const ownSender = createOwnSenders(db, config);
  if (transport.kind === 'files' && !config.embedded) {
    log.warn(`SMTP_URL is not set: mails are written as .eml files to ${mailFolder(config)} and not sent`);
  }
  // A few mails per fetch, all sent at once, so a burst (e.g. the auto report mails of many results) does not wait a
  // poll interval per mail (a full batch fetches again at once); one at a time on the embedded PGlite. No more jobs
  // are fetched than are sent at once: a fetched job is claimed (SENDING) at once, so a worker that dies leaves no
  // fetched-but-unclaimed job behind, which would wait for its expiry (2 x lease) and retry delay; a SENDING mail is
  // resent by the recovery sweep as soon as its lease runs out (docs/decisions/0026).
  const concurrency = config.embedded ? 1 : Math.min(4, config.JOB_CONCURRENCY);
  await workInBatches<{ mailId: string }>(
    queue,
    QUEUES.mailDeliver,
    { batchSize: concurrency, concurrency, pollingIntervalSeconds: config.JOB_POLL_SECONDS },
    async (job) => {
      // A mail for an account's own server leaves from that account's lane, never from these shared slots.
      if (await handOverToOwnSender(db, queue, job.data.mailId)) return;
      const outcome = await deliverMail(db, transport, job.data.mailId, {
        finalAttempt: job.retryCount >= job.retryLimit,
        log,
        leaseSeconds: config.MAIL_SEND_LEASE_SECONDS,
        recordInTrail: true,
      });
      // Claimed by a live delivery elsewhere: look again later rather than risk losing it if that one dies.
      if (outcome === 'busy') throw new Error(`mail ${job.data.mailId} is being delivered by another worker`);
    },
  );
  await startOwnSenderLanes(db, queue, {
    transport,
    ownSender,
    log,
    leaseSeconds: config.MAIL_SEND_LEASE_SECONDS,
    recordInTrail: true,
    pollingIntervalSeconds: config.JOB_POLL_SECONDS,
  });

  let running = false;
  const tick = async () => {
    if (running) return; // a slow sweep is not overtaken by the next one
    running = true;
    try {
      const { sent } = await sweepReminders(db, queue, config, new Date(), log);
      if (sent > 0) log.info({ sent }, 'automatic reminders queued');
      await recoverAbandonedMails(db, queue, config.MAIL_SEND_LEASE_SECONDS);
    } catch (err) {
      log.error({ err }, 'reminder sweep failed');
    } finally {
      running = false;
    }
  };
  // A worker that starts after a crash resends the mails the dead one left SENDING at once (if their lease ran out).
  void recoverAbandonedMails(db, queue, config.MAIL_SEND_LEASE_SECONDS).catch((err: unknown) => log.error({ err }, 'mail recovery failed'));
  const timer = setInterval(() => void tick(), config.REMINDER_CHECK_SECONDS * 1000);
  timer.unref();
  // Mails without a job of their own (a bulk send's invitations) leave through the dispatcher, over the same pool.
  const dispatcher = startOutboxDispatcher(
    new OutboxDispatcher(db, transport, {
      batch: config.embedded ? 50 : transport.parallel * 20,
      perAccount: config.MAIL_DISPATCH_PER_ACCOUNT,
      recordInTrail: true,
      log,
      render: createDeliveryRenderer(db, config),
    }),
    config.JOB_POLL_SECONDS,
    log,
  );
  return {
    stop: async () => {
      clearInterval(timer);
      await dispatcher.stop();
      transport.close();
      ownSender.close();
    },
  };
}
