import { z } from 'zod';
import { idField, realField } from './numbers';
import { STATISTICS_VERSIONS } from './step-statistics';
import { requiredText } from './text';

/**
 * Limit what-if: new limits proposed for steps of a test profile version, a chosen history of its
 * counted runs judged again against them, and the proposal published as a new draft version.
 *
 * How a run is judged again (server/services/limit-what-if.ts does it, docs/guide-engineer.md says
 * it in words):
 * - a proposed step with a numeric value passes iff low ≤ value ≤ high (an open limit is no bound);
 *   a proposed step without a numeric value keeps its recorded pass; every other step keeps its
 *   recorded pass;
 * - an `error` run stays an error (it was not measured to the end, so no limit decides it);
 * - a run none of whose steps changes verdict keeps its recorded result; otherwise it passes iff
 *   all its steps pass.
 * A board's first run is its first counted run ever (lowest stored id, as the first-pass counters
 * say); first-pass yield = boards whose first run lies in the scope and passes / boards whose first
 * run lies in the scope.
 */

/** The history replayed unless `from` is given: the last 90 days up to `to` (a quarter: the process as it runs now). */
export const WHAT_IF_DEFAULT_DAYS = 90;
/** At most the newest this many runs of the scope are replayed; the answer says when there were more. */
export const WHAT_IF_RUN_CAP = 100_000;
/** The flipping runs listed (newest first); the total counts them all. */
export const WHAT_IF_FLIPS_SHOWN = 200;
export const WHAT_IF_REASON_MAX = 500;

const day = z.iso.date('Dates are YYYY-MM-DD.');

/** The statistics scope (contract/step-statistics.ts statisticsScopeQuery) as a JSON body: ids are numbers. */
export const whatIfScopeInput = z
  .object({
    from: day.optional(),
    to: day.optional(),
    batch_id: idField('batch').optional(),
    jig_id: idField('jig').optional(),
    versions: z.enum(STATISTICS_VERSIONS, { error: 'versions is this or all.' }).default('this'),
  })
  .superRefine((scope, ctx) => {
    if (scope.from && scope.to && scope.from > scope.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before from.' });
  });
export type WhatIfScopeInput = z.input<typeof whatIfScopeInput>;

/** New limits for one step, by name; either limit may be open (null), as a step's may. */
export const proposedLimitInput = z
  .object({
    step: requiredText('Step').max(200, 'Step name is at most 200 characters.'),
    low: realField('Low').nullable(),
    high: realField('High').nullable(),
  })
  .superRefine((limit, ctx) => {
    if (limit.low !== null && limit.high !== null && limit.low > limit.high) ctx.addIssue({ code: 'custom', path: ['high'], message: 'High must not be below low.' });
  });
export type ProposedLimit = z.output<typeof proposedLimitInput>;

const limits = z
  .array(proposedLimitInput, { error: 'Limits are a list of { step, low, high }.' })
  .min(1, 'Propose new limits for at least one step.')
  .max(500, 'At most 500 steps at once.')
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((limit, i) => {
      if (seen.has(limit.step)) ctx.addIssue({ code: 'custom', path: [i, 'step'], message: `Step “${limit.step}” is proposed twice.` });
      seen.add(limit.step);
    });
  });

/** `POST /testprofiles/{id}/what-if`: the limits to try and the history to replay. Step names must be the profile's (422 on `limits.<i>.step`). */
export const limitWhatIfInput = z.object({ limits, scope: whatIfScopeInput.default({ versions: 'this' }) });
export type LimitWhatIfInput = z.input<typeof limitWhatIfInput>;

/** `POST /testprofiles/{id}/limit-proposals`: the same, with why, and the new draft's version. */
export const limitProposalInput = limitWhatIfInput.extend({
  reason: requiredText('Reason').max(WHAT_IF_REASON_MAX, `Reason is at most ${WHAT_IF_REASON_MAX} characters.`),
  version: requiredText('Version').max(40, 'Version is at most 40 characters.'),
});
export type LimitProposalInput = z.input<typeof limitProposalInput>;

const limitPair = z.object({ low: z.number().nullable(), high: z.number().nullable() });

/** Per proposed step: its limits now and proposed, and how many runs of the scope it changes. */
export const whatIfStepSchema = z.object({
  step: z.string(),
  unit: z.string(),
  current: limitPair,
  proposed: limitPair,
  /** Replayed runs that carried the step, and of them those with a numeric value. */
  runs: z.number().int(),
  measured: z.number().int(),
  /** Runs where this step's verdict changes: failed before and passes now, and the other way. */
  newly_passing: z.number().int(),
  newly_failing: z.number().int(),
});
export type WhatIfStep = z.infer<typeof whatIfStepSchema>;

export const FLIP_KINDS = ['escape', 'new_fail'] as const;
/** A run whose verdict flips: `escape` failed and would pass, `new_fail` passed and would fail. */
export const whatIfFlipSchema = z.object({
  report_id: z.number().int(),
  device_id: z.number().int(),
  serial: z.string(),
  finished_at: z.string(),
  kind: z.enum(FLIP_KINDS),
  /** The board's first counted run: it moves first-pass yield. */
  first_run: z.boolean(),
  /** The proposed steps whose verdict changed in this run. */
  steps: z.array(z.string()),
});
export type WhatIfFlip = z.infer<typeof whatIfFlipSchema>;

const nowAndProjected = <T extends z.ZodType>(t: T) => z.object({ now: t, projected: t });
const overRuns = z.object({ first_runs: z.number().int(), all_runs: z.number().int() });

/** What a replay found. Yields are fractions (0–1), null without a first run in the scope. */
export const whatIfSummarySchema = z.object({
  /** The scope replayed, defaults filled in. */
  scope: z.object({
    from: z.string(),
    to: z.string(),
    batch_id: z.number().int().nullable(),
    jig_id: z.number().int().nullable(),
    versions: z.enum(STATISTICS_VERSIONS),
  }),
  runs: z.number().int(),
  /** More runs than the cap were in the scope: only the newest `cap` were replayed. */
  truncated: z.boolean(),
  cap: z.number().int(),
  /** Distinct boards of the replayed runs, and those first tested in the scope. */
  boards: z.number().int(),
  first_runs: z.number().int(),
  first_passes: nowAndProjected(z.number().int()),
  first_pass_yield: nowAndProjected(z.number().nullable()),
  escapes: overRuns,
  new_fails: overRuns,
});
export type WhatIfSummary = z.infer<typeof whatIfSummarySchema>;

export const limitWhatIfAnswer = whatIfSummarySchema.extend({
  steps: z.array(whatIfStepSchema),
  /** Flipping runs, newest first: the first WHAT_IF_FLIPS_SHOWN, and how many there are. */
  flips: z.object({ data: z.array(whatIfFlipSchema), total: z.number().int() }),
});
export type LimitWhatIfAnswer = z.infer<typeof limitWhatIfAnswer>;

/** One step's change as the proposal keeps it. */
export const limitChangeSchema = z.object({ step: z.string(), unit: z.string(), old: limitPair, new: limitPair });
export type LimitChange = z.infer<typeof limitChangeSchema>;

/** A published proposal: why, what changed, what the replay said then, and the draft it made. */
export const limitProposalSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  from_profile: z.object({ id: z.number().int(), name: z.string(), version: z.string() }).nullable(),
  draft_profile_id: z.number().int().nullable(),
  reason: z.string(),
  changes: z.array(limitChangeSchema),
  summary: whatIfSummarySchema,
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
});
export type LimitProposal = z.infer<typeof limitProposalSchema>;
