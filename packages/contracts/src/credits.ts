// Credits (DESIGN.md sections 3 and 5): unlocking a finished result spends one credit; the wealth advisory
// trial shows results without one.
import { z } from 'zod';

export const ZUnlockRequest = z
  .object({ interactionToken: z.string().min(1).max(100) })
  .meta({ id: 'UnlockRequest' });
export type TUnlockRequest = z.infer<typeof ZUnlockRequest>;

export const ZUnlockResponse = z
  .object({
    interactionToken: z.string(),
    lockStatus: z.enum(['LOCKED', 'UNLOCKED', 'TRIAL']),
    /** Whether this call spent a credit (false when the result was already open). */
    creditSpent: z.boolean(),
    creditBalance: z.number().int(),
  })
  .meta({ id: 'UnlockResponse' });
export type TUnlockResponse = z.infer<typeof ZUnlockResponse>;

/** GET /api/trial/bq_advisory_wealth: whether to show the "trial available" notice. */
export const ZTrialStatus = z
  .object({
    productType: z.literal('BQ_ADVISORY_WEALTH'),
    /** The account's wealth advisory configuration runs on the TRIAL plan. */
    onTrial: z.boolean(),
    /** Show the notice: on trial and not dismissed by this user. */
    trialAvailable: z.boolean(),
    dismissed: z.boolean(),
    /** Results the trial has shown so far. */
    trialResults: z.number().int(),
    /** When the trial ends (or ended); null when the product is not on a trial or its trial has no end. */
    endsAt: z.iso.datetime().nullable(),
    /** The trial has ended: new questionnaires start LOCKED and need a credit to open. */
    ended: z.boolean(),
    /** Show the notice that the trial has ended: ended and not dismissed by this user. */
    endedNotice: z.boolean(),
  })
  .meta({ id: 'TrialStatus' });
export type TTrialStatus = z.infer<typeof ZTrialStatus>;
