// POST /api/login/2fa: the second step of a sign-in whose password step left the bq_2fa cookie (pending-sign-in.ts).
// A right code or unused recovery code ends it as every sign-in ends (features/auth/complete-sign-in.ts: the first
// step's rules again, then the session, device cookie, failures forgotten); wrong ones count as sign-in failures.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TLoginSuccess } from '@bq/contracts/auth';
import { AppError } from '../../app-error';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { completeSignIn, secondStepUser, signedIn } from '../auth/complete-sign-in';
import { recordLoginFailure } from '../auth/login-rate-limit';
import type { JobQueue } from '../../jobs/queue';
import { TWO_FACTOR_ERRORS, acceptSecondFactor, type FactorProof } from './two-factor-service';

export async function completeSecondFactorSignIn(
  db: Db,
  queue: JobQueue,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  proof: FactorProof,
): Promise<TLoginSuccess> {
  const { pending, user } = await secondStepUser(db, config, request, reply, 'code');
  if (!(await acceptSecondFactor(db, queue, config, user.id, proof))) {
    await recordLoginFailure(db, user.email, request.ip, 'SECOND_FACTOR');
    const key = proof.recoveryCode !== undefined ? TWO_FACTOR_ERRORS.recoveryCodeInvalid : TWO_FACTOR_ERRORS.codeInvalid;
    throw new AppError(key, 401, 'The code is wrong, expired or already used');
  }
  return signedIn(await completeSignIn(db, config, request, reply, user, { method: pending.method, secondFactor: true, redirectUrl: pending.redirectUrl }));
}
