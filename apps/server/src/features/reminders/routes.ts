// GET /api/reminders/counts: the menu's reminder count. Counts the account's open interaction instances
// (not yet filled) by expiry: already expired (remind now), expiring later this month, next month.
// "Open" and "expired" mean what they mean to the automatic reminders (@bq/domain/reminder-schedule): those
// remind participants while a questionnaire is open and not expired; the menu's "now" is what is left for the
// adviser, the open questionnaires whose link has expired (docs/decisions/0010-mail.md). And the clients whose yearly
// review is due (features/yearly-review, docs/decisions/0093).
import { and, count, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReminderCounts } from '@bq/contracts/user';
import type { InteractionStatus } from '@bq/domain/interaction-lifecycle';
import { REMINDABLE_STATUSES } from '@bq/domain/reminder-schedule';
import { interactionInstances } from '../../db/schema';
import { apiErrors } from '../../plugins/openapi';
import { reviewsDue } from '../yearly-review/review-due';

/** States in which the participant still has to act, so a reminder makes sense. */
const OPEN_STATUSES: InteractionStatus[] = [...REMINDABLE_STATUSES];

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reminders/counts',
    { config: { audit: false, signedIn: true }, schema: { operationId: 'getReminderCounts', tags: ['user'], response: { 200: ZReminderCounts, ...apiErrors({ 401: ['error.auth.unauthorized'] }) } } },
    async (request) => {
      const { accountId } = request.auth;
      const now = new Date();
      const startNextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const startMonthAfter = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
      const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
      const [row] = await app.db
        .select({
          now: count(sql`case when ${interactionInstances.expiresAt} <= ${at(now)} then 1 end`),
          thisMonth: count(sql`case when ${interactionInstances.expiresAt} > ${at(now)} and ${interactionInstances.expiresAt} < ${at(startNextMonth)} then 1 end`),
          nextMonth: count(sql`case when ${interactionInstances.expiresAt} >= ${at(startNextMonth)} then 1 end`),
        })
        .from(interactionInstances)
        .where(
          and(
            eq(interactionInstances.accountId, accountId),
            inArray(interactionInstances.status, OPEN_STATUSES),
            isNotNull(interactionInstances.expiresAt),
            lt(interactionInstances.expiresAt, startMonthAfter),
          ),
        );
      return { now: row?.now ?? 0, thisMonth: row?.thisMonth ?? 0, nextMonth: row?.nextMonth ?? 0, reviewsDue: await reviewsDue(app.db, accountId, now) };
    },
  );
};
