import { z } from 'zod';
import { idQueryField } from './numbers';
import { READINESS_CODES, type ReadinessCode } from './readiness';

/**
 * What the station (the operator's run at a jig) exchanges with the server: a scan and its
 * answer, the live report of the jig's run, and the operator's acknowledgement of a fail.
 * `machines/station.machine.ts` runs on these shapes; the server validates with the same schemas.
 */

const id = z.number().int().positive();
/** A board's serial as the scanner types it (no surrounding spaces, no line break). */
const serial = z.string().trim().min(1, 'Scan or type a serial.').max(64).regex(/^[\x21-\x7e]+$/, 'A serial is printable characters without spaces.');
/**
 * A board's serial as stored: what its jig sent (jig.ts: any text up to 64 characters), which a
 * scanner's rule above need not fit. The answers carry this one.
 */
const storedSerial = z.string().min(1).max(64);

/** The operator scanned a board at a jig: `POST /v1/stations/{jig_id}/scans` with `scanBodySchema`. */
export const scanSchema = z.object({ jig_id: id, serial });
export type Scan = z.infer<typeof scanSchema>;
/** The scan's body; the jig is the path's (its owner decides 404 before the body is read). */
export const scanBodySchema = scanSchema.pick({ serial: true });

export const RUN_RESULTS = ['pass', 'fail'] as const;
export type RunResult = (typeof RUN_RESULTS)[number];

/** Why a board may not be tested now. */
export const STOP_CODES = ['released', 'scrapped', 'in_repair', 'attempts_used_up', 'another_project', 'unknown_jig'] as const;
export type StopCode = (typeof STOP_CODES)[number];

/**
 * A jig's report for a board that should not have been tested is stored all the same (nothing a
 * jig sends is lost), marked with why, and the jig's answer says so: the board waits for repair,
 * used up its attempts of this repair cycle, or was scrapped.
 */
export const OUT_OF_POLICY = ['in_repair', 'attempts_used_up', 'scrapped'] as const;
export type OutOfPolicy = (typeof OUT_OF_POLICY)[number];

/** What the jig's answer says of an out-of-policy run: why, and that it was kept and counted. */
export function outOfPolicyWords(code: OutOfPolicy, serial: string): string {
  const kept = 'The run is stored and counts in the figures like any other, marked out of policy.';
  if (code === 'in_repair') return `Board “${serial}” waits for repair and should not have been tested. ${kept}`;
  if (code === 'scrapped') return `Board “${serial}” is scrapped and should not have been tested. ${kept}`;
  return `Board “${serial}” had used up its attempts of this repair cycle: send it to repair. ${kept}`;
}

/** The board's history in short: attempts used in this repair cycle of the profile's limit (null: no limit). */
export const boardSummarySchema = z
  .object({
    serial: storedSerial,
    attempts_used: z.number().int().min(0),
    attempt_limit: z.number().int().min(1).nullable(),
    last_result: z.enum(RUN_RESULTS).nullable(),
    in_repair: z.boolean(),
    /** Completed repairs of this board. */
    repairs: z.number().int().min(0),
  })
  .refine((b) => b.attempt_limit === null || b.attempts_used <= b.attempt_limit, { message: 'More attempts used than the limit allows.', path: ['attempts_used'] });
export type BoardSummary = z.infer<typeof boardSummarySchema>;


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

/** A jig's stored report as the station shows it: the live `report` event names it (its report and jig), and the station reads it with `GET /v1/stations/{jig_id}/reports/{report_id}`. */
export const stationReportSchema = z
  .object({
    report_id: id,
    jig_id: id,
    serial: storedSerial,
    result: z.enum(RUN_RESULTS),
    failing_steps: z.array(failingStepSchema),
    /** When the run finished (the jig's clock) and when it was stored (the server's). */
    finished_at: z.string().optional(),
    /** Stored although the board should not have been tested (OUT_OF_POLICY); null otherwise. */
    out_of_policy: z.enum(OUT_OF_POLICY).nullable().optional(),
    /** The fixture it ran on (contract/fixtures.ts, `GET /devicereports/{id}` shows it); null before fixtures were kept. */
    fixture_id: z.number().int().nullable().optional(),
  })
  .refine((r) => (r.result === 'pass') === (r.failing_steps.length === 0), {
    message: 'A fail names its failing steps; a pass has none.',
    path: ['failing_steps'],
  });
