import { describe, expect, it } from 'vitest';
import { acknowledgementSchema, boardSummarySchema, scanAnswerSchema, scanBodySchema, scanSchema, stationReportSchema } from './station';

const board = { serial: 'SN-1', attempts_used: 1, attempt_limit: 3, last_result: 'fail', in_repair: false, repairs: 0 };
const step = { name: 'VCC 3V3', measured: 3.61, low: 3.2, high: 3.4, unit: 'V' };

describe('station contract', () => {
  it('takes a scan and refuses an empty serial, spaces inside it or a missing jig', () => {
    expect(scanSchema.parse({ jig_id: 4, serial: ' SN-1 ' })).toEqual({ jig_id: 4, serial: 'SN-1' });
    expect(scanSchema.safeParse({ jig_id: 4, serial: '   ' }).success).toBe(false);
    expect(scanSchema.safeParse({ jig_id: 4, serial: 'SN 1' }).success).toBe(false);
    expect(scanSchema.safeParse({ jig_id: 0, serial: 'SN-1' }).success).toBe(false);
    // The server's body: the jig is the path's.
    expect(scanBodySchema.parse({ serial: ' SN-1 ', jig_id: 4 })).toEqual({ serial: 'SN-1' });
  });

  it('refuses a board summary with more attempts used than its limit', () => {
    expect(boardSummarySchema.safeParse(board).success).toBe(true);
    expect(boardSummarySchema.safeParse({ ...board, attempts_used: 4 }).success).toBe(false);
    expect(boardSummarySchema.safeParse({ ...board, attempt_limit: 0, attempts_used: 0 }).success).toBe(false);
  });

  it('takes a board summary without a limit (the profile sets none), whatever its attempts', () => {
    expect(boardSummarySchema.safeParse({ ...board, attempt_limit: null, attempts_used: 40 }).success).toBe(true);
  });

  it('answers a scan with go and the board, or a stop with a known code and words', () => {
    expect(scanAnswerSchema.safeParse({ outcome: 'go', scan_id: 9, board }).success).toBe(true);
    expect(scanAnswerSchema.safeParse({ outcome: 'stop', code: 'in_repair', words: 'The board is in repair.' }).success).toBe(true);
    expect(scanAnswerSchema.safeParse({ outcome: 'stop', code: 'broken', words: 'x' }).success).toBe(false);
    expect(scanAnswerSchema.safeParse({ outcome: 'stop', code: 'released', words: '' }).success).toBe(false);
    expect(scanAnswerSchema.safeParse({ outcome: 'go', board }).success).toBe(false);
  });

  it('refuses a fail without failing steps, a pass with them, and limits the wrong way round', () => {
    const report = { report_id: 1, jig_id: 4, serial: 'SN-1', result: 'fail', failing_steps: [step] };
    expect(stationReportSchema.safeParse(report).success).toBe(true);
    expect(stationReportSchema.safeParse({ ...report, failing_steps: [] }).success).toBe(false);
    expect(stationReportSchema.safeParse({ ...report, result: 'pass' }).success).toBe(false);
    expect(stationReportSchema.safeParse({ ...report, failing_steps: [{ ...step, low: 3.5 }] }).success).toBe(false);
    expect(stationReportSchema.safeParse({ ...report, failing_steps: [{ ...step, low: null, measured: null }] }).success).toBe(true);
  });

  it('takes a retest, or a repair only with a reason', () => {
    expect(acknowledgementSchema.safeParse({ choice: 'retest' }).success).toBe(true);
    expect(acknowledgementSchema.safeParse({ choice: 'repair', reason: 'VCC high twice' }).success).toBe(true);
    expect(acknowledgementSchema.safeParse({ choice: 'repair', reason: '  ' }).success).toBe(false);
    expect(acknowledgementSchema.safeParse({ choice: 'repair' }).success).toBe(false);
    expect(acknowledgementSchema.safeParse({ choice: 'skip' }).success).toBe(false);
  });
});
