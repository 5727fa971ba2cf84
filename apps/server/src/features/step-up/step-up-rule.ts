// Step-up (issue 24 point 3, docs/decisions/0045): a route marked `config.stepUp` needs a second-factor proof of
// this session younger than ten minutes, when the user has a factor at all. Decided in plugins/auth.ts only.
export const STEP_UP_REQUIRED = 'error.two_factor.step_up_required';
export const STEP_UP_MAX_AGE_MS = 10 * 60_000;

/** True when the session must prove its factor again before the route runs. */
export function stepUpRequired(auth: { hasSecondFactor?: boolean; secondFactorVerifiedAt?: Date | null }, now = Date.now()): boolean {
  if (!auth.hasSecondFactor) return false;
  const at = auth.secondFactorVerifiedAt;
  return !at || now - at.getTime() > STEP_UP_MAX_AGE_MS;
}
