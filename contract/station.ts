import { z } from 'zod';

/**
 * What the station (the operator's run at a jig) exchanges with the server: a scan and its
 * answer, the live report of the jig's run, and the operator's acknowledgement of a fail.
 * `machines/station.machine.ts` runs on these shapes; the server validates with the same schemas.
 */

const id = z.number().int().positive();
/** A board's serial as the scanner types it (no surrounding spaces, no line break). */
const serial = z.string().trim().min(1, 'Scan or type a serial.').max(64).regex(/^[\x21-\x7e]+$/, 'A serial is printable characters without spaces.');

/** The operator scanned a board at a jig: `POST /v1/stations/{jig_id}/scans` with `scanBodySchema`. */
export const scanSchema = z.object({ jig_id: id, serial });
export type Scan = z.infer<typeof scanSchema>;
/** The scan's body; the jig is the path's (its owner decides 404 before the body is read). */
export const scanBodySchema = scanSchema.pick({ serial: true });

export const RUN_RESULTS = ['pass', 'fail'] as const;
export type RunResult = (typeof RUN_RESULTS)[number];

/** Why a board may not be tested now. */
export const STOP_CODES = ['released', 'in_repair', 'attempts_used_up', 'another_project', 'unknown_jig'] as const;
export type StopCode = (typeof STOP_CODES)[number];

/** The board's history in short: attempts used in this repair cycle of the profile's limit (null: no limit). */
export const boardSummarySchema = z
  .object({
    serial,
    attempts_used: z.number().int().min(0),
    attempt_limit: z.number().int().min(1).nullable(),
    last_result: z.enum(RUN_RESULTS).nullable(),
    in_repair: z.boolean(),
    /** Completed repairs of this board. */
    repairs: z.number().int().min(0),
  })
  .refine((b) => b.attempt_limit === null || b.attempts_used <= b.attempt_limit, { message: 'More attempts used than the limit allows.', path: ['attempts_used'] });
export type BoardSummary = z.infer<typeof boardSummarySchema>;

/** The answer to a scan: the board may be tested (`go`), or not (`stop`, with the reason in words). */
export const scanAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('go'), scan_id: id, board: boardSummarySchema }),
  z.object({ outcome: z.literal('stop'), code: z.enum(STOP_CODES), words: z.string().min(1) }),
]);
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;

/** A failing step of a run: what was measured against which limits (either limit may be open). */
export const failingStepSchema = z
  .object({
    name: z.string().min(1),
    measured: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    unit: z.string(),
  })
  .refine((s) => s.low === null || s.high === null || s.low <= s.high, { message: 'The low limit is above the high one.', path: ['low'] });
export type FailingStep = z.infer<typeof failingStepSchema>;

/** The live event of a jig's stored report (SSE `station-report` on the station's stream). */
export const stationReportSchema = z
  .object({
    report_id: id,
    jig_id: id,
    serial,
    result: z.enum(RUN_RESULTS),
    failing_steps: z.array(failingStepSchema),
  })
  .refine((r) => (r.result === 'pass') === (r.failing_steps.length === 0), {
    message: 'A fail names its failing steps; a pass has none.',
    path: ['failing_steps'],
  });
export type StationReport = z.infer<typeof stationReportSchema>;

/** `POST /v1/station/scans/{scan_id}/acknowledge`: the operator's choice after a fail. */
export const acknowledgementSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('retest') }),
  z.object({ choice: z.literal('repair'), reason: z.string().trim().min(1, 'Say why the board goes to repair.').max(500) }),
]);
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;
