import { z } from 'zod';
import { PANEL_ID_MAX, REPORT_RESULTS } from './devices';
import { idField, realField } from './numbers';
import { GOLDEN_ANSWERS } from './readiness';
import { OUT_OF_POLICY } from './station';
import { optionalText, requiredText } from './text';

/**
 * The jig side (API.md "Beyond SPEC.md"). A jig authenticates with its signature,
 * HMAC-SHA256(serial, secret) in hex, sent as the `x-jig-signature` header.
 */
export const JIG_SIGNATURE_HEADER = 'x-jig-signature';

export const MAX_STEPS_PER_REPORT = 2000;

export const jigStepInput = z.object({
  name: requiredText('Step name').max(200),
  value: realField('value').nullable().optional(),
  unit: optionalText('unit', { trim: false }).max(32).nullable().optional(),
  low: realField('low').nullable().optional(),
  high: realField('high').nullable().optional(),
  pass: z.boolean({ error: 'pass is true or false.' }),
});

/** One test run of one board. Idempotent on `uuid`: a retried post never makes a second report. */
export const jigReportInput = z.object({
  uuid: z.uuid('uuid must be a UUID.'),
  serial: requiredText('Device serial').max(64, 'Device serial is at most 64 characters.'),
  project_id: idField('project', { required: 'project_id is required.' }),
  /** Needed when the board is new; a known board stays in its batch. */
  production_batch_id: idField('production batch').optional(),
  /** The panel the board was built on, when the jig knows it; kept on the device (the last report's wins). */
  panel_id: optionalText('Panel id')
    .min(1, 'Panel id must not be empty; leave it out instead.')
    .max(PANEL_ID_MAX, `Panel id is at most ${PANEL_ID_MAX} characters.`)
    .optional(),
  test_profile: optionalText('test_profile', { trim: false }).max(120).optional(),
  test_profile_version: optionalText('test_profile_version', { trim: false }).max(40).optional(),
  result: z.enum(REPORT_RESULTS, { error: `result must be one of: ${REPORT_RESULTS.join(', ')}.` }),
  started_at: z.iso.datetime({ error: 'started_at is an ISO 8601 time.', offset: true }),
  finished_at: z.iso.datetime({ error: 'finished_at is an ISO 8601 time.', offset: true }),
  steps: z.array(jigStepInput).max(MAX_STEPS_PER_REPORT, `At most ${MAX_STEPS_PER_REPORT} steps.`).default([]),
});
export type JigReportInput = z.infer<typeof jigReportInput>;

/**
 * 201 when stored now, 200 when this uuid was stored before (a retry). `out_of_policy` says why
 * the board should not have been tested (it waits for repair, used up its attempts, was
 * scrapped), with `out_of_policy_words` for the jig's screen; the run is stored all the same.
 */
export const jigReportAckSchema = z.object({
  data: z.object({
    report_id: z.number().int(),
    device_id: z.number().int(),
    duplicate: z.boolean(),
    out_of_policy: z.enum(OUT_OF_POLICY).nullable(),
    out_of_policy_words: z.string().nullable(),
    /** 'held': stored, but the jig is not ready and its company holds such runs (contract/readiness.ts); they count nowhere until released. */
    held: z.enum(['held']).nullable().optional(),
    held_words: z.string().nullable().optional(),
    /** A golden unit's run: its answer (right or wrong); it counts in no yield. */
    golden: z.enum(GOLDEN_ANSWERS).nullable().optional(),
  }),
});
export type JigReportAck = z.infer<typeof jigReportAckSchema>;
