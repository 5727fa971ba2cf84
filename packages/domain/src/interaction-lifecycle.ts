// The interaction lifecycle (DESIGN.md section 3) in one place: which status may follow which. Every status
// change on the server goes through assertTransition, so an illegal jump is refused with a stable errorKey.
export const INTERACTION_STATUSES = [
  'NEW',
  'OPENED',
  'FILLED',
  'CALCULATING',
  'PREDICTING',
  'RESULTS_AVAILABLE',
  'PREDICTION_ERROR',
  'ERROR',
  'CLOSED',
] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];

export const ILLEGAL_TRANSITION_ERROR_KEY = 'error.interaction.illegal_transition';

const TRANSITIONS: Record<InteractionStatus, readonly InteractionStatus[]> = {
  NEW: ['OPENED', 'CLOSED'],
  OPENED: ['FILLED', 'CLOSED'],
  FILLED: ['CALCULATING'],
  // Products without a prediction go straight to their results.
  CALCULATING: ['PREDICTING', 'RESULTS_AVAILABLE', 'ERROR'],
  PREDICTING: ['RESULTS_AVAILABLE', 'PREDICTION_ERROR'],
  RESULTS_AVAILABLE: [],
  // Failures can be retried: the job runs the failed step again.
  PREDICTION_ERROR: ['PREDICTING'],
  ERROR: ['CALCULATING'],
  CLOSED: [],
};

export function canTransition(from: InteractionStatus, to: InteractionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function allowedTransitions(from: InteractionStatus): readonly InteractionStatus[] {
  return TRANSITIONS[from];
}

export class IllegalTransitionError extends Error {
  readonly errorKey = ILLEGAL_TRANSITION_ERROR_KEY;
  constructor(
    readonly from: InteractionStatus,
    readonly to: InteractionStatus,
  ) {
    super(`An interaction in status ${from} cannot move to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

export function assertTransition(from: InteractionStatus, to: InteractionStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
}

/** The statuses in which the participant may still open and answer the questionnaire (SQL conditions use them too). */
export const OPEN_FOR_ANSWERS_STATUSES: readonly InteractionStatus[] = ['NEW', 'OPENED'];

/** The participant may still open and answer the questionnaire. */
export function isOpenForAnswers(status: InteractionStatus): boolean {
  return OPEN_FOR_ANSWERS_STATUSES.includes(status);
}

/** Nothing can happen to the instance any more. */
export function isFinal(status: InteractionStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/**
 * Statuses whose scores can be shown: the calculation stored them. PREDICTION_ERROR keeps its scores (DESIGN.md
 * section 3); only the prediction is missing.
 */
export const RESULT_STATUSES: readonly InteractionStatus[] = ['RESULTS_AVAILABLE', 'PREDICTION_ERROR'];

/**
 * Statuses in which the calculation job moves the instance on without anyone doing anything: the answers are in
 * and the result is being calculated. Deleting the instance now would race the job.
 */
export const CALCULATION_STATUSES: readonly InteractionStatus[] = ['FILLED', 'CALCULATING', 'PREDICTING'];

/** The instance's scores can be shown. */
export function hasResult(status: InteractionStatus): boolean {
  return RESULT_STATUSES.includes(status);
}

/** The result is being calculated. */
export function isBeingCalculated(status: InteractionStatus): boolean {
  return CALCULATION_STATUSES.includes(status);
}

/**
 * The instance may still change without the adviser doing anything: the participant can open or submit it, or
 * the job is calculating. Final statuses and the failures (which wait for a retry) do not move by themselves.
 */
export function isMoving(status: InteractionStatus): boolean {
  return isOpenForAnswers(status) || isBeingCalculated(status);
}
