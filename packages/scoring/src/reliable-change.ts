// Whether the change between two measurements of one dimension is real or within measurement error
// (Jacobson & Truax, 1991), shown next to every change in repeated measurements.
import { standardError } from './norms';

/** |RCI| must exceed this (the two-sided 5 % level) for a change to count as reliable. */
export const RELIABLE_CHANGE_THRESHOLD = 1.96;

/**
 * RCI = (x2 - x1) / S_diff with S_diff = sqrt(2) * SEM: the difference of two scores carries the measurement
 * error of both. SEM must be in the units of the scores (raw sd * sqrt(1 - r), or 10 * sqrt(1 - r) for T).
 */
export function reliableChangeIndex(first: number, second: number, sem: number): number {
  if (!(sem > 0))
    throw new RangeError(`the standard error of measurement must be greater than 0, got ${sem}`);
  return (second - first) / (Math.SQRT2 * sem);
}

export function isReliableChange(rci: number): boolean {
  return Math.abs(rci) > RELIABLE_CHANGE_THRESHOLD;
}

export interface ReliableChange {
  difference: number;
  sDiff: number;
  rci: number;
  reliable: boolean;
  /** 'unchanged' whenever the change is not reliable, whatever its sign: the UI must not suggest a trend. */
  direction: 'up' | 'down' | 'unchanged';
}

/** The full comparison of two scores on a scale with the given sd and reliability (raw with norm sd, or T with 10). */
export function reliableChange(
  first: number,
  second: number,
  sd: number,
  reliability: number,
): ReliableChange {
  const sem = standardError(sd, reliability);
  const rci = reliableChangeIndex(first, second, sem);
  const reliable = isReliableChange(rci);
  return {
    difference: second - first,
    sDiff: Math.SQRT2 * sem,
    rci,
    reliable,
    direction: !reliable ? 'unchanged' : rci > 0 ? 'up' : 'down',
  };
}
