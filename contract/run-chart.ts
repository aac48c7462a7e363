import { z } from 'zod';
import { queryIntField } from './numbers';
import { statisticsScopeQuery } from './step-statistics';
import { requiredText } from './text';

/**
 * A step's run chart (`GET /testprofiles/{id}/runchart`) and a profile's recent run-rule
 * violations (`GET /testprofiles/{id}/violations`), over a statistics scope (from, to, batch, jig,
 * versions). The centre line and σ are the scope's, from the per-step aggregates (its mean and
 * within-subgroup spread), never from the drawn points alone; the points are its newest runs.
 */

/** Points a chart draws unless asked, and the points per step the violations list looks at: the same, so a listed violation is a flagged point of the chart. */
export const RECENT_POINTS = 100;
export const RUN_CHART_MAX = 500;

const stepName = requiredText('step').max(200, 'step is at most 200 characters.');

export const runChartQuery = statisticsScopeQuery.extend({
  step: stepName,
  limit: queryIntField('limit', { min: 2, max: RUN_CHART_MAX, minMessage: 'limit is at least 2', maxMessage: () => `limit is at most ${RUN_CHART_MAX}` })
    .optional()
    .transform((v) => v ?? RECENT_POINTS),
});

export const runChartPointSchema = z.object({
  report_id: z.number().int(),
  serial: z.string(),
  finished_at: z.string(),
  value: z.number(),
  pass: z.boolean(),
  /** The profile's run rules this point breaks (contract/run-rules.ts), empty for most. */
  rules: z.array(z.number().int()),
});
export type RunChartPoint = z.infer<typeof runChartPointSchema>;

/** Where σ comes from: the pooled spread inside subgroups, or (no subgroup with two values) the overall one. */
export const SIGMA_SOURCES = ['within', 'overall'] as const;

export const runChartSchema = z.object({
  step: z.string(),
  unit: z.string(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** The scope's mean of the step; null without values. */
  centre: z.number().nullable(),
  /** The scope's σ; null when it has no spread (fewer than two values, or all equal): nothing is judged. */
  sigma: z.number().nullable(),
  sigma_from: z.enum(SIGMA_SOURCES).nullable(),
  /** Values of the step in the whole scope (the centre's and σ's sample), and the rules judged. */
  measured: z.number().int(),
  rules: z.array(z.number().int()),
  /** Oldest first: the step's newest `limit` values in the scope. */
  points: z.array(runChartPointSchema),
});
export type RunChart = z.infer<typeof runChartSchema>;

export const violationsQuery = statisticsScopeQuery.extend({
  /** One step only. */
  step: stepName.optional(),
  /** Only violations at runs finished at or after this time. */
  since: z.iso.datetime({ error: 'since is an ISO 8601 time, e.g. 2026-12-01T00:00:00Z.', offset: true }).optional(),
});
export type ViolationsQuery = z.input<typeof violationsQuery>;

export const violationSchema = z.object({
  step: z.string(),
  report_id: z.number().int(),
  serial: z.string(),
  finished_at: z.string(),
  value: z.number(),
  rule: z.number().int(),
});
export type Violation = z.infer<typeof violationSchema>;

export const stepViolationsSchema = z.object({
  step: z.string(),
  unit: z.string(),
  centre: z.number().nullable(),
  sigma: z.number().nullable(),
  /** Points looked at (the step's values in the scope's newest runs). */
  points: z.number().int(),
  /** Newest first; a point breaking two rules is listed once per rule. */
  violations: z.array(violationSchema),
});
export type StepViolations = z.infer<typeof stepViolationsSchema>;

export const violationsAnswer = z.object({
  /** Steps with at least one violation, the most recent violation first. */
  data: z.array(stepViolationsSchema),
  meta: z.object({
    /** The newest runs of the scope looked at: each step's points are its values in them. */
    runs: z.number().int(),
    rules: z.array(z.number().int()),
  }),
});
export type ViolationsAnswer = z.infer<typeof violationsAnswer>;
