// An account's second-factor requirement and its members' factors, for the account admin (docs/decisions/0042).
import { z } from 'zod';
import { ZMemberApiCredential } from './api-credentials';

export const SECOND_FACTOR_GRACE_DAYS_MAX = 30;

export const ZAccountSecurity = z
  .object({
    /** Every evaluator of the account must sign in with a second factor. */
    secondFactorRequired: z.boolean(),
    /** Days after the requirement was switched on (or after a later user's creation) that a password alone still gets in. */
    graceDays: z.number().int().min(0).max(SECOND_FACTOR_GRACE_DAYS_MAX),
  })
  .meta({ id: 'AccountSecurity' });
export type TAccountSecurity = z.infer<typeof ZAccountSecurity>;

export const ZAccountSecurityResponse = ZAccountSecurity.extend({
  /** When the requirement was switched on (ISO 8601); null while it is off. */
  requiredSince: z.string().nullable(),
}).meta({ id: 'AccountSecurityResponse' });
export type TAccountSecurityResponse = z.infer<typeof ZAccountSecurityResponse>;

export const ZAccountMemberFactor = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    active: z.boolean(),
    /** A confirmed TOTP factor. */
    totp: z.boolean(),
    /** How many passkeys the member has registered (each one is a second factor too, docs/decisions/0045). */
    passkeys: z.number().int().min(0),
    /** When password-only sign-in stops working for this member (ISO 8601); null when nothing is required of them. */
    enrolmentDeadline: z.string().nullable(),
    /** The member's unrevoked API credentials, expired ones included (docs/decisions/0072): standing access an admin should see. */
    apiCredentials: z.array(ZMemberApiCredential),
  })
  .meta({ id: 'AccountMemberFactor' });
export type TAccountMemberFactor = z.infer<typeof ZAccountMemberFactor>;

export const ZAccountMemberFactorList = z.object({ members: z.array(ZAccountMemberFactor) }).meta({ id: 'AccountMemberFactorList' });
export type TAccountMemberFactorList = z.infer<typeof ZAccountMemberFactorList>;

export const ZMemberIdParams = z.object({ userId: z.uuid() });
