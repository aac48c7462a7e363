/**
 * Process capability of a measured step: how far the spread of the measurements sits
 * inside the step's limits. Cpk = min(USL − mean, mean − LSL) / (3·s), s the sample standard
 * deviation; one-sided (the side that has a limit) when one limit is missing. Below 1.33 a step
 * is flagged, below 1.0 it is an alarm: a good share of boards will fail it sooner or later.
 */
export const CPK_FLAG = 1.33;
export const CPK_ALARM = 1.0;

export type CapabilityLevel = 'ok' | 'flag' | 'alarm';

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
  return 'ok';
}
