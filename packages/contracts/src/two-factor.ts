// The second factor (TOTP, RFC 6238 with the authenticator-app defaults) and the second step of sign-in.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@bq/domain/password-policy';

/** Six digits from the authenticator app; spaces (as some apps show "123 456") are ignored. */
export const ZTotpCode = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'error.validation.totp_code'));

/** A recovery code as shown (xxxxx-xxxxx); letter case, spaces and dashes do not matter. */
export const ZRecoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'error.validation.recovery_code'));

export const ZTotpStatusResponse = z
  .object({
    /** A confirmed factor: sign-in asks for a code. */
    enabled: z.boolean(),
    /** Recovery codes not used yet (0 when not enabled). */
    recoveryCodesLeft: z.number().int().min(0),
    /**
     * The account requires a factor and the user has none: from this moment (ISO 8601) a password alone only lets
     * them enrol one (docs/decisions/0042). Null when nothing is required of them.
     */
    enrolmentDeadline: z.string().nullable(),
    /** The deadline has passed: the session may only enrol a factor or sign out. */
    enrolmentOverdue: z.boolean(),
  })
  .meta({ id: 'TotpStatusResponse' });
export type TTotpStatusResponse = z.infer<typeof ZTotpStatusResponse>;

export const ZStartTotpEnrolmentResponse = z
  .object({
    /** The base32 secret, for typing into an app that cannot scan. */
    secret: z.string(),
    /** otpauth://totp/{issuer}:{e-mail}?secret=...&issuer=... (SHA-1, 6 digits, 30 s: the apps' defaults). */
    otpauthUri: z.string(),
    /** The otpauth URI as a QR code: an SVG data URL for an img element. */
    qrCodeDataUrl: z.string(),
  })
  .meta({ id: 'StartTotpEnrolmentResponse' });
export type TStartTotpEnrolmentResponse = z.infer<typeof ZStartTotpEnrolmentResponse>;

export const ZConfirmTotpRequest = z.object({ code: ZTotpCode }).meta({ id: 'ConfirmTotpRequest' });
export type TConfirmTotpRequest = z.input<typeof ZConfirmTotpRequest>;

export const ZConfirmTotpResponse = z
  .object({ recoveryCodes: z.array(z.string()).length(10).meta({ description: 'Shown this once; each signs in once' }) })
  .meta({ id: 'ConfirmTotpResponse' });
export type TConfirmTotpResponse = z.infer<typeof ZConfirmTotpResponse>;

/** The password and a current code (or, with the device lost, a recovery code). */
export const ZDisableTotpRequest = z
  .object({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    code: ZTotpCode.optional(),
    recoveryCode: ZRecoveryCode.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), { message: 'code or recoveryCode', path: ['code'] })
  .meta({ id: 'DisableTotpRequest' });
export type TDisableTotpRequest = z.input<typeof ZDisableTotpRequest>;

/** The second step of sign-in: a code or a recovery code, with the pending sign-in's bq_2fa cookie. */
export const ZLoginSecondFactorRequest = z
  .object({ code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), { message: 'code or recoveryCode', path: ['code'] })
  .meta({ id: 'LoginSecondFactorRequest' });
export type TLoginSecondFactorRequest = z.input<typeof ZLoginSecondFactorRequest>;
