import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idField, idQueryField } from './numbers';
import { failingStepSchema, STOP_CODES } from './station';
import { statisticsQuery } from './statistics';
import { choice, optionalText, requiredText } from './text';

/**
 * The repair loop: a board that failed and may not (or should not) be retested goes to repair; a
 * technician records what was wrong (a failure code of the company's list), what was done and
 * which parts were replaced, with a photo or file; the board then returns to test with a fresh
 * set of attempts, or is scrapped.
 *
 * A repair is `waiting` from the moment the board is sent (the station's acknowledgement, or an
 * engineer from the board's page) until it is `repaired` or `scrapped`. A board has at most one
 * waiting repair; while it has one, the station stops it (`in_repair`).
 */

// ----- Failure codes: the company's list, edited by its admins -----------------------------------

/** A failure code is short, upper-case-ish and scanner-friendly: `SOLDER-BRIDGE`, `U3-MISSING`. */
export const FAILURE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.\-/]*$/;

export const failureCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  /** An archived code is kept on the repairs that used it, but is no longer offered. */
  archived: z.boolean(),
  /** Repairs that name it (an unused code may be deleted). */
  repair_count: z.number().int(),
});
export type FailureCode = z.infer<typeof failureCodeSchema>;

export const failureCodeInput = z.object({
  code: requiredText('Code')
    .max(32, 'A code is at most 32 characters.')
    .regex(FAILURE_CODE_PATTERN, 'A code is letters, digits and - _ . / without spaces.'),
  description: requiredText('Description').max(200, 'A description is at most 200 characters.'),
});
export type FailureCodeInput = z.infer<typeof failureCodeInput>;
export const failureCodeUpdateInput = failureCodeInput.partial().extend({ archived: z.boolean({ error: 'archived is true or false.' }).optional() });
export type FailureCodeUpdateInput = z.infer<typeof failureCodeUpdateInput>;

/**
 * The company a company-wide call is about: the caller's own unless a superadmin names another
 * (`?company_id=`); anyone else naming another company is refused.
 */
export const companyChoiceQuery = z.object({ company_id: idQueryField('company').optional() });

/** `GET /v1/failure-codes`: `archived=true` includes the archived ones. By code. */
export const failureCodeListQuery = companyChoiceQuery.extend({ archived: z.enum(['true', 'false'], { error: 'archived is true or false.' }).optional() });

// ----- Repairs -----------------------------------------------------------------------------------

export const REPAIR_STATUSES = ['waiting', 'repaired', 'scrapped'] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];
export const REPAIR_STATUS_LABELS: Record<RepairStatus, string> = { waiting: 'Waiting for repair', repaired: 'Repaired', scrapped: 'Scrapped' };

/** How a repair ends: the board returns to test, or it is scrapped (and stopped for good). */
export const REPAIR_OUTCOMES = ['repaired', 'scrapped'] as const;
export type RepairOutcome = (typeof REPAIR_OUTCOMES)[number];

/** A person as a record names them. */
const personSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A reference designator as on the board's silkscreen: `R12`, `U3`, `C101`, `J1.4`. */
export const REFERENCE_DESIGNATOR = /^[A-Za-z]{1,4}[0-9]{1,5}[A-Za-z0-9.]*$/;
export const MAX_PARTS = 50;

/** A repair's file; `id` is the repair's, as its download is `GET /v1/repairs/{id}/file`. */
export const repairFileSchema = z.object({ id: z.number().int(), name: z.string(), content_type: z.string(), size: z.number().int() });

export const repairSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  serial: z.string(),
  project_id: z.number().int(),
  production_batch_id: z.number().int(),
  status: z.enum(REPAIR_STATUSES),
  /** Why it was sent (the operator's words). */
  reason: z.string(),
  /** The failing steps of the run that sent it (none when sent without a failing run). */
  failing_steps: z.array(failingStepSchema),
  /** The failing run that sent it, and the jig it ran on. */
  report_id: z.number().int().nullable(),
  enclosure_id: z.number().int().nullable(),
  enclosure_name: z.string().nullable(),
  sent_by: personSchema,
  sent_at: z.string(),
  failure_code: z.object({ id: z.number().int(), code: z.string(), description: z.string() }).nullable(),
  action: z.string().nullable(),
  /** Reference designators of the parts replaced. */
  parts: z.array(z.string()),
  notes: z.string().nullable(),
  file: repairFileSchema.nullable(),
  repaired_by: personSchema,
  repaired_at: z.string().nullable(),
});
export type Repair = z.infer<typeof repairSchema>;

export const REPAIR_SORTABLE = ['id', 'sent_at', 'repaired_at', 'serial'] as const;
/** `GET /v1/projects/{project_id}/repairs`: the queue (`status=waiting`, oldest first by default) and the done ones. */
export const repairListQuery = listQuerySchema(REPAIR_SORTABLE).extend({
  status: choice(REPAIR_STATUSES, 'Status').optional(),
  device_id: idQueryField('device').optional(),
});

/** `POST /v1/devices/{device_id}/repairs`: an engineer sends a board to repair from its page. */
export const repairSendInput = z.object({
  reason: requiredText('Reason', { required: 'Say why the board goes to repair.' }).max(500, 'A reason is at most 500 characters.'),
});
export type RepairSendInput = z.infer<typeof repairSendInput>;

