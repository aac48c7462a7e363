import type { PadGroupHealth, PadHealth } from '../../../../contract/pad-health';
import type { ProjectPad } from '../../../../contract/project-pads';
import type { LegendItem } from '../../../components/pad-drawing/pad-drawing';
import type { PadColourMode } from '../../../lib/board-link';

/**
 * The board coloured by a figure per pad: its pad group's fail rate or false-fail rate. A
 * sequential yellow-to-red scale (ColorBrewer YlOrRd, readable with every common colour-vision
 * deficiency, since it runs from light to dark as well as in hue): pale for no fails, then five
 * equal bins (five at most, the darkest ones used) up to a round bound at or above the worst
 * group, so the worst pads are always the darkest red and the legend says what that means in per cent. Grey: not measured by any step
 * (or no runs at the filter).
 */

export const NOT_MEASURED = '#9ca3af';
export const NO_FAILS = '#ffffcc';
export const SCALE = ['#fed976', '#feb24c', '#fd8d3c', '#e31a1c', '#b10026'] as const;

const MANTISSAS = [1, 2, 2.5, 5, 10];

/** A round bin width (1, 2, 2.5 or 5 times a power of ten) so that five bins reach `max`. */
export function binWidth(max: number): number {
  if (!(max > 0)) return 0;
  const raw = max / SCALE.length;
  const power = Math.floor(Math.log10(raw));
  const mantissa = MANTISSAS.find((m) => m * 10 ** power >= raw * (1 - 1e-9)) ?? 10;
  return mantissa * 10 ** power;
}

/** How many bins of `width` reach `max` (at most five). */
const binsTo = (max: number, width: number) => (width > 0 ? Math.min(SCALE.length, Math.max(1, Math.ceil(max / width - 1e-9))) : 0);

/**
 * A rate's colour on a scale of bins of `width` up to the worst rate `max`: pale at 0; the bins
 * take the darkest colours, so the worst pads are always the darkest red.
 */
export function rateColour(rate: number | null, width: number, max: number): string {
  if (rate === null) return NOT_MEASURED;
  if (rate <= 0 || width <= 0) return NO_FAILS;
  const bins = binsTo(max, width);
  const bin = Math.min(bins - 1, Math.max(0, Math.ceil(rate / width - 1e-9) - 1));
  return SCALE[SCALE.length - bins + bin];
}

/** Per cent with the decimals the bin width needs (0.5% steps: one; 10% steps: none). */
export function percentText(ratio: number, width: number): string {
  const step = String(Number((width * 100).toPrecision(6)));
  const decimals = Math.min(4, step.split('.')[1]?.length ?? 0);
  return `${Number((ratio * 100).toFixed(decimals))}%`;
}

export const rateOf = (g: PadGroupHealth, mode: Exclude<PadColourMode, 'group'>) => (mode === 'fails' ? g.fail_rate : g.false_fail_rate);

/** Pad id → colour and the legend, for a figure mode; pads in no measured group are grey. */
export function padColours(pads: readonly ProjectPad[], health: PadHealth, mode: Exclude<PadColourMode, 'group'>): { colours: Map<number, string>; legend: LegendItem[] } {
  const byGroup = new Map(health.pad_groups.map((g) => [g.id, g]));
  const max = Math.max(0, ...health.pad_groups.map((g) => rateOf(g, mode) ?? 0));
  const width = binWidth(max);
  const colours = new Map<number, string>();
  for (const pad of pads) {
    if (pad.kind === 'tooling') continue;
    const group = pad.group_id === null ? undefined : byGroup.get(pad.group_id);
    colours.set(pad.id, group && group.runs > 0 ? rateColour(rateOf(group, mode), width, max) : NOT_MEASURED);
  }
  const legend: LegendItem[] = [{ colour: NO_FAILS, text: mode === 'fails' ? 'No fails' : 'No false fails' }];
  if (width > 0) {
    const bins = binsTo(max, width);
    for (let i = 0; i < bins; i++) legend.push({ colour: SCALE[SCALE.length - bins + i], text: `${i === 0 ? 'Over 0' : percentText(i * width, width)}–${percentText((i + 1) * width, width)}` });
  }
  legend.push({ colour: NOT_MEASURED, text: 'Not measured' });
  return { colours, legend };
}
