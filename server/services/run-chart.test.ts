import { describe, expect, it } from 'vitest';
import type { Moments, StepMeasure } from '../store/step-measures';
import { controlLines } from './run-chart';

const measure = (all: Moments): StepMeasure => ({ step_name: 'rail', runs: all.n, fails: 0, min: null, max: null, all, passing: all });

describe('a run chart’s centre line and σ', () => {
  it('take the mean and the pooled σ within subgroups', () => {
    // Two days of 5 values, each day's m2 0.1: within σ = √(0.2 / 8), the overall far wider.
    expect(controlLines(measure({ n: 10, mean: 11, m2: 10.2, within_m2: 0.2, within_df: 8 }))).toEqual({
      centre: 11,
      sigma: Math.sqrt(0.2 / 8),
      sigma_from: 'within',
      measured: 10,
    });
  });
  it('take the overall σ only when no subgroup holds two values', () => {
    expect(controlLines(measure({ n: 2, mean: 11, m2: 2, within_m2: 0, within_df: 0 }))).toMatchObject({ sigma: Math.SQRT2, sigma_from: 'overall' });
    // Subgroups with two or more equal values have no spread inside: no σ, though the days differ.
    expect(controlLines(measure({ n: 4, mean: 11, m2: 4, within_m2: 0, within_df: 2 }))).toMatchObject({ centre: 11, sigma: null, sigma_from: null });
  });
  it('have nothing to say without values or spread', () => {
    expect(controlLines(undefined)).toEqual({ centre: null, sigma: null, sigma_from: null, measured: 0 });
    expect(controlLines(measure({ n: 1, mean: 3, m2: 0, within_m2: 0, within_df: 0 }))).toMatchObject({ centre: 3, sigma: null });
  });
});
