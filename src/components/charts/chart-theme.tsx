import type { LabelProps } from 'recharts';
import { formatPercent } from '../../lib/format';

/** Chart colours from the app's theme (tailwind.config.ts), plus two that read apart from green. */
export const CHART_COLORS = {
  yield: '#397d3a',
  firstPass: '#0369a1',
  secondPass: '#7c3aed',
  lastPass: '#b45309',
  volume: '#cbd5e1',
  failures: '#e57373',
  bad: '#b71c1c',
  cumulative: '#374151',
  grid: '#e9ecee',
  axis: '#5a6771',
} as const;

export const AXIS_TICK = { fontSize: 12, fill: CHART_COLORS.axis } as const;

export const percentTick = (v: number) => formatPercent(v, 0);

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A bucket's first day (`2025-03-04`) as people read it: `Mar 4`; dates are UTC days. */
export function formatDay(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : dayFormat.format(d);
}

/** Long category names cut to fit a narrow axis; the table and the tooltip have them whole. */
export function shorten(name: string, max: number): string {
  return name.length > max ? `${name.slice(0, Math.max(1, max - 1))}…` : name;
}

type TickProps = { x: number | string; y: number | string; payload: { value: unknown } };

/**
 * A category axis tick on one line, cut to `max` characters (the whole name is its tooltip):
 * the default tick wraps long names into lines that collide.
 */
export function categoryTick(max: number) {
  return function CategoryTick({ x, y, payload }: TickProps) {
    const name = String(payload.value);
    return (
      <text x={Number(x)} y={Number(y)} dy={4} textAnchor="end" fontSize={AXIS_TICK.fontSize} fill={AXIS_TICK.fill}>
        <title>{name}</title>
        {shorten(name, max)}
      </text>
    );
  };
}

/** On a phone the names go above their bars, whole, instead of into a cramped axis. */
export function NameAbove(props: LabelProps) {
  // A bar's label box is cartesian (x, y of its top left); polar boxes never reach here.
  const box = (props.viewBox ?? {}) as { x?: number; y?: number };
  const x = Number(box.x ?? props.x ?? 0);
  const y = Number(box.y ?? props.y ?? 0);
  return (
    <text x={x} y={y - 5} fontSize={12} fill="#1f2937">
      {shorten(String(props.value ?? ''), 44)}
    </text>
  );
}

/** Legend entries in the text colour: a pale series colour would make its name unreadable. */
export const legendText = (value: string) => <span style={{ color: '#374151' }}>{value}</span>;

/**
 * The percent axis of a yield chart: zoomed to where the values are (a tenth below the lowest,
 * in steps of 10%), so a move from 92% to 88% shows; always up to 100%.
 */
export function percentDomain(values: readonly (number | null | undefined)[]): [number, number] {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (present.length === 0) return [0, 1];
  const low = Math.floor(Math.min(...present) * 10) / 10 - 0.1;
  return [Math.max(0, Math.round(low * 10) / 10), 1];
}

/** Five evenly spaced ticks over a percent domain (three on a phone). */
export function percentTicks([low, high]: [number, number], few: boolean): number[] {
  const n = few ? 2 : 4;
  return Array.from({ length: n + 1 }, (_, i) => Math.round((low + ((high - low) * i) / n) * 1000) / 1000);
}

/** The smallest round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at or above `n`. */
export function niceCeil(n: number): number {
  if (!(n > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((f) => f * magnitude >= n - 1e-9) ?? 10;
  return step * magnitude;
}

/** Whole-range percent ticks for a 0–1 axis; fewer on a phone. */
export const fullPercentTicks = (narrow: boolean) => (narrow ? [0, 0.5, 1] : [0, 0.25, 0.5, 0.75, 1]);

/**
 * Props of the category (name) axis of a horizontal bar chart. On a phone the axis is hidden
 * and names sit above their bars (NameAbove), since a side axis would eat the bars' width.
 */
export const categoryAxisProps = (narrow: boolean) =>
  ({
    type: 'category',
    dataKey: 'name',
    width: narrow ? 0 : 184,
    hide: narrow,
    tick: categoryTick(28),
    tickLine: false,
    interval: 0,
  }) as const;