export type StationReport = z.infer<typeof stationReportSchema>;

/**
 * The answer to a scan: the board may be tested (`go`), or not (`stop`, with the reason in words).
 * A `go` carries `report` when the jig's report for this serial arrived just before the scan
 * (within REPORT_BEFORE_SCAN_MS, claimed by no other scan): the scan leads to that run.
 */
export const scanAnswerSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('go'), scan_id: id, board: boardSummarySchema, report: stationReportSchema.nullable().optional() }),
  z.object({ outcome: z.literal('stop'), code: z.enum(STOP_CODES), words: z.string().min(1) }),
]);
export type ScanAnswer = z.infer<typeof scanAnswerSchema>;

/** How long before a scan a jig's report of that serial still counts as the scan's run. */
export const REPORT_BEFORE_SCAN_MS = 120_000;
/** How long after a scan a jig's report of that serial counts as its run (its operator recorded on it). */
export const SCAN_LEADS_TO_REPORT_MS = 30 * 60_000;

/**
 * `POST /v1/stations/{jig_id}/scans/{scan_id}/acknowledge`: the operator's choice after the scan's
 * run failed. A retest past the attempt limit is refused (409: the board goes to repair); a repair
 * opens the board's repair record (waiting) with the run's failing steps.
 */
export const acknowledgementSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('retest') }),
  z.object({ choice: z.literal('repair'), reason: z.string().trim().min(1, 'Say why the board goes to repair.').max(500) }),
]);
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

/** The answer to an acknowledgement: the board as it stands now, and its repair when sent there. */
export const acknowledgementAnswerSchema = z.object({ board: boardSummarySchema, repair_id: id.nullable() });
export type AcknowledgementAnswer = z.infer<typeof acknowledgementAnswerSchema>;

/**
 * Why a jig is not fit to test now, each in words: the one readiness rule (contract/readiness.ts)
 * that the jig's page, list and the dashboard read too.
 */
export const FITNESS_CODES = READINESS_CODES;
export type FitnessCode = ReadinessCode;

/** `GET /v1/stations/{jig_id}`: what the station shows about the jig it stands at. */
export const stationSchema = z.object({
  jig: z.object({ id, name: z.string(), registered_name: z.string(), last_seen_at: z.string().nullable() }),
  project: z.object({ id, name: z.string() }).nullable(),
  /** The open production batch the jig's new boards go to, when the project has one. */
  production_batch: z.object({ id, name: z.string() }).nullable(),
  profile: z.object({ id, name: z.string(), version: z.string(), attempt_limit: z.number().int().nullable() }).nullable(),
  fit: z.object({ ok: z.boolean(), problems: z.array(z.object({ code: z.enum(FITNESS_CODES), words: z.string() })) }),
  /** The jig's newest report (replayed on a reconnect), if any. */
  last_report: stationReportSchema.nullable(),
});
export type Station = z.infer<typeof stationSchema>;

/** `GET /v1/stations?company_id=`: a superadmin names the company; everyone else reads their own. */
export const stationListQuery = z.object({ company_id: idQueryField('company').optional() });

/** `GET /v1/stations`: the company's jigs a station can stand at, for the picker. */
export const stationJigSchema = z.object({ id, name: z.string(), project_name: z.string().nullable(), last_seen_at: z.string().nullable() });
export type StationJigChoice = z.infer<typeof stationJigSchema>;
