// Interaction instances from the evaluator's side: send one to a client, switch its auto sends, delete it.
import { z } from 'zod';
import { ZInstanceSummary } from './clients';

export const ZCreateInstanceRequest = z
  .object({
    clientToken: z.string().min(1).max(100),
    productConfigurationId: z.uuid(),
    /** Days until the questionnaire expires (spec: expiration badges); 1-365, default 30. */
    expiresInDays: z.number().int().min(1).max(365).default(30),
    autoReminder: z.boolean().default(true),
    autoSendReport: z.boolean().default(false),
  })
  .meta({ id: 'CreateInstanceRequest' });
export type TCreateInstanceRequest = z.input<typeof ZCreateInstanceRequest>;

export const ZInstance = ZInstanceSummary.extend({
  clientToken: z.string(),
  productConfigurationId: z.string(),
  autoReminder: z.boolean(),
  autoSendReport: z.boolean(),
  openedAt: z.string().nullable(),
  filledAt: z.string().nullable(),
}).meta({ id: 'Instance' });
export type TInstance = z.infer<typeof ZInstance>;

export const ZAutoSendsRequest = z
  .object({ autoSendReport: z.boolean().optional(), autoReminder: z.boolean().optional() })
  .refine((v) => v.autoSendReport !== undefined || v.autoReminder !== undefined, 'error.validation.required')
  .meta({ id: 'AutoSendsRequest' });
export type TAutoSendsRequest = z.infer<typeof ZAutoSendsRequest>;
