// A small seeded random number generator, so simulations and property tests give the same data on every run.

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32 (Tommy Ettinger): 32 bits of state, passes the usual statistical batteries well enough for
 * simulated questionnaires, and is the same on every platform because it uses only 32-bit integer arithmetic.
 * Not for anything secret.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller); 1 - u keeps the logarithm away from 0. */
export function normalDraw(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
