// POST /api/login/passkey/options and POST /api/login/passkey (docs/decisions/0045): a passkey as the second step
// after the password (the bq_2fa cookie of decision 0040 names the user; only their passkeys count) or as the whole
// sign-in from the login page's button (a discoverable passkey names its user; user verification required). Both
// end as every sign-in does (features/auth/complete-sign-in.ts), with the session's factor proof stamped for step-up.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { TLoginSuccess } from '@bq/contracts/auth';
import type { TPasskeySignInOptionsRequest, TPasskeySignInRequest, TWebAuthnOptions } from '@bq/contracts/passkeys';
import { safeRedirectPath } from '@bq/domain/safe-redirect';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { noteAudit } from '../audit/audit-note';
import { activeSignInUser, completeSignIn, secondStepUser, signedIn } from '../auth/complete-sign-in';
import { recordLoginFailure } from '../auth/login-rate-limit';
import { readPendingSignIn } from '../two-factor/pending-sign-in';
import { TWO_FACTOR_ERRORS } from '../two-factor/two-factor-service';
import { PASSKEY_ERRORS } from './passkey-list';
import { assertionOptions, verifyAssertion } from './passkey-assertion';

const expired = () => new AppError(TWO_FACTOR_ERRORS.signInExpired, 401, 'The sign-in has expired; enter the password again');
const refused = () => new AppError(PASSKEY_ERRORS.invalid, 401, 'The passkey could not be verified');

export async function passkeySignInOptions(db: Db, config: Config, request: FastifyRequest, body: TPasskeySignInOptionsRequest): Promise<TWebAuthnOptions> {
  if (body.step === 'passwordless') return assertionOptions(db, config, 'sign_in', null);
  const pending = readPendingSignIn(config, request);
  if (!pending) throw expired();
  return assertionOptions(db, config, 'sign_in', pending.userId);
}

export async function completePasskeySignIn(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  body: TPasskeySignInRequest,
): Promise<TLoginSuccess> {
  const response = body.response as AuthenticationResponseJSON;
  // A sign-in without a password ignores a pending one: the passkey alone names its user.
  const second = body.step === 'second_factor' ? await secondStepUser(db, config, request, reply, 'passkey') : null;
  const pending = second?.pending ?? null;
  const pendingUser = second?.user ?? null;
  if (!second) noteAudit(request, { step: 'passkey', factor: 'passkey' });
  const proven = await verifyAssertion(db, config, response, 'sign_in', pending?.userId ?? null);
  // As the second step the assertion was bound to the pending user, read above; alone, it names its user.
  const user = !proven ? null : pendingUser ? (proven.userId === pendingUser.id ? pendingUser : null) : await activeSignInUser(db, proven.userId);
  if (!user) {
    if (pendingUser) await recordLoginFailure(db, pendingUser.email, request.ip, 'SECOND_FACTOR');
    throw refused();
  }
  // As the second step, the first step's way in decides (a provider's user under sign-on required may use the
  // passkey as factor); alone, a passkey is a way in of its own, no way around the account's provider (ADR 0073).
  const attempt = pending
    ? { method: pending.method, redirectUrl: pending.redirectUrl }
    : { method: 'PASSKEY' as const, redirectUrl: safeRedirectPath(body.redirectUrl) };
  return signedIn(await completeSignIn(db, config, request, reply, user, { ...attempt, secondFactor: true }));
}
