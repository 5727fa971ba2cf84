import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isReminderDue, nextReminderAt, type ReminderState } from './reminder-schedule';

const DAY = 86_400_000;
const created = new Date('2026-03-02T09:00:00.000Z');
const day = (n: number) => new Date(created.getTime() + n * DAY);

function instance(overrides: Partial<ReminderState> = {}): ReminderState {
  return {
    status: 'NEW',
    autoReminder: true,
    createdAt: created,
    expiresAt: day(30),
    invitedAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    ...overrides,
  };
}

/** Runs the schedule like the sweep does, checking every hour; returns the hours (after creation) of the reminders. */
function simulateHours(state: ReminderState, untilDay: number): number[] {
  const sent: number[] = [];
  let current = { ...state };
  for (let hour = 0; hour <= untilDay * 24; hour++) {
    const now = new Date(current.createdAt.getTime() + hour * 3_600_000);
    if (isReminderDue(current, now)) {
      sent.push(hour);
      current = { ...current, remindersSent: current.remindersSent + 1, lastReminderAt: now };
    }
  }
  return sent;
}

/** The same in days. */
const simulate = (state: ReminderState, untilDay: number) => simulateHours(state, untilDay).map((h) => h / 24);

describe('nextReminderAt', () => {
  it('sends the first reminder 3 days after creation, then every 7 days, at most 3, plus one 2 days before expiry', () => {
    expect(nextReminderAt(instance(), day(0))).toEqual(day(3));
    expect(nextReminderAt(instance({ remindersSent: 1, lastReminderAt: day(3) }), day(4))).toEqual(day(10));
    expect(nextReminderAt(instance({ remindersSent: 2, lastReminderAt: day(10) }), day(11))).toEqual(day(17));
    // Three regular ones sent: only the last-chance reminder remains.
    expect(nextReminderAt(instance({ remindersSent: 3, lastReminderAt: day(17) }), day(18))).toEqual(day(28));
    expect(nextReminderAt(instance({ remindersSent: 4, lastReminderAt: day(28) }), day(28))).toBeNull();
    expect(simulate(instance(), 40)).toEqual([3, 10, 17, 28]);
  });

  it('counts from the latest invitation e-mail', () => {
    expect(nextReminderAt(instance({ invitedAt: day(1) }), day(1))).toEqual(day(4));
    // Invited again after the first reminder: the next one waits 7 days from that invitation.
    expect(nextReminderAt(instance({ invitedAt: day(5), remindersSent: 1, lastReminderAt: day(3) }), day(5))).toEqual(day(12));
  });

  it('makes the last reminder fall into the final 2 days when the link is short-lived', () => {
    // 14 days: day 3, day 10, then the window opens on day 12.
    expect(simulate(instance({ expiresAt: day(14) }), 20)).toEqual([3, 10, 12]);
    // 5 days: the first reminder on day 3 already lies in the final 2 days.
    expect(simulate(instance({ expiresAt: day(5) }), 10)).toEqual([3]);
    // 2 days: one reminder a day after the invitation, never on the day it was sent.
    expect(simulate(instance({ expiresAt: day(2) }), 10)).toEqual([1]);
    // 1 day: no time for a reminder.
    expect(simulate(instance({ expiresAt: day(1) }), 10)).toEqual([]);
  });

  it('sends one reminder per check after a long pause, not a burst', () => {
    const now = day(20);
    expect(isReminderDue(instance(), now)).toBe(true);
    const after = instance({ remindersSent: 1, lastReminderAt: now });
    expect(nextReminderAt(after, now)).toEqual(day(27));
  });

  it('stops when the questionnaire is filled, closed, expired, without expiry, or the switch is off', () => {
    for (const status of ['FILLED', 'CALCULATING', 'RESULTS_AVAILABLE', 'CLOSED', 'ERROR']) {
      expect(nextReminderAt(instance({ status }), day(5)), status).toBeNull();
    }
    expect(nextReminderAt(instance({ status: 'OPENED' }), day(5))).toEqual(day(3));
    expect(nextReminderAt(instance({ autoReminder: false }), day(5))).toBeNull();
    expect(nextReminderAt(instance({ expiresAt: null }), day(5))).toBeNull();
    expect(nextReminderAt(instance(), day(30))).toBeNull();
    expect(nextReminderAt(instance(), day(31))).toBeNull();
  });

  it('never schedules a reminder at or after the expiry, nor two within a day, nor more than four', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.option(fc.integer({ min: 0, max: 10 * 24 }), { nil: null }),
        (expiryDays, invitedHours) => {
          const state = instance({
            expiresAt: day(expiryDays),
            invitedAt: invitedHours === null ? null : new Date(created.getTime() + invitedHours * 3_600_000),
          });
          const hours = simulateHours(state, expiryDays + 5);
          expect(hours.length).toBeLessThanOrEqual(4);
          for (const h of hours) expect(h).toBeLessThan(expiryDays * 24);
          for (let i = 1; i < hours.length; i++) expect(hours[i]! - hours[i - 1]!).toBeGreaterThanOrEqual(24);
          // Never within a day of the invitation e-mail either.
          if (invitedHours !== null) for (const h of hours) expect(h - invitedHours).toBeGreaterThanOrEqual(24);
          // Whenever there was room for it, one reminder lies in the final two days.
          if (hours.length > 0 && expiryDays * 24 >= 72 + (invitedHours ?? 0)) {
            expect(hours.at(-1)!).toBeGreaterThanOrEqual((expiryDays - 2) * 24);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