/**
 * `POST /v1/repairs/{id}/complete` (multipart: these fields, and an optional `file`, a photo or a
 * document): the repair as done. `parts` is the reference designators, separated by commas or
 * spaces in the form field; a scrapped board needs a failure code too (why it could not be saved).
 */
export const repairCompleteInput = z.object({
  outcome: choice(REPAIR_OUTCOMES, 'Outcome', { repaired: 'repaired', scrapped: 'scrapped' }),
  // A multipart form sends the id as digits: taken as the number, anything else refused as it is.
  failure_code_id: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' && /^[0-9]{1,10}$/.test(v) ? Number(v) : v),
    idField('failure code', { required: 'Choose a failure code.' }),
  ),
  action: requiredText('Action', { required: 'Say what was done.' }).max(500, 'An action is at most 500 characters.'),
  parts: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
      z.array(z.string().regex(REFERENCE_DESIGNATOR, 'A part is a reference designator such as R12 or U3.')).max(MAX_PARTS, `At most ${MAX_PARTS} parts.`),
    )
    .default([]),
  notes: optionalText('Notes').max(2000, 'Notes are at most 2000 characters.').optional(),
});
export type RepairCompleteInput = z.infer<typeof repairCompleteInput>;

/** The multipart form of `POST /v1/repairs/{id}/complete`, for the API's description. */
export const repairCompleteUploadForm = z.object({
  outcome: z.enum(REPAIR_OUTCOMES),
  failure_code_id: z.string().describe('The failure code (an id of the company’s list, not archived).'),
  action: z.string().describe('What was done.'),
  parts: z.string().optional().describe('Reference designators of the parts replaced, separated by commas or spaces.'),
  notes: z.string().optional(),
  file: z.file().optional().describe('A photo or document of the repair (image, PDF or text), optional; at most 20 MB by default.'),
});

// ----- A board's history: scans, runs and repairs in order ---------------------------------------

const at = z.string();
export const historyEntrySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('scan'),
    at,
    scan_id: z.number().int(),
    operator: personSchema,
    enclosure_id: z.number().int(),
    enclosure_name: z.string(),
    outcome: z.enum(['go', 'stop']),
    stop_code: z.enum(STOP_CODES).nullable(),
    attempts_used: z.number().int(),
    attempt_limit: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('run'),
    at,
    report_id: z.number().int(),
    result: z.enum(['pass', 'fail', 'error']),
    enclosure_id: z.number().int().nullable(),
    enclosure_name: z.string().nullable(),
    operator: personSchema,
    failed_step_count: z.number().int(),
    /** Stored although the board was in repair or past its attempts (station.ts OUT_OF_POLICY). */
    out_of_policy: z.enum(['in_repair', 'attempts_used_up', 'scrapped']).nullable(),
  }),
  z.object({ kind: z.literal('repair_sent'), at, repair_id: z.number().int(), by: personSchema, reason: z.string() }),
  z.object({
    kind: z.literal('repair_done'),
    at,
    repair_id: z.number().int(),
    by: personSchema,
    outcome: z.enum(REPAIR_OUTCOMES),
    failure_code: z.string().nullable(),
    action: z.string().nullable(),
    parts: z.array(z.string()),
  }),
]);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** `GET /v1/devices/{id}/history`: oldest first; at most this many entries (the newest). */
export const MAX_HISTORY_ENTRIES = 1000;

// ----- Repair statistics (`GET /v1/statistics/repairs`, statisticsQuery's from/to/project/jig) ----

/** `GET /v1/statistics/repairs`: the range (30 days to today by default), a project, a jig; a superadmin names the company. */
export const repairStatisticsQuery = statisticsQuery.pick({ from: true, to: true, project_id: true, enclosure_id: true }).extend(companyChoiceQuery.shape);
export type RepairStatisticsQuery = z.infer<typeof repairStatisticsQuery>;

export const repairStatisticsSchema = z.object({
  /** Completed repairs by failure code, most first, with the running share (a Pareto). */
  pareto: z.array(z.object({ failure_code_id: z.number().int(), code: z.string(), description: z.string(), count: z.number().int(), share: z.number(), cumulative_share: z.number() })),
  /** Boards tested in the range, and those sent to repair: repair_rate = sent / tested (null: none tested). */
  boards_tested: z.number().int(),
  boards_sent_to_repair: z.number().int(),
  repair_rate: z.number().nullable(),
  /** Repaired boards retested since, and those whose first run after the repair passed. */
  retested_after_repair: z.number().int(),
  first_pass_after_repair: z.number().int(),
  first_pass_after_repair_rate: z.number().nullable(),
  /** Hours from sent to done, over the repairs completed in the range (null: none). */
  time_in_repair_hours: z.object({ median: z.number(), p90: z.number(), mean: z.number() }).nullable(),
  waiting_now: z.number().int(),
  /** Per operator (scans' operator recorded on the runs they led to); `operator` null: runs without a scan. */
  by_operator: z.array(
    z.object({
      operator: personSchema,
      scans: z.number().int(),
      runs: z.number().int(),
      passes: z.number().int(),
      fails: z.number().int(),
      sent_to_repair: z.number().int(),
      out_of_policy_runs: z.number().int(),
    }),
  ),
});
export type RepairStatistics = z.infer<typeof repairStatisticsSchema>;
