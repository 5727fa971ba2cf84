// Step-up (issue 24 point 3, docs/decisions/0045, 0064): a route marked `config.stepUp` needs a second-factor proof of
// this session younger than ten minutes, when the user has a factor at all. A route that adds or removes a factor
// (`stepUp: 'factor-change'`) asks a user without a factor for a fresh first-factor proof instead: a sign-in or the
// password given again, within the same ten minutes. Decided in plugins/auth.ts only.
export const STEP_UP_REQUIRED = 'error.two_factor.step_up_required';
export const STEP_UP_MAX_AGE_MS = 10 * 60_000;

/** What a route's `config.stepUp` may say. */
export type StepUpDeclaration = boolean | 'factor-change';

interface SessionProofs {
  hasSecondFactor?: boolean;
  secondFactorVerifiedAt?: Date | null;
  firstFactorVerifiedAt?: Date | null;
}

const stale = (at: Date | null | undefined, now: number) => !at || now - at.getTime() > STEP_UP_MAX_AGE_MS;

/** True when the session must prove itself again before a route declaring `stepUp` runs. */
export function stepUpRequired(auth: SessionProofs, declaration: StepUpDeclaration = true, now = Date.now()): boolean {
  if (!declaration) return false;
  if (auth.hasSecondFactor) return stale(auth.secondFactorVerifiedAt, now);
  // Without a factor there is nothing to ask for, except before planting the first one (docs/decisions/0064).
  return declaration === 'factor-change' && stale(auth.firstFactorVerifiedAt, now);
}
