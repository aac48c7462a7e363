import { describe, expect, it } from 'vitest';
import type { ReportResult } from '../../../contract/devices';
import { afterReport, BATCH_COUNTERS, changeOfMany, cohortOf, contribution, reportCohort, type CountedDevice } from './counters';

const fresh: CountedDevice = { project_id: 1, production_batch_id: 1, status: 'untested', report_count: 0, first_pass: null, pass_attempt: null };

/** A board after these runs, in stored order. */
const after = (...results: ReportResult[]) => results.reduce<CountedDevice>((d, r) => afterReport(d, r, '2024-01-01T00:00:00.000Z'), fresh);

describe('pass attempts', () => {
  it('numbers the run that first passed, errors included, and keeps it', () => {
    expect(after('pass').pass_attempt).toBe(1);
    expect(after('fail', 'pass').pass_attempt).toBe(2);
    expect(after('fail', 'error', 'pass').pass_attempt).toBe(3);
    expect(after('pass', 'fail', 'pass').pass_attempt).toBe(1);
    expect(after('fail', 'fail').pass_attempt).toBeNull();
  });

  it('counts second pass by the second run and last pass by the standing verdict', () => {
    expect(cohortOf(after('fail', 'pass'))).toEqual({ second_passes: 1, last_passes: 1 });
    expect(cohortOf(after('fail', 'error', 'pass'))).toEqual({ second_passes: 0, last_passes: 1 });
    expect(cohortOf(after('pass', 'fail'))).toEqual({ second_passes: 1, last_passes: 0 });
    // An error says nothing about the board: the verdict before it stands.
    expect(cohortOf(after('pass', 'error'))).toEqual({ second_passes: 1, last_passes: 1 });
    expect(cohortOf(after('error'))).toEqual({ second_passes: 0, last_passes: 0 });
    expect(cohortOf({ ...after('pass'), status: 'released' })).toEqual({ second_passes: 1, last_passes: 1 });
    expect(cohortOf({ ...after('pass'), status: 'scrapped' })).toEqual({ second_passes: 1, last_passes: 0 });
    // Marked passed without a test run: not among the boards tested.
    expect(cohortOf({ ...fresh, status: 'passed' })).toEqual({ second_passes: 0, last_passes: 0 });
  });

  it('moves the batch counters and the first test’s row by the change one report makes', () => {
    const before = after('pass');
    const next = afterReport(before, 'fail', '2024-01-02T00:00:00.000Z');
    expect(reportCohort(before, next)).toEqual({ second_passes: 0, last_passes: -1 });
    expect(contribution(next)).toMatchObject({ tested_count: 1, first_pass_count: 1, second_pass_count: 1, last_pass_count: 0 });
    expect(reportCohort(fresh, after('fail'))).toEqual({ second_passes: 0, last_passes: 0 });
    expect(reportCohort(after('fail'), after('fail', 'pass'))).toEqual({ second_passes: 1, last_passes: 1 });
  });
});

describe('many boards making one change', () => {
  it('moves exactly what that many single changes would, and refuses a move between batches', () => {
    for (const board of [after('pass'), after('fail', 'pass'), { ...fresh, status: 'passed' }]) {
      const released = { ...board, status: 'released' };
      const many = changeOfMany({ before: board, after: released }, 7);
      const one = contribution(released);
      const undo = contribution(board, -1);
      for (const c of BATCH_COUNTERS) expect(many[c], c).toBe(7 * (one[c] + undo[c]));
      // A release moves the board from passed to released and nothing else.
      expect(Object.entries(many).filter(([, v]) => v !== 0)).toEqual([['passed_count', -7], ['released_count', 7]]);
    }
    expect(() => changeOfMany({ before: fresh, after: { ...fresh, production_batch_id: 2 } }, 1)).toThrow();
  });
});
