import { describe, expect, it } from 'vitest';
import { CAPABILITY_WORDS, capabilityLevel, capabilityOf, cpk, histogramBins, niceWidth, normalPdf, summarize } from './process-capability';

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

describe('Cpk and Ppk from moments', () => {
  // Two subgroups (say two days on one jig): 10, 12 and 14, 16.
  // Each subgroup: mean 11 and 15, squared deviations 1 + 1 = 2 each → within_m2 = 4, within_df = (2−1) + (2−1) = 2.
  // All four: mean 13, squared deviations 9 + 1 + 1 + 9 = 20 → m2 = 20, n = 4.
  // σ within = √(4/2) = 1.414214; σ overall = √(20/3) = 2.581989.
  // Limits 7 … 19: nearer limit 6 away → Cpk = 6 / (3 × 1.414214) = 1.414214; Ppk = 6 / (3 × 2.581989) = 0.774597.
  const moments = { n: 4, mean: 13, m2: 20, within_m2: 4, within_df: 2 };

  it('takes Cpk from the spread within subgroups and Ppk from the overall spread', () => {
    const c = capabilityOf(moments, 7, 19);
    expect(c.n).toBe(4);
    expect(c.mean).toBe(13);
    expect(c.sd_within).toBeCloseTo(1.414214, 6);
    expect(c.sd_overall).toBeCloseTo(2.581989, 6);
    expect(c.cpk).toBeCloseTo(1.414214, 6);
    expect(c.ppk).toBeCloseTo(0.774597, 6);
    expect(c.level).toBe('ok');
  });

  it('falls back on the overall spread when no subgroup has two values', () => {
    const c = capabilityOf({ ...moments, within_m2: 0, within_df: 0 }, 7, 19);
    expect(c.sd_within).toBeNull();
    expect(c.cpk).toBeCloseTo(0.774597, 6);
    expect(c.ppk).toBeCloseTo(0.774597, 6);
    expect(c.level).toBe('alarm');
  });

  it('says the limits may be too wide above Cpk 4', () => {
    // Limits −20 … 46: 33 away → Cpk = 33 / 4.242641 = 7.778175, Ppk = 33 / 7.745967 = 4.260282.
    const c = capabilityOf(moments, -20, 46);
    expect(c.cpk).toBeCloseTo(7.778175, 5);
    expect(c.ppk).toBeCloseTo(4.260282, 5);
    expect(c.level).toBe('wide');
    expect(capabilityLevel(4)).toBe('ok');
    expect(capabilityLevel(4.01)).toBe('wide');
    expect(CAPABILITY_WORDS.wide).toBe('limits may be too wide');
  });

  it('means nothing without values, with one, or without limits', () => {
    expect(capabilityOf({ n: 0, mean: null, m2: 0, within_m2: 0, within_df: 0 }, 7, 19)).toEqual({
      n: 0,
      mean: null,
      sd_within: null,
      sd_overall: null,
      cpk: null,
      ppk: null,
      level: null,
    });
    expect(capabilityOf({ n: 1, mean: 5, m2: 0, within_m2: 0, within_df: 0 }, 0, 10)).toMatchObject({ sd_overall: null, cpk: null, ppk: null });
    expect(capabilityOf(moments, null, null)).toMatchObject({ cpk: null, ppk: null, level: null });
    // Rounding in summed aggregates may leave a tiny negative sum: no spread, not NaN.
    expect(capabilityOf({ n: 3, mean: 1, m2: -1e-18, within_m2: -1e-18, within_df: 1 }, 0, 2)).toMatchObject({ sd_overall: 0, cpk: null });
  });

  it('agrees with summarize and cpk on one subgroup', () => {
    // The series of the first test as one subgroup: σ within = σ overall = 0.0158114 → both 2.1082.
    const values = [3.28, 3.3, 3.31, 3.29, 3.32];
    const m2 = values.reduce((s, v) => s + (v - 3.3) ** 2, 0);
    const c = capabilityOf({ n: 5, mean: 3.3, m2, within_m2: m2, within_df: 4 }, 3.2, 3.4);
    expect(c.cpk).toBeCloseTo(2.1082, 4);
    expect(c.ppk).toBeCloseTo(2.1082, 4);
  });
});

describe('normal curve and histogram bins', () => {
  it('has the normal density by hand', () => {
    // 1/√(2π) = 0.398942; e^(−1/2)/√(2π) = 0.241971; σ = 2 halves the peak.
    expect(normalPdf(5, 5, 1)).toBeCloseTo(0.398942, 6);
    expect(normalPdf(6, 5, 1)).toBeCloseTo(0.241971, 6);
    expect(normalPdf(5, 5, 2)).toBeCloseTo(0.199471, 6);
    expect(normalPdf(5, 5, 0)).toBe(0);
  });

  it('bins values on round edges covering the limits', () => {
    // 5 values spread 0.04 → 5 bars over it → width 0.008 → round 0.01; limits 3.2 … 3.4 → 20 bars.
    const bins = histogramBins([3.28, 3.3, 3.31, 3.29, 3.32], 3.2, 3.4);
    expect(bins).toHaveLength(20);
    expect(bins[0]).toEqual({ from: 3.2, to: 3.21, count: 0 });
    expect(bins[19].to).toBe(3.4);
    expect(bins.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(bins[8].from).toBe(3.28);
  });

  it('widens the bars when the limits are far from the values, and puts the top value in the last bar', () => {
    const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    // Over the values: width 2; −1000 … 1000 would need 1000 bars → 2000 / 60 = 33.3 → 50: 40 bars.
    const bins = histogramBins(values, -1000, 1000);
    expect(bins).toHaveLength(40);
    expect(bins[20]).toEqual({ from: 0, to: 50, count: 11 });
    // Without limits: 5 bars of 2 over 0 … 10; 10 sits on the last edge and stays in.
    const own = histogramBins(values, null, null);
    expect(own.map((b) => [b.from, b.to, b.count])).toEqual([
      [0, 2, 2],
      [2, 4, 2],
      [4, 6, 2],
      [6, 8, 2],
      [8, 10, 3],
    ]);
    expect(niceWidth(0.008)).toBe(0.01);
    expect(niceWidth(33.3)).toBe(50);
    expect(niceWidth(2.2)).toBe(2.5);
    expect(histogramBins([], null, null)).toEqual([]);
    expect(histogramBins([7, 7, 7], null, null).reduce((s, b) => s + b.count, 0)).toBe(3);
  });

  it('sizes the bars by the bulk of the values, not by a far outlier', () => {
    // 10.0, 10.1 … 11.9 and one 30: IQR = 11.5 − 10.5 = 1 → 2 × 1 / ∛21 = 0.725 → bars of 1 (not 20 / 5 = 4,
    // which would put the whole bulk in one bar); 10 … 30 → 20 bars.
    const values = [...Array.from({ length: 20 }, (_, i) => 10 + i / 10), 30];
    const bins = histogramBins(values, null, null);
    expect(bins).toHaveLength(20);
    expect(bins.slice(0, 2)).toEqual([
      { from: 10, to: 11, count: 10 },
      { from: 11, to: 12, count: 10 },
    ]);
    expect(bins[19]).toEqual({ from: 29, to: 30, count: 1 });
  });
});
