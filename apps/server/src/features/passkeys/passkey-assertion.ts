// A passkey's assertion (docs/decisions/0045): options with a stored challenge, then the signed answer checked by
// @simplewebauthn/server: the challenge (taken once, for this purpose and user), PUBLIC_URL's origin and RP ID, the
// signature with the stored public key, and the signature counter (a cloned authenticator's lower count is refused).
// For a sign-in without a password, user verification (PIN, biometrics) is required: the passkey is then both
// factors. As the second step or for step-up it is preferred, the password or the session being the first factor.
import { and, eq } from 'drizzle-orm';
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { TWebAuthnOptions } from '@bq/contracts/passkeys';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userPasskeys } from '../../db/schema';
import { CHALLENGE_SECONDS, issueChallenge, relyingParty, takeChallenge, type ChallengePurpose } from './webauthn-party';
import { PASSKEY_ERRORS } from './passkey-list';

/**
 * Options for an assertion. With a user (second step, step-up) only their passkeys are allowed; without one
 * (sign-in without a password) the browser offers the discoverable passkeys it has for this RP ID.
 */
export async function assertionOptions(db: Db, config: Config, purpose: ChallengePurpose, userId: string | null): Promise<TWebAuthnOptions> {
  const allowCredentials = userId
    ? (await db.select({ id: userPasskeys.credentialId, transports: userPasskeys.transports }).from(userPasskeys).where(eq(userPasskeys.userId, userId)))
    : [];
  if (userId && allowCredentials.length === 0) throw new AppError(PASSKEY_ERRORS.none, 409, 'No passkey is registered');
  const challenge = await issueChallenge(db, purpose, userId);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    // Bytes: a string would be taken as UTF-8 text and encoded once more.
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: CHALLENGE_SECONDS * 1000,
    allowCredentials,
    userVerification: userId ? 'preferred' : 'required',
  });
  return { ...options };
}

/**
 * The user a valid assertion proves, or null. `userId` is who the caller expects (the pending sign-in's or the
 * session's user), null for a sign-in without a password; the challenge must have been issued for the same.
 */
export async function verifyAssertion(
  db: Db,
  config: Config,
  response: AuthenticationResponseJSON,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<{ userId: string; passkeyId: string } | null> {
  const taken = await takeChallenge(db, response.response.clientDataJSON, purpose);
  if (!taken || taken.userId !== userId) return null;
  const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, response.id)).limit(1);
  // Another user's passkey, or one removed since: the same answer as a bad signature.
  if (!row || (userId !== null && row.userId !== userId)) return null;
  if (userId === null && response.response.userHandle && isoBase64URL.toUTF8String(response.response.userHandle) !== row.userId) return null;
  const { rpID, origin } = relyingParty(config);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: taken.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: row.credentialId, publicKey: isoBase64URL.toBuffer(row.publicKey), counter: row.counter, transports: row.transports as never },
    requireUserVerification: userId === null,
  }).catch(() => null);
  if (!result?.verified) return null;
  // Conditional on the counter read, so two concurrent uses of one counting authenticator cannot both pass.
  const used = await db
    .update(userPasskeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(and(eq(userPasskeys.id, row.id), eq(userPasskeys.counter, row.counter)))
    .returning({ id: userPasskeys.id });
  return used.length > 0 ? { userId: row.userId, passkeyId: row.id } : null;
}
