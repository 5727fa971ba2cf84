// The wealth advisory free trial (spec section 1): an account whose BQ_ADVISORY_WEALTH configuration runs on the
// TRIAL plan sees its results without credits until the trial ends (docs/decisions/0038). The notice says until when
// the trial runs, and once it has ended that it did; each shows until the user dismisses it.
import { and, count, eq, sql } from 'drizzle-orm';
import type { TTrialStatus } from '@bq/contracts/credits';
import type { Db } from '../../db/client';
import { interactionInstances, productConfigurations, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';

export const WEALTH_TRIAL_NOTICE = 'TRIAL_BQ_ADVISORY_WEALTH';
/** A separate notice: dismissing "the trial runs" must not hide "the trial has ended". */
export const WEALTH_TRIAL_ENDED_NOTICE = 'TRIAL_BQ_ADVISORY_WEALTH_ENDED';

/** The trial still opens results: a TRIAL plan whose end (if any) is still ahead. */
export function trialRuns(config: { planType: string; trialEndsAt: Date | null }, now = new Date()): boolean {
  return config.planType === 'TRIAL' && (config.trialEndsAt === null || config.trialEndsAt.getTime() > now.getTime());
}

/** When the configuration's trial ends or ended, as the API says it; null when it is not on a trial plan. */
export function trialEndOf(config: { planType: string; trialEndsAt: Date | null }): string | null {
  return config.planType === 'TRIAL' ? (config.trialEndsAt?.toISOString() ?? null) : null;
}

export async function getWealthTrialStatus(db: Db, auth: AuthContext): Promise<TTrialStatus> {
  const [config] = await db
    .select({ id: productConfigurations.id, planType: productConfigurations.planType, trialEndsAt: productConfigurations.trialEndsAt })
    .from(productConfigurations)
    .where(and(eq(productConfigurations.accountId, auth.accountId), eq(productConfigurations.productType, 'BQ_ADVISORY_WEALTH')))
    .limit(1);
  const [user] = await db.select({ dismissed: users.dismissedNotices }).from(users).where(eq(users.id, auth.userId));
  const dismissedNotices = user?.dismissed ?? [];
  const onTrial = config ? trialRuns(config) : false;
  const ended = config?.planType === 'TRIAL' && !onTrial;
  const dismissed = dismissedNotices.includes(ended ? WEALTH_TRIAL_ENDED_NOTICE : WEALTH_TRIAL_NOTICE);
  let trialResults = 0;
  if (config) {
    const [row] = await db
      .select({ n: count() })
      .from(interactionInstances)
      .where(and(eq(interactionInstances.productConfigurationId, config.id), eq(interactionInstances.lockStatus, 'TRIAL'), eq(interactionInstances.status, 'RESULTS_AVAILABLE')));
    trialResults = row?.n ?? 0;
  }
  return {
    productType: 'BQ_ADVISORY_WEALTH',
    onTrial,
    trialAvailable: onTrial && !dismissed,
    dismissed,
    trialResults,
    endsAt: config ? trialEndOf(config) : null,
    ended,
    endedNotice: ended && !dismissed,
  };
}

export async function dismissWealthTrial(db: Db, auth: AuthContext): Promise<TTrialStatus> {
  // Dismisses the notice the user sees now: "the trial runs", or "the trial has ended" once it has.
  const notice = (await getWealthTrialStatus(db, auth)).ended ? WEALTH_TRIAL_ENDED_NOTICE : WEALTH_TRIAL_NOTICE;
  // Append once: jsonb containment keeps a second dismissal from adding a duplicate.
  await db
    .update(users)
    .set({ dismissedNotices: sql`case when ${users.dismissedNotices} @> ${JSON.stringify([notice])}::jsonb then ${users.dismissedNotices} else ${users.dismissedNotices} || ${JSON.stringify([notice])}::jsonb end` })
    .where(eq(users.id, auth.userId));
  return getWealthTrialStatus(db, auth);
}
