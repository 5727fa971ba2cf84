// When the next automatic reminder of an interaction instance is due (docs/decisions/0010-mail.md). Pure: the
// worker's sweep asks it for every open instance with a given `now`, and sends the reminders that are due.

const DAY = 86_400_000;

/** Statuses in which the participant still has to act; the menu's reminder counts use the same ones. */
export const REMINDABLE_STATUSES = ['NEW', 'OPENED'] as const;

export const REMINDER_SCHEDULE = {
  /** The first reminder, counted from the creation or the latest invitation e-mail. */
  firstAfterDays: 3,
  /** The following ones, counted from the previous reminder (or a later invitation). */
  repeatEveryDays: 7,
  /** Regular reminders at most; the last-chance reminder comes on top. */
  maxRegular: 3,
  /** The last-chance reminder: one reminder always falls into the final days before expiry. */
  lastChanceDays: 2,
  /** Never two mails (invitation or reminder) closer together than this. */
  minGapDays: 1,
} as const;

export interface ReminderState {
  status: string;
  autoReminder: boolean;
  createdAt: Date;
  expiresAt: Date | null;
  /** The latest invitation e-mail, if any. */
  invitedAt: Date | null;
  remindersSent: number;
  lastReminderAt: Date | null;
}

const later = (a: Date, b: Date | null) => (b && b.getTime() > a.getTime() ? b : a);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);

/**
 * The instant the next reminder is due (it may lie in the past: then it is due now), or null when no further
 * reminder will be sent: auto reminder off, not NEW/OPENED, no expiry or already expired, or all sent.
 *
 * - regular: the first `firstAfterDays` after max(created, invited), then every `repeatEveryDays` after
 *   max(last reminder, invited), at most `maxRegular`;
 * - last chance: when no reminder went out in the final `lastChanceDays` before expiry, one at the start of that
 *   window, but never sooner than `minGapDays` after the previous mail;
 * - nothing at or after the expiry.
 */
export function nextReminderAt(instance: ReminderState, now: Date): Date | null {
  const { expiresAt } = instance;
  if (!instance.autoReminder) return null;
  if (!(REMINDABLE_STATUSES as readonly string[]).includes(instance.status)) return null;
  if (!expiresAt || expiresAt.getTime() <= now.getTime()) return null;

  const start = later(instance.createdAt, instance.invitedAt);
  const last = instance.remindersSent > 0 ? instance.lastReminderAt : null;
  const previousMail = last ? later(last, instance.invitedAt) : start;

  const regular =
    instance.remindersSent >= REMINDER_SCHEDULE.maxRegular
      ? null
      : last
        ? plusDays(previousMail, REMINDER_SCHEDULE.repeatEveryDays)
        : plusDays(start, REMINDER_SCHEDULE.firstAfterDays);

  const windowStart = plusDays(expiresAt, -REMINDER_SCHEDULE.lastChanceDays);
  const lastChanceSent = last !== null && last.getTime() >= windowStart.getTime();
  const lastChance = lastChanceSent ? null : later(windowStart, plusDays(previousMail, REMINDER_SCHEDULE.minGapDays));

  const candidates = [regular, lastChance].filter((d): d is Date => d !== null && d.getTime() < expiresAt.getTime());
  if (candidates.length === 0) return null;
  return new Date(Math.min(...candidates.map((d) => d.getTime())));
}

/** True when a reminder should go out at `now`. */
export function isReminderDue(instance: ReminderState, now: Date): boolean {
  const due = nextReminderAt(instance, now);
  return due !== null && due.getTime() <= now.getTime();
}
