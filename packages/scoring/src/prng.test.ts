import { describe, expect, it } from 'vitest';
import { mulberry32, normalDraw } from './prng';

describe('mulberry32', () => {
  it('reproduces the reference sequence for seed 1', () => {
    // From the published reference implementation (bryc/code, PRNGs.md).
    const random = mulberry32(1);
    expect([random(), random(), random()]).toEqual([
      0.6270739405881613, 0.002735721180215478, 0.5274470399599522,
    ]);
  });

  it('gives uniform numbers in [0, 1), different per seed', () => {
    const random = mulberry32(42);
    const draws = Array.from({ length: 20000 }, random);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    expect(draws.reduce((a, b) => a + b, 0) / draws.length).toBeCloseTo(0.5, 2);
    expect(mulberry32(43)()).not.toBe(mulberry32(42)());
  });
});

describe('normalDraw', () => {
  it('has mean 0 and sd 1', () => {
    const random = mulberry32(7);
    const draws = Array.from({ length: 20000 }, () => normalDraw(random));
    const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
    const sd = Math.sqrt(draws.reduce((a, b) => a + (b - mean) ** 2, 0) / draws.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
  });
});
