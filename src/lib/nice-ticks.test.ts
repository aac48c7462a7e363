import { describe, expect, it } from 'vitest';
import { niceTicks } from './nice-ticks';

describe('niceTicks', () => {
  it('counts in round steps inside the range, not from its ends', () => {
    expect(niceTicks(0.02108, 0.3969)).toEqual({ ticks: [0.1, 0.2, 0.3], step: 0.1, decimals: 1 });
    expect(niceTicks(3.1969, 3.4231)).toEqual({ ticks: [3.2, 3.25, 3.3, 3.35, 3.4], step: 0.05, decimals: 2 });
    expect(niceTicks(0, 100)).toEqual({ ticks: [0, 20, 40, 60, 80, 100], step: 20, decimals: 0 });
  });

  it('uses steps of 1, 2, 2.5 and 5 times a power of ten, with the decimals they need', () => {
    expect(niceTicks(0, 10, 4)).toMatchObject({ step: 2.5, ticks: [0, 2.5, 5, 7.5, 10], decimals: 1 });
    expect(niceTicks(0, 1, 2)).toMatchObject({ step: 0.5, ticks: [0, 0.5, 1], decimals: 1 });
    expect(niceTicks(0, 0.1, 4)).toMatchObject({ step: 0.025, decimals: 3 });
    expect(niceTicks(120, 980, 4)).toMatchObject({ step: 250, ticks: [250, 500, 750], decimals: 0 });
  });

  it('leaves no float noise and no negative zero', () => {
    const { ticks } = niceTicks(-0.3, 0.3, 6);
    expect(ticks).toEqual([-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3]);
    expect(Object.is(ticks[3], 0)).toBe(true);
    expect(niceTicks(0.1, 0.7, 6).ticks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });

  it('handles tiny, huge, reversed and degenerate ranges', () => {
    expect(niceTicks(1e-9, 5e-9, 4)).toMatchObject({ step: 1e-9, ticks: [1e-9, 2e-9, 3e-9, 4e-9, 5e-9], decimals: 9 });
    expect(niceTicks(0, 2e6, 4).ticks).toEqual([0, 500000, 1000000, 1500000, 2000000]);
    expect(niceTicks(10, 0, 5).ticks).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(3.3, 3.3)).toEqual({ ticks: [3.3], step: 0, decimals: 1 });
    expect(niceTicks(Number.NaN, 1).ticks).toEqual([]);
  });

  it('gives at least two ticks and about the count asked for', () => {
    for (const [min, max] of [[0.0123, 0.0456], [1, 1.0001], [-7.3, 91.2], [0.2, 0.39]]) {
      const { ticks } = niceTicks(min, max, 4);
      expect(ticks.length, `${min}..${max}`).toBeGreaterThanOrEqual(2);
      expect(ticks.length, `${min}..${max}`).toBeLessThanOrEqual(9);
    }
  });
});
