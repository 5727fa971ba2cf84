// Passkeys (WebAuthn) as a second factor or a sign-in without a password, and step-up (docs/decisions/0045).
// The options and responses are the JSON forms of the WebAuthn Level 3 spec that @simplewebauthn/browser produces
// and @simplewebauthn/server checks; the schemas bound their size and shape, the server library their content.
import { z } from 'zod';
import { zName } from './names';
import { PASSWORD_MAX_LENGTH } from '@bq/domain/password-policy';
import { ZTotpCode } from './two-factor';

/** base64url as WebAuthn's JSON forms use it (padding tolerated). */
const ZBase64Url = z.string().max(16_000).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'error.validation.base64url');
const ZTransports = z.array(z.string().max(32)).max(10);

/** What the user calls a passkey ("Work laptop", "YubiKey 5"): shown in Settings > Security; the rules of every name. */
export const ZPasskeyName = zName(60);

export const ZPasskey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** Synced between the user's devices (multiDevice) or bound to one authenticator (singleDevice). */
    deviceType: z.enum(['singleDevice', 'multiDevice']),
    backedUp: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeyListResponse = z.object({ items: z.array(ZPasskey) }).meta({ id: 'PasskeyListResponse' });
export type TPasskeyListResponse = z.infer<typeof ZPasskeyListResponse>;

/** PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON: hand it to @simplewebauthn/browser as is. */
export const ZWebAuthnOptions = z
  .looseObject({ challenge: z.string().meta({ description: 'base64url; valid for five minutes, once' }) })
  .meta({ id: 'WebAuthnOptions' });
export type TWebAuthnOptions = z.infer<typeof ZWebAuthnOptions>;

/** RegistrationResponseJSON (navigator.credentials.create() as @simplewebauthn/browser returns it). */
export const ZRegistrationResponse = z
  .object({
    id: ZBase64Url.max(1400),
    rawId: ZBase64Url.max(1400),
    response: z.object({
      clientDataJSON: ZBase64Url,
      attestationObject: ZBase64Url,
      authenticatorData: ZBase64Url.optional(),
      transports: ZTransports.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: ZBase64Url.optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()),
    type: z.literal('public-key'),
  })
  .meta({ id: 'RegistrationResponse' });

/** AuthenticationResponseJSON (navigator.credentials.get() as @simplewebauthn/browser returns it). */
export const ZAuthenticationResponse = z
  .object({
    id: ZBase64Url.max(1400),
    rawId: ZBase64Url.max(1400),
    response: z.object({
      clientDataJSON: ZBase64Url,
      authenticatorData: ZBase64Url,
      signature: ZBase64Url,
      userHandle: ZBase64Url.max(200).optional(),
    }),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()),
    type: z.literal('public-key'),
  })
  .meta({ id: 'AuthenticationResponse' });

export const ZRegisterPasskeyRequest = z
  .object({ name: ZPasskeyName, response: ZRegistrationResponse })
  .meta({ id: 'RegisterPasskeyRequest' });
export type TRegisterPasskeyRequest = z.infer<typeof ZRegisterPasskeyRequest>;

export const ZRenamePasskeyRequest = z.object({ name: ZPasskeyName }).meta({ id: 'RenamePasskeyRequest' });
export type TRenamePasskeyRequest = z.input<typeof ZRenamePasskeyRequest>;

export const ZPasskeyIdParams = z.object({ id: z.uuid() });

/**
 * Which sign-in the options are for: `second_factor` after the password (needs the bq_2fa cookie; only that user's
 * passkeys), `passwordless` from the login page's button (any passkey of this site; user verification required).
 */
export const ZPasskeySignInOptionsRequest = z
  .object({ step: z.enum(['second_factor', 'passwordless']) })
  .meta({ id: 'PasskeySignInOptionsRequest' });
export type TPasskeySignInOptionsRequest = z.infer<typeof ZPasskeySignInOptionsRequest>;

/** The assertion of a sign-in with a passkey (second step after the password, or without one). */
export const ZPasskeySignInRequest = z
  .object({
    step: z.enum(['second_factor', 'passwordless']).meta({ description: 'As given to POST /api/login/passkey/options' }),
    response: ZAuthenticationResponse,
    /** Where to go after a sign-in without a password (the second step keeps the password step's); a same-site path. */
    redirectUrl: z.string().max(2048).optional(),
  })
  .meta({ id: 'PasskeySignInRequest' });
export type TPasskeySignInRequest = z.input<typeof ZPasskeySignInRequest>;

/**
 * Step-up: a current TOTP code, or a passkey's assertion of POST /api/user/2fa/step-up/passkey-options; from a user
 * without a second factor, the password (before adding a first factor, docs/decisions/0064). Exactly one of them.
 */
export const ZStepUpRequest = z
  .object({
    code: ZTotpCode.optional(),
    passkey: ZAuthenticationResponse.optional(),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional().meta({ description: 'Only from a user without a second factor' }),
  })
  .refine((body) => [body.code, body.passkey, body.password].filter((proof) => proof !== undefined).length === 1, {
    message: 'code, passkey or password',
    path: ['code'],
  })
  .meta({ id: 'StepUpRequest' });
export type TStepUpRequest = z.input<typeof ZStepUpRequest>;

export const ZStepUpResponse = z
  .object({ verifiedAt: z.string().meta({ description: 'ISO 8601; routes marked step-up pass for ten minutes from it' }) })
  .meta({ id: 'StepUpResponse' });
export type TStepUpResponse = z.infer<typeof ZStepUpResponse>;

/** Which factors the signed-in user can step up with (the dialog shows those). */
export const ZStepUpFactorsResponse = z
  .object({ totp: z.boolean(), passkeys: z.number().int().min(0) })
  .meta({ id: 'StepUpFactorsResponse' });
export type TStepUpFactorsResponse = z.infer<typeof ZStepUpFactorsResponse>;
