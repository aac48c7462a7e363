/** The round steps an axis counts in, times a power of ten: 1, 2, 2.5 and 5 (then 10). */
const MANTISSAS = [1, 2, 2.5, 5, 10] as const;

/** The most decimals a label gets: beyond this a float's noise shows. */
const MAX_DECIMALS = 15;

export type NiceTicks = {
  /** The round values inside [min, max], lowest first, free of float noise (0.1 + 0.2 shows as 0.3). */
  ticks: number[];
  /** The distance between two ticks. */
  step: number;
  /** How many decimals tell the ticks apart, and no more: 0.25 steps need 2, 0.5 steps 1. */
  decimals: number;
};

/**
 * Round axis labels for the range [min, max]: about `count` of them, a round step (1, 2, 2.5 or 5
 * times a power of ten) apart, at multiples of that step, so an axis reads 3.2 / 3.3 / 3.4 instead
 * of the range's own ends (3.1969 / 3.4231). Only ticks inside the range are returned: the caller
 * keeps its own domain. A range of one value, or not finite, gives that value alone.
 */
export function niceTicks(min: number, max: number, count = 5): NiceTicks {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return { ticks: [], step: 0, decimals: 0 };
  if (min > max) [min, max] = [max, min];
  if (min === max) return { ticks: [min], step: 0, decimals: decimalsOf(min) };
  const raw = (max - min) / Math.max(1, count);
  const power = Math.floor(Math.log10(raw));
  const mantissa = MANTISSAS.find((m) => m * 10 ** power >= raw * (1 - 1e-9)) ?? 10;
  const exponent = mantissa === 10 ? power + 1 : power;
  const step = (mantissa === 10 ? 1 : mantissa) * 10 ** exponent;
  const decimals = Math.min(MAX_DECIMALS, Math.max(0, -exponent + (mantissa === 2.5 ? 1 : 0)));
  const first = Math.ceil(min / step - 1e-9);
  const last = Math.floor(max / step + 1e-9);
  const ticks: number[] = [];
  // Each tick from its index, never by adding steps: a sum carries its rounding errors along.
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toFixed(decimals)) + 0);
  return { ticks, step, decimals };
}

/** The decimals a lone value needs to show as itself (up to MAX_DECIMALS). */
function decimalsOf(value: number): number {
  for (let d = 0; d < MAX_DECIMALS; d++) if (Number(value.toFixed(d)) === value) return d;
  return MAX_DECIMALS;
}
