import type { FailingStep } from '../../../../contract/station';
import { formatMeasurement } from '../../../lib/format';

/** A step's limits in words: both, or the one it has (a limit may be open). */
export function stepLimits(step: Pick<FailingStep, 'low' | 'high' | 'unit'>): string {
  const low = step.low === null ? null : formatMeasurement(step.low, step.unit);
  const high = step.high === null ? null : formatMeasurement(step.high, step.unit);
  if (low && high) return step.low === step.high ? `exactly ${low}` : `${low} to ${high}`;
  if (low) return `at least ${low}`;
  if (high) return `at most ${high}`;
  return 'no limits';
}

/**
 * The failing steps of a repair in one line for its row in the queue: the first with what it
 * measured against which limits, then how many more (the record shows them all).
 */
export function failingStepsSummary(steps: readonly FailingStep[]): string {
  const [first, ...rest] = steps;
  if (!first) return 'No failing run';
  const line = `${first.name}: ${formatMeasurement(first.measured, first.unit)} (${stepLimits(first)})`;
  return rest.length ? `${line}, and ${rest.length} more` : line;
}
