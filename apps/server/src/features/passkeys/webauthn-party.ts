// Who the relying party is and the challenges it hands out (docs/decisions/0045). The RP ID is PUBLIC_URL's host
// name and the only accepted origin PUBLIC_URL's origin, so a passkey registered here is useless on any other site
// and an assertion made for another origin is refused. Challenges live in webauthn_challenges: five minutes, taken
// with DELETE ... RETURNING, so each one is used once even by two requests at the same time.
import { spendOnce } from '../../db/request-work';
import { and, eq, gt, lt } from 'drizzle-orm';
import { generateChallenge, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { webauthnChallenges } from '../../db/schema';

export const CHALLENGE_SECONDS = 300;
export type ChallengePurpose = 'registration' | 'sign_in' | 'step_up';

export interface RelyingParty {
  rpID: string;
  rpName: string;
  origin: string;
}

export function relyingParty(config: Config): RelyingParty {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, rpName: 'BQ Platform', origin: url.origin };
}

/** A new random challenge (32 bytes, base64url), stored for its purpose and user until it expires. */
export async function issueChallenge(db: Db, purpose: ChallengePurpose, userId: string | null): Promise<string> {
  const challenge = isoBase64URL.fromBuffer(await generateChallenge());
  // Expired ones of anyone go at each issue: the table holds only what is still usable.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000) });
  return challenge;
}

/**
 * Takes the challenge a response signed (read from its clientDataJSON) if it was issued for this purpose and has not
 * expired or been used: answers the user it was issued for (null for a passwordless sign-in), or undefined when it
 * is not usable. The row is gone afterwards, whether the signature then checks out or not.
 */
export async function takeChallenge(db: Db, clientDataJSON: string, purpose: ChallengePurpose): Promise<{ challenge: string; userId: string | null } | undefined> {
  let challenge: string;
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge !== 'string' || data.challenge.length > 200) return undefined;
    challenge = data.challenge;
  } catch {
    return undefined;
  }
  // Spent also when the answer is then refused: taken in the request's unit of work (the answer depends on it) and
  // deleted again after it, which changes nothing unless the unit rolled back (docs/decisions/0088).
  const spend = (on: Db) =>
    on
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
      .returning({ userId: webauthnChallenges.userId });
  const [row] = await spendOnce(db, spend, (rows) => rows.length > 0);
  return row ? { challenge, userId: row.userId } : undefined;
}
