import { describe, expect, it } from 'vitest';
import { capabilityLevel, cpk, summarize } from './process-capability';

describe('process capability', () => {
  it('matches a hand computation', () => {
    // 3.28, 3.30, 3.31, 3.29, 3.32: sum 16.50, mean 3.30;
    // deviations −0.02, 0, 0.01, −0.01, 0.02 → squares 4e-4 + 0 + 1e-4 + 1e-4 + 4e-4 = 1.0e-3;
    // s² = 1.0e-3 / 4 = 2.5e-4, s = 0.0158114;
    // limits 3.2 / 3.4: USL − mean = 0.10, mean − LSL = 0.10 → Cpk = 0.10 / (3 × 0.0158114) = 2.1082
    const stats = summarize([3.28, 3.3, 3.31, 3.29, 3.32]);
    expect(stats.n).toBe(5);
    expect(stats.mean).toBeCloseTo(3.3, 10);
    expect(stats.sd).toBeCloseTo(0.0158114, 6);
    expect(cpk({ ...stats, low: 3.2, high: 3.4 })).toBeCloseTo(2.1082, 4);
    // An off-centre process: the nearer limit counts. Mean 3.30, USL 3.33 → 0.03 / 0.0474342 = 0.6325
    expect(cpk({ ...stats, low: 3.2, high: 3.33 })).toBeCloseTo(0.6325, 4);
  });

  it('is one-sided when a limit is missing', () => {
    const stats = { n: 10, mean: 21.5, sd: 4.2 };
    // (45 − 21.5) / 12.6 = 1.8651
    expect(cpk({ ...stats, low: null, high: 45 })).toBeCloseTo(1.8651, 4);
    // (21.5 − 10) / 12.6 = 0.9127
    expect(cpk({ ...stats, low: 10, high: null })).toBeCloseTo(0.9127, 4);
    expect(cpk({ ...stats, low: null, high: null })).toBeNull();
  });

  it('means nothing without spread or with one measurement', () => {
    expect(cpk({ n: 20, mean: 100, sd: 0, low: 100, high: 100 })).toBeNull();
    expect(cpk({ n: 20, mean: 97.8, sd: 13.9, low: 100, high: 100 })).toBeNull();
    expect(cpk({ ...summarize([3.3]), low: 3.2, high: 3.4 })).toBeNull();
    expect(summarize([])).toEqual({ n: 0, mean: null, sd: null });
  });

  it('flags below 1.33 and alarms below 1.0', () => {
    expect(capabilityLevel(2)).toBe('ok');
    expect(capabilityLevel(1.33)).toBe('ok');
    expect(capabilityLevel(1.2)).toBe('flag');
    expect(capabilityLevel(0.99)).toBe('alarm');
    expect(capabilityLevel(null)).toBeNull();
  });
});
