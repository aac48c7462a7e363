import { z } from 'zod';
import { idQueryField } from './numbers';

/**
 * Statistics read from daily aggregates maintained at ingestion, never by scanning reports.
 * `from`/`to` are dates (YYYY-MM-DD, UTC, inclusive); the default is the last 30 days.
 */
const day = z.iso.date('Dates are YYYY-MM-DD.');
export const statisticsQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  project_id: idQueryField('project').optional(),
  bucket: z.enum(['day', 'week'], { error: 'bucket is day or week.' }).default('day'),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

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
  yield: z.number().nullable(),
  first_pass_yield: z.number().nullable(),
});
export type YieldPoint = z.infer<typeof yieldPointSchema>;

export const failingStepSchema = z.object({
  name: z.string(),
  failures: z.number().int(),
  /** Share of all step failures in the range, for the Pareto's cumulative line. */
  share: z.number(),
});
export type FailingStep = z.infer<typeof failingStepSchema>;

/** `GET /companies/{id}/statistics`: yield over time and the failure Pareto. */
export const companyStatisticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['day', 'week']),
  series: z.array(yieldPointSchema),
  failing_steps: z.array(failingStepSchema),
});
export type CompanyStatistics = z.infer<typeof companyStatisticsSchema>;

export const batchYieldSchema = z.object({
  batch_id: z.number().int(),
  batch_name: z.string(),
  first_tests: z.number().int(),
  first_passes: z.number().int(),
  first_pass_yield: z.number().nullable(),
});

/** `GET /companies/{id}/statistics/projects/`: first-pass yield per project and per batch. */
export const projectStatisticsSchema = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  reports: z.number().int(),
  first_tests: z.number().int(),
  first_passes: z.number().int(),
  first_pass_yield: z.number().nullable(),
  batches: z.array(batchYieldSchema),
});
export type ProjectStatistics = z.infer<typeof projectStatisticsSchema>;

/** `GET /companies/{id}/dashboard/`: the company's last 7 days. */
export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  boards_tested: z.number().int(),
  reports: z.number().int(),
  yield: z.number().nullable(),
  first_pass_yield: z.number().nullable(),
  /** Same figures for the 7 days before, for the trend arrows. */
  previous: z.object({ boards_tested: z.number().int(), yield: z.number().nullable(), first_pass_yield: z.number().nullable() }),
  per_day: z.array(yieldPointSchema),
  /** Open batches whose first-pass yield is below the company's threshold (90%), worst first. */
  failing_batches: z.array(
    batchYieldSchema.extend({ project_id: z.number().int(), project_name: z.string() }),
  ),
  jigs: z.array(
    z.object({
      enclosure_id: z.number().int(),
      name: z.string(),
      serial: z.string(),
      last_seen_at: z.string().nullable(),
      reports_7d: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const FAILING_BATCH_THRESHOLD = 0.9;
