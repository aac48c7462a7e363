import { describe, expect, it } from 'vitest';
import { failingStepsSummary, stepLimits } from './failing-steps';

const step = (name: string, measured: number | null, low: number | null, high: number | null, unit = 'V') => ({ name, measured, low, high, unit });

describe('failing steps in words', () => {
  it('say the limits a step has, open ones left out', () => {
    expect(stepLimits(step('a', 1, 3.2, 3.4))).toBe('3.2 V to 3.4 V');
    expect(stepLimits(step('a', 1, 3.2, null))).toBe('at least 3.2 V');
    expect(stepLimits(step('a', 1, null, 0.5, 'A'))).toBe('at most 0.5 A');
    expect(stepLimits(step('a', 1, null, null))).toBe('no limits');
    expect(stepLimits(step('a', 68, 100, 100, 'frames'))).toBe('exactly 100 frames');
  });

  it('sum up a repair’s steps in one line for the queue', () => {
    expect(failingStepsSummary([step('VCC_3V3', 3.05, 3.2, 3.4), step('I_IDLE', 0.3, null, 0.2, 'A'), step('BOOT', null, null, null, '')])).toBe(
      'VCC_3V3: 3.05 V (3.2 V to 3.4 V), and 2 more',
    );
    expect(failingStepsSummary([])).toBe('No failing run');
  });
});
