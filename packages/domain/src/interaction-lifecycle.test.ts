import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALCULATION_STATUSES,
  INTERACTION_STATUSES,
  IllegalTransitionError,
  RESULT_STATUSES,
  assertTransition,
  canTransition,
  hasResult,
  isBeingCalculated,
  isFinal,
  isMoving,
  isOpenForAnswers,
  type InteractionStatus,
} from './interaction-lifecycle';

const allowed: [InteractionStatus, InteractionStatus][] = [
  ['NEW', 'OPENED'],
  ['NEW', 'CLOSED'],
  ['OPENED', 'FILLED'],
  ['OPENED', 'CLOSED'],
  ['FILLED', 'CALCULATING'],
  ['CALCULATING', 'PREDICTING'],
  ['CALCULATING', 'RESULTS_AVAILABLE'],
  ['CALCULATING', 'ERROR'],
  ['PREDICTING', 'RESULTS_AVAILABLE'],
  ['PREDICTING', 'PREDICTION_ERROR'],
  ['PREDICTION_ERROR', 'PREDICTING'],
  ['ERROR', 'CALCULATING'],
];

describe('interaction lifecycle', () => {
  it('allows exactly the transitions of DESIGN.md section 3 (all 81 pairs checked)', () => {
    for (const from of INTERACTION_STATUSES) {
      for (const to of INTERACTION_STATUSES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it.each([
    ['NEW', 'FILLED'],
    ['NEW', 'RESULTS_AVAILABLE'],
    ['FILLED', 'OPENED'],
    ['RESULTS_AVAILABLE', 'CALCULATING'],
    ['CLOSED', 'OPENED'],
    ['OPENED', 'OPENED'],
  ] as const)('refuses %s -> %s with error.interaction.illegal_transition', (from, to) => {
    expect(() => assertTransition(from, to)).toThrow(IllegalTransitionError);
    try {
      assertTransition(from, to);
    } catch (err) {
      expect((err as IllegalTransitionError).errorKey).toBe('error.interaction.illegal_transition');
    }
  });

  it('never lets a final status move, and only NEW/OPENED take answers', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INTERACTION_STATUSES), fc.constantFrom(...INTERACTION_STATUSES), (from, to) => {
        if (isFinal(from)) expect(canTransition(from, to)).toBe(false);
      }),
    );
    expect(INTERACTION_STATUSES.filter(isOpenForAnswers)).toEqual(['NEW', 'OPENED']);
    expect(INTERACTION_STATUSES.filter(isFinal)).toEqual(['RESULTS_AVAILABLE', 'CLOSED']);
  });

  it('reaches RESULTS_AVAILABLE from NEW along the happy path, with and without prediction', () => {
    const walk = (path: InteractionStatus[]) => path.slice(1).every((to, i) => canTransition(path[i]!, to));
    expect(walk(['NEW', 'OPENED', 'FILLED', 'CALCULATING', 'PREDICTING', 'RESULTS_AVAILABLE'])).toBe(true);
    expect(walk(['NEW', 'OPENED', 'FILLED', 'CALCULATING', 'RESULTS_AVAILABLE'])).toBe(true);
  });

  it('shows scores for RESULTS_AVAILABLE and PREDICTION_ERROR only', () => {
    expect(INTERACTION_STATUSES.filter(hasResult)).toEqual(['RESULTS_AVAILABLE', 'PREDICTION_ERROR']);
    expect(RESULT_STATUSES).toEqual(['RESULTS_AVAILABLE', 'PREDICTION_ERROR']);
  });

  it('counts FILLED, CALCULATING and PREDICTING as being calculated, none of them with scores yet', () => {
    expect(INTERACTION_STATUSES.filter(isBeingCalculated)).toEqual(['FILLED', 'CALCULATING', 'PREDICTING']);
    expect(CALCULATION_STATUSES).toEqual(['FILLED', 'CALCULATING', 'PREDICTING']);
    for (const status of CALCULATION_STATUSES) expect(hasResult(status) || isFinal(status)).toBe(false);
  });

  it('lets only open and calculating instances move on by themselves; finals and failures stand still', () => {
    expect(INTERACTION_STATUSES.filter(isMoving)).toEqual([
      'NEW',
      'OPENED',
      'FILLED',
      'CALCULATING',
      'PREDICTING',
    ]);
    for (const status of INTERACTION_STATUSES) {
      if (isFinal(status) || status === 'ERROR' || status === 'PREDICTION_ERROR')
        expect(isMoving(status)).toBe(false);
    }
  });
});
