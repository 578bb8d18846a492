import { describe, expect, it } from 'vitest';
import { createRng } from './rng';

const draws = (seed: number, count: number) => {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => rng.next());
};

describe('seeded random numbers', () => {
  it('repeats a sequence for the same seed, and differs for another', () => {
    expect(draws(42, 100)).toEqual(draws(42, 100));
    expect(draws(42, 100)).not.toEqual(draws(43, 100));
  });

  it('goes on from a saved state exactly', () => {
    const rng = createRng(7);
    for (let index = 0; index < 50; index++) rng.next();
    const saved = JSON.parse(JSON.stringify(rng.state));
    const resumed = createRng(saved);
    expect(Array.from({ length: 20 }, () => resumed.next())).toEqual(
      Array.from({ length: 20 }, () => rng.next()),
    );
  });

  it('stays in range', () => {
    const rng = createRng(1);
    const values = Array.from({ length: 10_000 }, () => rng.next());
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    const dice = new Set(Array.from({ length: 1000 }, () => rng.between(1, 6)));
    expect([...dice].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Math.min(...Array.from({ length: 1000 }, () => rng.waitSeconds(2)))).toBe(1);
  });

  it('draws in proportion to the weights, never a weightless option', () => {
    const rng = createRng(9);
    const counts = { a: 0, b: 0, never: 0 };
    for (let index = 0; index < 20_000; index++) {
      counts[
        rng.weighted([
          ['a', 1],
          ['never', 0],
          ['b', 3],
        ] as const)
      ] += 1;
    }
    expect(counts.never).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.7);
    expect(counts.b / counts.a).toBeLessThan(3.3);
  });

  it('waits on average the mean', () => {
    const rng = createRng(5);
    const waits = Array.from({ length: 20_000 }, () => rng.waitSeconds(60));
    const mean = waits.reduce((sum, wait) => sum + wait, 0) / waits.length;
    expect(mean).toBeGreaterThan(57);
    expect(mean).toBeLessThan(63);
  });
});
