import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idListField, countField, idQueryField } from './numbers';
import { choice, requiredText } from './text';

/**
 * Fit to test: one rule says whether a jig is ready, and if not, which reasons hold, each in
 * words. The station, the jig's page and list, the dashboard and ingestion under the hold policy
 * all read the same rule (server/services/readiness.ts).
 *
 * Reasons: the jig tests no project; the project has no active profile; the jig has not been
 * heard from lately; its cassette does not hold what the project's configuration asks for; a
 * cartridge's calibration is overdue; a cartridge is past its rated probe life or its cleaning
 * interval (overdue, contract/fixtures.ts; "due soon" is shown with the cartridge's cycles and
 * leaves the jig ready, as a calibration due soon does); the jig's firmware is not the newest enclosure update; the
 * project names golden units and none gave an answer on the jig within the project's window, or
 * the newest answer was wrong.
 */
export const READINESS_CODES = [
  'no_project',
  'no_active_profile',
  'cassette_mismatch',
  'calibration_overdue',
  'cycle_limits',
  'firmware_outdated',
  'golden_missing',
  'golden_wrong',
  'offline',
] as const;
export type ReadinessCode = (typeof READINESS_CODES)[number];

/**
 * The reasons that do not hold a jig's reports: a jig that reports is heard from, and its report
 * names its project; and worn or unclean probes make false fails, not false passes, so a run
 * through them is still good evidence where it passes (its fails show as false fails, and the
 * jig says it is not ready until the cartridge is cleaned or its probes replaced). The others
 * make its reports held under the hold policy.
 */
export const NOT_HOLDING: readonly ReadinessCode[] = ['offline', 'no_project', 'cycle_limits'];

export const readinessProblemSchema = z.object({ code: z.enum(READINESS_CODES), words: z.string() });
export type ReadinessProblem = z.infer<typeof readinessProblemSchema>;

/** A jig's readiness: ready, or the reasons it is not, each in words. */
export const readinessSchema = z.object({ ready: z.boolean(), problems: z.array(readinessProblemSchema) });
export type Readiness = z.infer<typeof readinessSchema>;

/** `GET /v1/jig-readiness`: a company's jigs with their readiness. */
export const jigReadinessSchema = readinessSchema.extend({
  jig_id: z.number().int(),
  /** The company's settings row of the jig (its page, `/enclosures/{setting_id}`). */
  setting_id: z.number().int().nullable(),
  name: z.string(),
  project_name: z.string().nullable(),
});
export type JigReadiness = z.infer<typeof jigReadinessSchema>;

/** At most this many jigs in one readiness answer (the jig list's page, a company's floor). */
export const MAX_READINESS_JIGS = 1000;

export const jigReadinessQuery = z.object({
  company_id: idQueryField('company').optional(),
  /** Comma-separated jig ids (the jig list's page); without it, all the company's jigs. */
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'ids is a comma-separated list of up to 200 jig ids.')
    .optional(),
  /** `true`: only the jigs that are not ready (the dashboard). */
  not_ready: z.enum(['true', 'false'], { error: 'not_ready is true or false.' }).optional(),
});

// ----- Golden units --------------------------------------------------------------------------

export const GOLDEN_KINDS = ['good', 'bad'] as const;
export type GoldenKind = (typeof GOLDEN_KINDS)[number];
export const GOLDEN_KIND_LABELS: Record<GoldenKind, string> = { good: 'Known good', bad: 'Known bad' };

/** A golden unit's answer on a jig: a known-good one passed, a known-bad one failed its named step. */
export const GOLDEN_ANSWERS = ['right', 'wrong'] as const;
export type GoldenAnswer = (typeof GOLDEN_ANSWERS)[number];

/** Whether a golden unit's run is the right answer: good passes; bad fails, and fails its named step. */
export function goldenAnswer(unit: { kind: GoldenKind; fails_step: string | null }, result: string, failingSteps: readonly string[]): GoldenAnswer {
  if (unit.kind === 'good') return result === 'pass' ? 'right' : 'wrong';
  return result === 'fail' && unit.fails_step !== null && failingSteps.includes(unit.fails_step) ? 'right' : 'wrong';
}

