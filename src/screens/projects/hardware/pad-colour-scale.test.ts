import { describe, expect, it } from 'vitest';
import type { PadHealth } from '../../../../contract/pad-health';
import type { ProjectPad } from '../../../../contract/project-pads';
import { binWidth, NO_FAILS, NOT_MEASURED, padColours, percentText, rateColour, SCALE } from './pad-colour-scale';

const pad = (id: number, group_id: number | null, kind: ProjectPad['kind'] = 'pad'): ProjectPad =>
  ({ id, name: `TP${id}`, x: id, y: 0, side: 'top', diameter: 1, kind, net: null, group_id, probe: null }) as ProjectPad;
const group = (id: number, runs: number, fails: number, false_fails: number) => ({
  id,
  runs,
  fails,
  false_fails,
  fail_rate: runs ? fails / runs : null,
  false_fail_rate: runs ? false_fails / runs : null,
  steps: [],
  boards: [],
});
const health = (groups: ReturnType<typeof group>[]): PadHealth => ({
  from: '2026-01-01',
  to: '2026-01-30',
  pad_groups: groups,
  steps: [],
  totals: { runs: 100, fails: 0, false_fails: 0, placed_fails: 0 },
  jigs: [],
  cartridges: [],
});

describe('the pad colour scale', () => {
  it('takes a round bin width so five bins reach the worst rate', () => {
    expect(binWidth(0)).toBe(0);
    expect(binWidth(0.1)).toBeCloseTo(0.02, 12);
    expect(binWidth(0.011)).toBeCloseTo(0.0025, 12);
    expect(binWidth(0.5)).toBeCloseTo(0.1, 12);
    expect(binWidth(0.9)).toBeCloseTo(0.2, 12);
  });

  it('is pale at no fails, darkest red in the last bin, grey without a rate', () => {
    expect(rateColour(null, 0.02, 0.1)).toBe(NOT_MEASURED);
    expect(rateColour(0, 0.02, 0.1)).toBe(NO_FAILS);
    expect(rateColour(0.001, 0.02, 0.1)).toBe(SCALE[0]);
    expect(rateColour(0.02, 0.02, 0.1)).toBe(SCALE[0]);
    expect(rateColour(0.021, 0.02, 0.1)).toBe(SCALE[1]);
    expect(rateColour(0.1, 0.02, 0.1)).toBe(SCALE[4]);
    // Four bins reach 8%: they take the four darkest colours.
    expect(rateColour(0.01, 0.02, 0.08)).toBe(SCALE[1]);
    expect(rateColour(0.08, 0.02, 0.08)).toBe(SCALE[4]);
  });

  it('writes bounds with the decimals the step needs', () => {
    expect(percentText(0.0075, 0.0025)).toBe('0.75%');
    expect(percentText(0.04, 0.02)).toBe('4%');
    expect(percentText(0.015, 0.005)).toBe('1.5%');
  });

  it('colours each pad by its group’s rate, the worst group red, unmeasured pads grey, and says so in the legend', () => {
    const pads = [pad(1, 10), pad(2, 10), pad(3, 20), pad(4, 30), pad(5, null), pad(6, null, 'tooling'), pad(7, 40)];
    const h = health([group(10, 100, 10, 8), group(20, 100, 2, 0), group(30, 100, 0, 0), group(40, 0, 0, 0)]);
    const byFalse = padColours(pads, h, 'false_fails');
    expect(byFalse.colours.get(1)).toBe(SCALE[4]);
    expect(byFalse.colours.get(2)).toBe(SCALE[4]);
    expect(byFalse.colours.get(3)).toBe(NO_FAILS);
    expect(byFalse.colours.get(4)).toBe(NO_FAILS);
    expect(byFalse.colours.get(5)).toBe(NOT_MEASURED);
    expect(byFalse.colours.has(6)).toBe(false);
    expect(byFalse.colours.get(7)).toBe(NOT_MEASURED);
    expect(byFalse.legend.map((l) => l.text)).toEqual(['No false fails', 'Over 0–2%', '2%–4%', '4%–6%', '6%–8%', 'Not measured']);
    const byFails = padColours(pads, h, 'fails');
    expect(byFails.colours.get(1)).toBe(SCALE[4]);
    // Fails: 10% at worst, five bins of 2%; 2% is the first.
    expect(byFails.colours.get(3)).toBe(SCALE[0]);
    expect(byFalse.legend[1].colour).toBe(SCALE[1]);
    expect(padColours(pads, health([group(10, 100, 0, 0)]), 'fails').legend.map((l) => l.text)).toEqual(['No fails', 'Not measured']);
  });
});
