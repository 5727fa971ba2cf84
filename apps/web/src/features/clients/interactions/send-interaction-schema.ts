// The send form checks the expiry with the contract's own rule for expiresInDays (whole days, 1-365), and the
// request it builds goes through ZCreateInstanceRequest, the schema the server parses, so both judge alike.
import { z } from 'zod';
import { DEFAULT_INVITATION_VALID_DAYS, ZCreateInstanceRequest, type TCreateInstanceRequest } from '@bq/contracts/instances';

const expiresInDays = ZCreateInstanceRequest.shape.expiresInDays;

/** Read as text (what the input holds); a custom issue so the message speaks of days, not characters. */
export const ZSendInteractionForm = z.object({
  expiresInDays: z
    .string()
    .trim()
    .refine(
      (value) => /^\d+$/.test(value) && expiresInDays.safeParse(Number(value)).success,
      'interactions.send.expiry.invalid',
    )
    .transform(Number),
});
export type SendInteractionFormData = z.output<typeof ZSendInteractionForm>;

/**
 * The contract's defaults: reminder on, report off; the expiry is the product configuration's (30 days if unknown).
 * The dialog e-mails the invitation unless the adviser unticks it (the API leaves it off for callers that hand the
 * link out themselves), so the first click sends.
 */
export const SEND_DEFAULTS = {
  expiresInDays: DEFAULT_INVITATION_VALID_DAYS,
  autoReminder: ZCreateInstanceRequest.shape.autoReminder.parse(undefined),
  autoSendReport: ZCreateInstanceRequest.shape.autoSendReport.parse(undefined),
  sendInvitationEmail: true,
};

export interface SendInteractionChoices {
  expiresInDays: number;
  autoReminder: boolean;
  autoSendReport: boolean;
  sendInvitationEmail: boolean;
}

export function createInstanceRequest(
  clientToken: string,
  productConfigurationId: string,
  choices: SendInteractionChoices,
): TCreateInstanceRequest {
  return ZCreateInstanceRequest.parse({ clientToken, productConfigurationId, ...choices });
}
