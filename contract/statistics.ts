import { z } from 'zod';
import { idQueryField } from './numbers';
import { optionalText } from './text';

/**
 * Statistics read from daily aggregates maintained at ingestion, never by scanning reports.
 * `from`/`to` are dates (YYYY-MM-DD, UTC, inclusive); the default is the last 30 days.
 * `enclosure_id` (a jig of the company), `test_profile` (with `test_profile_version`, one version
 * of it) narrow every figure to the runs of that jig or profile. `step` keeps the runs and adds,
 * beside each figure, how many of them failed that step (`step_failures`): where and when it fails.
 */
const day = z.iso.date('Dates are YYYY-MM-DD.');
const filterText = (name: string, max: number) =>
  optionalText(name)
    .min(1, `${name} must not be empty.`)
    .max(max, `${name} is at most ${max} characters.`);
export const statisticsQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  project_id: idQueryField('project').optional(),
  bucket: z.enum(['day', 'week'], { error: 'bucket is day or week.' }).default('day'),
  enclosure_id: idQueryField('jig').optional(),
  test_profile: filterText('test_profile', 120).optional(),
  test_profile_version: filterText('test_profile_version', 40).optional(),
  step: filterText('step', 200).optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/**
 * A ratio built on fewer runs (or, for first-pass yield, fewer boards tested first) than this
 * says so where it is shown: one board more or less moves it by several percent.
 */
export const FEW_RUNS = 30;

export const yieldPointSchema = z.object({
  /** First day of the bucket. */
  date: z.string(),
  reports: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  errors: z.number().int(),
  /** Boards tested for the first time, and how many of those passed at once. */
  first_tests: z.number().int(),
  first_passes: z.number().int(),
  /** passed / reports: the share of test runs that passed (docs/architecture.md "Figures"). */
  pass_rate: z.number().nullable(),
  /** first_passes / first_tests. */
  first_pass_yield: z.number().nullable(),
  /**
   * Of the same boards (first tested in the bucket), as they stand now: passed on their first
   * or second run, and standing passed or released (contract/figures.ts).
   */
  second_passes: z.number().int(),
  last_passes: z.number().int(),
  second_pass_yield: z.number().nullable(),
  last_pass_yield: z.number().nullable(),
  /** With `step`: the runs of the bucket in which that step failed. */
  step_failures: z.number().int().optional(),
});
export type YieldPoint = z.infer<typeof yieldPointSchema>;

export const failingStepSchema = z.object({
  name: z.string(),
  failures: z.number().int(),
  /** Share of all step failures in the range, for the Pareto's cumulative line. */
  share: z.number(),
  /** The projects it failed in over the range, most failures first: where its boards are. */
  project_ids: z.array(z.number().int()),
});
export type FailingStep = z.infer<typeof failingStepSchema>;

/** `GET /companies/{id}/statistics`: yield over time and the failure Pareto. */
export const companyStatisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['day', 'week']),
  series: z.array(yieldPointSchema),
  failing_steps: z.array(failingStepSchema),
  /**
   * What the jig, profile and step filters can be set to: what reported (or failed) in the
   * range, for the company or the chosen project, whatever the other filters.
   */
  choices: z.object({
    /** Named as contract/jig-names.ts says: the company's name, and the registered one. */
    jigs: z.array(z.object({ id: z.number().int(), name: z.string(), registered_name: z.string(), serial: z.string() })),
    test_profiles: z.array(z.object({ name: z.string(), version: z.string().nullable() })),
    steps: z.array(z.string()),
  }),
});
export type CompanyStatistics = z.infer<typeof companyStatisticsSchema>;

export const batchYieldSchema = z.object({
  batch_id: z.number().int(),
  batch_name: z.string(),
  first_tests: z.number().int(),
  first_passes: z.number().int(),
  first_pass_yield: z.number().nullable(),
  /** Of the same boards: passed by their second run; standing passed or released. */
  second_passes: z.number().int(),
  last_passes: z.number().int(),
  second_pass_yield: z.number().nullable(),
  last_pass_yield: z.number().nullable(),
});

/** `GET /companies/{id}/statistics/projects/`: first-pass yield per project and per batch. */
export const projectStatisticsSchema = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  reports: z.number().int(),
  first_tests: z.number().int(),
  first_passes: z.number().int(),
  first_pass_yield: z.number().nullable(),
  second_passes: z.number().int(),
  last_passes: z.number().int(),
  second_pass_yield: z.number().nullable(),
  last_pass_yield: z.number().nullable(),
  /** With `step`: the runs in which that step failed. */
  step_failures: z.number().int().optional(),
  batches: z.array(
    batchYieldSchema.extend({
      reports: z.number().int(),
      step_failures: z.number().int().optional(),
    }),
  ),
});
export type ProjectStatistics = z.infer<typeof projectStatisticsSchema>;

/** `GET /companies/{id}/dashboard/`: the company's last 7 days. */
export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Boards whose first test run was in these 7 days. */
  boards_tested: z.number().int(),
  reports: z.number().int(),
  /** Passed test runs / test runs. */
  pass_rate: z.number().nullable(),
  /** Boards whose first run passed / boards_tested. */
  first_pass_yield: z.number().nullable(),
  /** Same figures for the 7 days before, for the trend arrows. */
  previous: z.object({ boards_tested: z.number().int(), pass_rate: z.number().nullable(), first_pass_yield: z.number().nullable() }),
  per_day: z.array(yieldPointSchema),
  /** Open batches whose first-pass yield is below the company's threshold (90%), worst first. */
  failing_batches: z.array(
    batchYieldSchema.extend({ project_id: z.number().int(), project_name: z.string() }),
  ),
  jigs: z.array(
    z.object({
      enclosure_id: z.number().int(),
      /** The company's name for the jig, and the registered one (contract/jig-names.ts). */
      name: z.string(),
      registered_name: z.string(),
      serial: z.string(),
      last_seen_at: z.string().nullable(),
      reports_7d: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const FAILING_BATCH_THRESHOLD = 0.9;
