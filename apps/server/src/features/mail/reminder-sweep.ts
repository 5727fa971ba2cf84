// Automatic reminders: the worker calls sweepReminders every REMINDER_CHECK_SECONDS. It sends the reminders the
// schedule (@bq/domain/reminder-schedule) says are due at `now`, one per instance and sweep. Safe with several
// workers: each instance is re-read under a row lock (SKIP LOCKED: a sweep never waits for another) and the
// outbox's dedupe key reminder:{instanceId}:{n} makes the n-th reminder exist once whatever happens.
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDate } from '@bq/domain/formats';
import { REMINDABLE_STATUSES, REMINDER_SCHEDULE, isReminderDue } from '@bq/domain/reminder-schedule';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { interactionInstances } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { invitationValues } from '../instances/invite';
import { queueMail } from './outbox';
import { fillPlaceholders, loadEmailTexts } from './render-mail';

const DAY = 86_400_000;
const PAGE = 500;
const MAX_REMINDERS = REMINDER_SCHEDULE.maxRegular + 1;

/** "valid until ..." in the client's language: today, 1 more day, n more days. */
async function validityText(tx: Tx, locale: Parameters<typeof loadEmailTexts>[1], expiresAt: Date, now: Date): Promise<string> {
  const days = Math.floor((expiresAt.getTime() - now.getTime()) / DAY);
  const key = days < 1 ? 'email.reminder.validity_today' : days === 1 ? 'email.reminder.validity_one' : 'email.reminder.validity_other';
  const texts = await loadEmailTexts(tx, locale, [key]);
  return fillPlaceholders(texts[key]!, { days: String(days), expiresAt: formatDate(expiresAt, locale) });
}

/** Sends the next reminder of one instance if it is still due under the row lock; true when one was queued. */
async function remindInstance(db: Db, queue: JobQueue, config: Config, instanceId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [instance] = await tx
      .select()
      .from(interactionInstances)
      .where(eq(interactionInstances.id, instanceId))
      .for('update', { skipLocked: true });
    if (!instance || !isReminderDue(instance, now)) return false;
    const { client, values } = await invitationValues(tx, config, instance);
    if (!client.email) return false;
    const n = instance.remindersSent + 1;
    await queueMail(
      tx,
      queue,
      {
        accountId: instance.accountId,
        kind: 'REMINDER',
        dedupeKey: `reminder:${instance.id}:${n}`,
        to: client.email,
        locale: client.locale,
        template: 'reminder',
        params: { ...values, validity: await validityText(tx, client.locale, instance.expiresAt!, now) },
        instanceId: instance.id,
      },
      config,
    );
    await tx
      .update(interactionInstances)
      .set({ remindersSent: n, lastReminderAt: now, updatedAt: sql`now()` })
      .where(eq(interactionInstances.id, instance.id));
    return true;
  });
}

export async function sweepReminders(
  db: Db,
  queue: JobQueue,
  config: Config,
  now: Date = new Date(),
  log?: FastifyBaseLogger,
): Promise<{ checked: number; sent: number }> {
  const minGapAgo = new Date(now.getTime() - REMINDER_SCHEDULE.minGapDays * DAY);
  let checked = 0;
  let sent = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // A cheap first cut in SQL (open, switched on, not expired, a day since the last mail); the schedule decides.
    const page = await db
      .select({
        id: interactionInstances.id,
        status: interactionInstances.status,
        autoReminder: interactionInstances.autoReminder,
        createdAt: interactionInstances.createdAt,
        expiresAt: interactionInstances.expiresAt,
        invitedAt: interactionInstances.invitedAt,
        remindersSent: interactionInstances.remindersSent,
        lastReminderAt: interactionInstances.lastReminderAt,
      })
      .from(interactionInstances)
      .where(
        and(
          gt(interactionInstances.id, after),
          inArray(interactionInstances.status, [...REMINDABLE_STATUSES]),
          eq(interactionInstances.autoReminder, true),
          gt(interactionInstances.expiresAt, now),
          lt(interactionInstances.remindersSent, MAX_REMINDERS),
          sql`greatest(coalesce(${interactionInstances.lastReminderAt}, ${interactionInstances.createdAt}), coalesce(${interactionInstances.invitedAt}, ${interactionInstances.createdAt})) <= ${minGapAgo.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(interactionInstances.id))
      .limit(PAGE);
    for (const candidate of page) {
      checked++;
      if (!isReminderDue(candidate, now)) continue;
      try {
        if (await remindInstance(db, queue, config, candidate.id, now)) sent++;
      } catch (err) {
        // One broken instance must not hold up the reminders of all others; the next sweep tries it again.
        log?.error({ err, instanceId: candidate.id }, 'reminder failed');
      }
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }
  return { checked, sent };
}
