import type { Capability } from './step-statistics';

/**
 * Process capability of a measured step: how far the spread of the measurements sits
 * inside the step's limits. Cpk = min(USL − mean, mean − LSL) / (3·s), s the sample standard
 * deviation; one-sided (the side that has a limit) when one limit is missing. Below 1.33 a step
 * is flagged, below 1.0 it is an alarm: a good share of boards will fail it sooner or later.
 * Above 4 the limits may be too wide: a step that can hardly fail catches nothing either.
 */
export const CPK_FLAG = 1.33;
export const CPK_ALARM = 1.0;
export const CPK_WIDE = 4;

export const CAPABILITY_LEVELS = ['ok', 'flag', 'alarm', 'wide'] as const;
export type CapabilityLevel = (typeof CAPABILITY_LEVELS)[number];

/** The words that say a level wherever it shows, so a colour is never the only sign. */
export const CAPABILITY_WORDS: Record<CapabilityLevel, string> = {
  ok: 'capable',
  flag: 'low',
  alarm: 'alarm',
  wide: 'limits may be too wide',
};

/** Count, mean and sample standard deviation (n − 1); null where it is not defined. */
export function summarize(values: readonly number[]): { n: number; mean: number | null; sd: number | null } {
  const n = values.length;
  if (!n) return { n, mean: null, sd: null };
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  if (n < 2) return { n, mean, sd: null };
  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  return { n, mean, sd: Math.sqrt(squares / (n - 1)) };
}

/**
 * Cpk from a mean and a sample standard deviation. Null when it means nothing: fewer than two
 * measurements, no spread at all (every board measured the same: a count, a fixed value), no
 * limit on either side, or no tolerance between them (low = high: an exact count).
 */
export function cpk(input: { n: number; mean: number | null; sd: number | null; low: number | null; high: number | null }): number | null {
  const { n, mean, sd, low, high } = input;
  if (n < 2 || mean === null || sd === null || !(sd > 0)) return null;
  // An exact value (a frame count, low = high) has no tolerance to be capable within.
  if (low !== null && high !== null && high <= low) return null;
  const sides: number[] = [];
  if (high !== null) sides.push(high - mean);
  if (low !== null) sides.push(mean - low);
  if (!sides.length) return null;
  return Math.min(...sides) / (3 * sd);
}

export function capabilityLevel(value: number | null): CapabilityLevel | null {
  if (value === null) return null;
  if (value < CPK_ALARM) return 'alarm';
  if (value < CPK_FLAG) return 'flag';
  if (value > CPK_WIDE) return 'wide';
  return 'ok';
}

/** A population's moments as the per-step aggregates keep them (server/store/step-measures.ts Moments). */
export type MomentsLike = { n: number; mean: number | null; m2: number; within_m2: number; within_df: number };

/**
 * Cpk and Ppk of a population from its moments. Cpk uses the spread inside subgroups (pooled:
 * sqrt(within_m2 / within_df)), the process's short-term capability; Ppk the spread of all the
 * values together (sqrt(m2 / (n − 1))), what the boards actually saw, drifts between days, jigs
 * and lots included. With no subgroup of two values there is no within spread and Cpk falls back
 * on the overall one. The aggregates' sums may come out a hair below zero: read as no spread.
 */
export function capabilityOf(moments: MomentsLike, low: number | null, high: number | null): Capability {
  const { n, mean } = moments;
  const sd_overall = n >= 2 && mean !== null ? Math.sqrt(Math.max(0, moments.m2) / (n - 1)) : null;
  const sd_within = moments.within_df > 0 && mean !== null ? Math.sqrt(Math.max(0, moments.within_m2) / moments.within_df) : null;
  const cpkValue = cpk({ n, mean, sd: sd_within ?? sd_overall, low, high });
  const ppkValue = cpk({ n, mean, sd: sd_overall, low, high });
  return { n, mean: n ? mean : null, sd_within, sd_overall, cpk: cpkValue, ppk: ppkValue, level: capabilityLevel(cpkValue) };
}

/** The density of a normal distribution at x: the curve fitted over a histogram. */
export function normalPdf(x: number, mean: number, sd: number): number {
  if (!(sd > 0)) return 0;
  const z = (x - mean) / sd;
  return Math.exp(-0.5 * z * z) / (sd * Math.sqrt(2 * Math.PI));
}

/** The smallest round width (1, 2, 2.5 or 5 times a power of ten) at or above `raw`. */
export function niceWidth(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const factor = [1, 2, 2.5, 5, 10].find((f) => f * magnitude >= raw * (1 - 1e-9)) ?? 10;
  return factor * magnitude;
}

export type HistogramBin = { from: number; to: number; count: number };

/** At most this many bars, however far the limits sit from the values. */
export const MAX_BINS = 60;

/** The value below which a share `q` of the sorted values lies (linear between neighbours). */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  return sorted[below] + (sorted[Math.min(sorted.length - 1, below + 1)] - sorted[below]) * (at - below);
}

/**
 * Values counted into bars of one round width whose edges are round numbers, spanning the values
 * and the limits (so both limit lines fall on the drawing). The width follows the bulk of the
 * values (Freedman–Diaconis: 2·IQR/∛n, so a few far outliers do not flatten the bell into one
 * bar), at least 5 bars over the values' range, widened only when the span would need more than
 * MAX_BINS bars. A bar holds from ≤ v < to; the last also its upper edge.
 */
export function histogramBins(values: readonly number[], low: number | null, high: number | null): HistogramBin[] {
  const limits = [low, high].filter((v): v is number => v !== null && Number.isFinite(v));
  if (!values.length && !limits.length) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const dataMin = sorted.length ? sorted[0] : Math.min(...limits);
  const dataMax = sorted.length ? sorted[sorted.length - 1] : Math.max(...limits);
  const lo = Math.min(dataMin, ...limits);
  const hi = Math.max(dataMax, ...limits);
  const spread = dataMax - dataMin || hi - lo || Math.abs(dataMin) * 0.1 || 1;
  const iqr = sorted.length >= 4 ? quantile(sorted, 0.75) - quantile(sorted, 0.25) : 0;
  const bulk = iqr > 0 ? (2 * iqr) / Math.cbrt(sorted.length) : spread / 5;
  let width = niceWidth(Math.min(bulk, spread / 5));
  if ((hi - lo) / width > MAX_BINS) width = niceWidth((hi - lo) / MAX_BINS);
  // Edges as multiples of the width: round numbers, and no drift from adding widths up.
  const first = Math.floor(lo / width + 1e-9);
  let last = Math.ceil(hi / width - 1e-9);
  if (last <= first) last = first + 1;
  const bins: HistogramBin[] = [];
  for (let k = first; k < last; k++) bins.push({ from: round(k * width, width), to: round((k + 1) * width, width), count: 0 });
  for (const v of values) {
    const i = Math.min(bins.length - 1, Math.max(0, Math.floor(v / width + 1e-9) - first));
    bins[i].count += 1;
  }
  return bins;
}

/** An edge without the float noise of k × width (0.30000000000000004 → 0.3). */
function round(value: number, width: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(width)) + 2);
  return Number(value.toFixed(Math.min(decimals, 15)));
}
