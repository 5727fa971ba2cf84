// POST /api/login/2fa: the second step of a sign-in whose password step left the bq_2fa cookie (pending-sign-in.ts).
// A right code or unused recovery code ends it as every sign-in ends (features/auth/complete-sign-in.ts: the first
// step's rules again, then the session, device cookie, failures forgotten); wrong ones count as sign-in failures.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TLoginSuccess } from '@bq/contracts/auth';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { noteAudit, noteAuditUser } from '../audit/audit-note';
import { activeSignInUser, assertSignInPolicy, completeSignIn, signedIn } from '../auth/complete-sign-in';
import { isKnownDevice } from '../auth/login-devices';
import { assertLoginAllowed, recordLoginFailure } from '../auth/login-rate-limit';
import type { JobQueue } from '../../jobs/queue';
import { clearPendingSignIn, readPendingSignIn } from './pending-sign-in';
import { TWO_FACTOR_ERRORS, acceptSecondFactor, type FactorProof } from './two-factor-service';

export async function completeSecondFactorSignIn(
  db: Db,
  queue: JobQueue,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  proof: FactorProof,
): Promise<TLoginSuccess> {
  const pending = readPendingSignIn(config, request);
  const expired = () => new AppError(TWO_FACTOR_ERRORS.signInExpired, 401, 'The sign-in has expired; enter the password again');
  if (!pending) throw expired();
  const user = await activeSignInUser(db, pending.userId);
  if (!user) {
    clearPendingSignIn(reply);
    throw expired();
  }
  // The trail tells this step from the password step, also when the code is refused.
  noteAuditUser(request, user.accountId, user.id);
  noteAudit(request, { step: 'second_factor' });
  await assertLoginAllowed(db, config, user.email, request.ip, { knownDevice: await isKnownDevice(db, request, user.email), secondFactor: true });
  // The first step's rules once more before the code is spent: sign-on may have become required since (ADR 0073).
  await assertSignInPolicy(db, user, { method: pending.method });
  if (!(await acceptSecondFactor(db, queue, config, user.id, proof))) {
    await recordLoginFailure(db, user.email, request.ip, 'SECOND_FACTOR');
    const key = proof.recoveryCode !== undefined ? TWO_FACTOR_ERRORS.recoveryCodeInvalid : TWO_FACTOR_ERRORS.codeInvalid;
    throw new AppError(key, 401, 'The code is wrong, expired or already used');
  }
  return signedIn(await completeSignIn(db, config, request, reply, user, { method: pending.method, secondFactor: true, redirectUrl: pending.redirectUrl }));
}
