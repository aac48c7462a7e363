import { PERCENT_DIGITS } from '../../contract/figures';
import { wordOf } from '../../contract/labels';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** API times are ISO 8601 in UTC; people read them in their own zone. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateFormat.format(d);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFormat.format(d);
}

/** `manufacturer` → `Manufacturer`: a contract value as the word people read (also in messages). */
export const titleCase = wordOf;

/**
 * A ratio (0..1) as a percentage: `0.934` → `93.4%`, `0.99649` → `99.6%` (PERCENT_DIGITS
 * decimals, half away from zero: docs/architecture.md "Figures"). Null means "nothing to divide by" (no boards
 * tested yet): a dash, never a misleading 0%.
 */
export function formatPercent(ratio: number | null | undefined, digits = PERCENT_DIGITS, locale?: string): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(ratio);
}

/** The two counts a figure divides, as people read them: `1,989 of 2,000`. */
export function formatOf(part: number, whole: number, locale?: string): string {
  return `${formatNumber(part, locale)} of ${formatNumber(whole, locale)}`;
}

export function formatNumber(n: number | null | undefined, locale?: string): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : new Intl.NumberFormat(locale).format(n);
}

export type Trend = 'up' | 'down' | 'flat';
export type Change = { text: string; trend: Trend };

const trendOf = (delta: number, epsilon: number): Trend => (delta > epsilon ? 'up' : delta < -epsilon ? 'down' : 'flat');
const signed = (delta: number, body: string) => (delta > 0 ? `+${body}` : delta < 0 ? `−${body}` : body);

/**
 * The change between two ratios in percentage points (`+1.2 pp`): a yield going from 90% to
 * 91% changed by one point, not by 1.1%. Null when either side has nothing to compare.
 */
export function ratioChange(current: number | null, previous: number | null, locale?: string): Change | null {
  if (current === null || previous === null) return null;
  const points = (current - previous) * 100;
  const rounded = Math.round(points * 10) / 10;
  const body = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(rounded));
  return { text: `${signed(rounded, body)} pp`, trend: trendOf(rounded, 0) };
}

/** The change of a count (`+120`, with its share of the previous figure when there was one). */
export function countChange(current: number, previous: number, locale?: string): Change {
  const delta = current - previous;
  const body = new Intl.NumberFormat(locale).format(Math.abs(delta));
  const share = previous > 0 ? ` (${signed(delta, `${Math.round((Math.abs(delta) / previous) * 100)}%`)})` : '';
  return { text: `${signed(delta, body)}${delta === 0 ? '' : share}`, trend: trendOf(delta, 0) };
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** `3 minutes ago`, `yesterday`; "never" for a jig that has not called in. */
export function formatRelative(iso: string | null | undefined, now: number = Date.now(), locale?: string): string {
  if (!iso) return 'never';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '—';
  let value = (t - now) / 1000;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return formatDate(iso);
}

const measureFormat = new Intl.NumberFormat(undefined, { maximumSignificantDigits: 6 });

/**
 * A figure to the digits that carry meaning, with its unit: a mean to 5 significant digits, a
 * spread to 3 (`0.13829 A`, `0.0785 A`); a dash when there is none.
 */
export function formatSignificant(value: number | null | undefined, digits: number, unit?: string | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits }).format(value);
  return unit ? `${text} ${unit}` : text;
}

/** A measured value with its unit (`3.301 V`); a dash for steps that only pass or fail. */
export function formatMeasurement(value: number | null | undefined, unit?: string | null): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return unit ? `${measureFormat.format(value)} ${unit}` : measureFormat.format(value);
}
