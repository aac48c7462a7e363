import type { ReportStep } from '../../contract/devices';
import type { FailingStep, OutOfPolicy, StationReport } from '../../contract/station';
import type { StationReportRow } from '../store/station-reports';

/**
 * A stored run as the station shows it: PASS, or FAIL with its failing steps in words. An error
 * run is a fail to the operator (the board did not pass). The jig's verdict rules: a pass shows
 * no failing steps whatever its steps say, and a fail or error that names no failing step gets
 * one that says so, since a fail without a reason would leave the operator guessing.
 */
export function failingStepsOf(result: string, stepsJson: string): FailingStep[] {
  if (result === 'pass') return [];
  const steps = JSON.parse(stepsJson) as ReportStep[];
  const failing = steps
    .filter((s) => !s.pass)
    .map((s) => ({ name: s.name || 'Unnamed step', measured: s.value, low: orderedLow(s), high: s.high, unit: s.unit ?? '' }));
  if (failing.length) return failing;
  return [{ name: result === 'error' ? 'The run ended in an error (no step failed)' : 'The run failed (no step failed)', measured: null, low: null, high: null, unit: '' }];
}

/** A step whose limits came in the wrong order keeps its high one: the contract refuses low above high. */
const orderedLow = (s: ReportStep) => (s.low !== null && s.high !== null && s.low > s.high ? null : s.low);

export function toStationReport(row: StationReportRow): StationReport {
  return {
    report_id: row.id,
    jig_id: row.enclosure_id,
    serial: row.serial,
    result: row.result === 'pass' ? 'pass' : 'fail',
    failing_steps: failingStepsOf(row.result, row.steps),
    finished_at: row.finished_at,
    out_of_policy: (row.out_of_policy as OutOfPolicy | null) ?? null,
    fixture_id: row.fixture_id,
  };
}
