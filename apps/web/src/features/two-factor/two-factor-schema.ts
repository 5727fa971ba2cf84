// The security settings' forms validate with the contracts' code schemas; removal takes the app's code or a recovery
// code in one field, told apart by their shape (six digits, or ten letters and digits).
import { z } from 'zod';
import { ZPasskeyName } from '@bq/contracts/passkeys';
import { ZTotpCode } from '@bq/contracts/two-factor';

export const ZConfirmTotpForm = z.object({ code: ZTotpCode });

export const ZDisableTotpForm = z.object({
  password: z.string().min(1),
  code: z.string().trim().min(1).max(40),
});

/** The field's value as the request's code or recoveryCode. */
export function factorProof(value: string): { code: string } | { recoveryCode: string } {
  return /^[\d\s]+$/.test(value) ? { code: value } : { recoveryCode: value };
}

export const ZStepUpCodeForm = z.object({ code: ZTotpCode });

/** The password, when the user has no second factor to confirm with (docs/decisions/0064). */
export const ZStepUpPasswordForm = z.object({ password: z.string().min(1) });

/** A new passkey's name, as the server checks it. */
export const ZPasskeyNameForm = z.object({ name: ZPasskeyName });
