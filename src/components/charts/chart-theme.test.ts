import { describe, expect, it } from 'vitest';
import { niceCeil, percentDomain, percentTicks, shorten } from './chart-theme';

describe('chart helpers', () => {
  it('zooms the percent axis to the values, never past 0–100%', () => {
    expect(percentDomain([0.93, 0.88, null, 0.97])).toEqual([0.7, 1]);
    expect(percentDomain([0.05, 0.5])).toEqual([0, 1]);
    expect(percentDomain([])).toEqual([0, 1]);
    expect(percentDomain([1, 1])).toEqual([0.9, 1]);
  });

  it('spaces percent ticks evenly', () => {
    expect(percentTicks([0.6, 1], false)).toEqual([0.6, 0.7, 0.8, 0.9, 1]);
    expect(percentTicks([0, 1], true)).toEqual([0, 0.5, 1]);
  });

  it('cuts long names with an ellipsis', () => {
    expect(shorten('MC-200 lot 2409', 20)).toBe('MC-200 lot 2409');
    expect(shorten('Phase current offset', 10)).toBe('Phase cur…');
  });

  it('rounds an axis maximum up to a round number', () => {
    expect(niceCeil(558)).toBe(600);
    expect(niceCeil(480)).toBe(500);
    expect(niceCeil(200)).toBe(200);
    expect(niceCeil(201)).toBe(250);
    expect(niceCeil(7)).toBe(8);
    expect(niceCeil(0)).toBe(1);
  });
});
