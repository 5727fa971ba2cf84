// The wealth advisory free trial (spec section 1): an account whose BQ_ADVISORY_WEALTH configuration runs on the
// TRIAL plan sees its results without credits. The notice "trial available" shows until the user dismisses it.
import { and, count, eq, sql } from 'drizzle-orm';
import type { TTrialStatus } from '@bq/contracts/credits';
import type { Db } from '../../db/client';
import { interactionInstances, productConfigurations, users } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth';

export const WEALTH_TRIAL_NOTICE = 'TRIAL_BQ_ADVISORY_WEALTH';

export async function getWealthTrialStatus(db: Db, auth: AuthContext): Promise<TTrialStatus> {
  const [config] = await db
    .select({ id: productConfigurations.id, planType: productConfigurations.planType })
    .from(productConfigurations)
    .where(and(eq(productConfigurations.accountId, auth.accountId), eq(productConfigurations.productType, 'BQ_ADVISORY_WEALTH')))
    .limit(1);
  const [user] = await db.select({ dismissed: users.dismissedNotices }).from(users).where(eq(users.id, auth.userId));
  const dismissed = (user?.dismissed ?? []).includes(WEALTH_TRIAL_NOTICE);
  const onTrial = config?.planType === 'TRIAL';
  let trialResults = 0;
  if (config) {
    const [row] = await db
      .select({ n: count() })
      .from(interactionInstances)
      .where(and(eq(interactionInstances.productConfigurationId, config.id), eq(interactionInstances.lockStatus, 'TRIAL'), eq(interactionInstances.status, 'RESULTS_AVAILABLE')));
    trialResults = row?.n ?? 0;
  }
  return { productType: 'BQ_ADVISORY_WEALTH', onTrial, trialAvailable: onTrial && !dismissed, dismissed, trialResults };
}

export async function dismissWealthTrial(db: Db, auth: AuthContext): Promise<TTrialStatus> {
  // Append once: jsonb containment keeps a second dismissal from adding a duplicate.
  await db
    .update(users)
    .set({ dismissedNotices: sql`case when ${users.dismissedNotices} @> ${JSON.stringify([WEALTH_TRIAL_NOTICE])}::jsonb then ${users.dismissedNotices} else ${users.dismissedNotices} || ${JSON.stringify([WEALTH_TRIAL_NOTICE])}::jsonb end` })
    .where(eq(users.id, auth.userId));
  return getWealthTrialStatus(db, auth);
}
