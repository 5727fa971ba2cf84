// Registering a passkey for the signed-in user (docs/decisions/0045): options with a stored challenge, then the
// authenticator's answer checked by @simplewebauthn/server against that challenge, PUBLIC_URL's origin and RP ID.
// Resident keys are required (the passkey can then sign in without a user name); user verification is preferred.
import { eq } from 'drizzle-orm';
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { TPasskey, TRegisterPasskeyRequest, TWebAuthnOptions } from '@bq/contracts/passkeys';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { mailFactorChange } from '../two-factor/factor-change-mail';
import { userPasskeys, users } from '../../db/schema';
import { ERROR_KEYS } from '@bq/contracts/errors';
import { CHALLENGE_SECONDS, issueChallenge, relyingParty, takeChallenge } from './webauthn-party';
import { PASSKEY_ERRORS, toPasskey } from './passkey-list';

/** More is a mistake or abuse: every sign-in lists them all in its options. */
export const MAX_PASSKEYS = 20;

export async function registrationOptions(db: Db, config: Config, userId: string): Promise<TWebAuthnOptions> {
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ERROR_KEYS.notFound, 404, 'Not found');
  const existing = await db.select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  if (existing.length >= MAX_PASSKEYS) throw new AppError(PASSKEY_ERRORS.tooMany, 409, `At most ${MAX_PASSKEYS} passkeys`);
  const { rpID, rpName } = relyingParty(config);
  const challenge = await issueChallenge(db, 'registration', userId);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    // The user handle is the user's id: no e-mail address inside the authenticator's stored handle.
    userID: new TextEncoder().encode(userId),
    // Bytes: a string would be taken as UTF-8 text and encoded once more.
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // The same authenticator twice would be one factor under two names.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { ...options };
}

export async function registerPasskey(db: Db, queue: JobQueue, config: Config, userId: string, body: TRegisterPasskeyRequest): Promise<TPasskey> {
  const response = body.response as RegistrationResponseJSON;
  const refused = () => new AppError(PASSKEY_ERRORS.invalid, 400, 'The passkey could not be verified; try again');
  const taken = await takeChallenge(db, response.response.clientDataJSON, 'registration');
  if (!taken || taken.userId !== userId) throw refused();
  const { rpID, origin } = relyingParty(config);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
  if (!verification.verified) throw refused();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  // One transaction with the request's audit event, which names the new passkey (docs/decisions/0039), and the mail.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userPasskeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: body.name,
      })
      .onConflictDoNothing({ target: userPasskeys.credentialId })
      .returning();
    if (!row) throw new AppError(PASSKEY_ERRORS.alreadyRegistered, 409, 'This passkey is already registered');
    const passkey = toPasskey(row);
    await mailFactorChange(tx, queue, config, userId, { change: 'added', factor: 'passkey', name: passkey.name });
    return passkey;
  });
}