export const goldenUnitSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  serial: z.string(),
  kind: z.enum(GOLDEN_KINDS),
  fails_step: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GoldenUnit = z.infer<typeof goldenUnitSchema>;

const goldenSerial = requiredText('Serial').max(64, 'Serial is at most 64 characters.');
const failsStep = requiredText('Failing step').max(200, 'Failing step is at most 200 characters.');

const goldenFields = z.object({
  serial: goldenSerial,
  kind: choice(GOLDEN_KINDS, 'Kind', GOLDEN_KIND_LABELS),
  fails_step: failsStep.nullable().optional(),
});

/** A known-bad unit names the step it must fail; a known-good one names none. */
const namesItsStep = (u: { kind?: GoldenKind; fails_step?: string | null }) => u.kind !== 'bad' || !!u.fails_step;
export const goldenUnitInput = goldenFields.refine(namesItsStep, { message: 'A known-bad unit names the step it must fail.', path: ['fails_step'] });
export type GoldenUnitInput = z.infer<typeof goldenUnitInput>;
export const goldenUnitUpdateInput = goldenFields.partial();
export type GoldenUnitUpdateInput = z.infer<typeof goldenUnitUpdateInput>;

export const GOLDEN_WINDOW_MAX_HOURS = 24 * 90;
/** `PUT /v1/projects/{id}/golden-window`: how recent a golden unit's right answer must be. */
export const goldenWindowSchema = z.object({
  window_hours: countField('Window', { min: 1, max: GOLDEN_WINDOW_MAX_HOURS, minMessage: 'Window is at least 1 hour.', maxMessage: `Window is at most ${GOLDEN_WINDOW_MAX_HOURS} hours.` }),
});
export type GoldenWindow = z.infer<typeof goldenWindowSchema>;

// ----- Fixture policy and held reports -------------------------------------------------------

/** warn: a jig that is not ready says so and its reports count; hold: its reports wait, held. */
export const FIXTURE_POLICIES = ['warn', 'hold'] as const;
export type FixturePolicy = (typeof FIXTURE_POLICIES)[number];
export const FIXTURE_POLICY_LABELS: Record<FixturePolicy, string> = { warn: 'Warn', hold: 'Hold' };

export const fixturePolicySchema = z.object({ policy: z.enum(FIXTURE_POLICIES) });
export const fixturePolicyInput = z.object({ policy: choice(FIXTURE_POLICIES, 'Policy', FIXTURE_POLICY_LABELS) });
export type FixturePolicyInput = z.infer<typeof fixturePolicyInput>;

export const HELD_STATES = ['held', 'discarded'] as const;
export type HeldState = (typeof HELD_STATES)[number];

/** What the jig's answer says of a held run (like outOfPolicyWords): why, and that it waits. */
export function heldWords(serial: string, reasons: readonly string[]): string {
  return `The run of board “${serial}” is stored but held: the jig is not ready (${reasons.join(' ')}) It counts nowhere until an engineer releases or discards it.`;
}

/** A held (or discarded) report in the project's list. */
export const heldReportSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  serial: z.string(),
  enclosure_id: z.number().int().nullable(),
  result: z.string(),
  finished_at: z.string(),
  held: z.enum(HELD_STATES),
});
export type HeldReport = z.infer<typeof heldReportSchema>;

export const HELD_REPORT_SORTABLE = ['id', 'finished_at'] as const;
/** Oldest first (the order they arrived) unless sorted; held ones unless `state=discarded`. */
export const heldReportListQuery = listQuerySchema(HELD_REPORT_SORTABLE).extend({
  state: z.enum(HELD_STATES, { error: 'state is held or discarded.' }).optional(),
});
export type HeldReportListQuery = z.output<typeof heldReportListQuery>;

export const MAX_HELD_AT_ONCE = 500;
/** `POST /v1/projects/{id}/held-reports/release` (or `/discard`): these held reports. */
export const heldReportsAction = z.object({
  report_ids: idListField('report', { min: 1, minMessage: 'Pick at least one held report.', max: MAX_HELD_AT_ONCE }),
});
export type HeldReportsAction = z.infer<typeof heldReportsAction>;
export const heldReportsActionAnswer = z.object({ data: z.object({ changed: z.number().int() }) });
