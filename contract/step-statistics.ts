import { z } from 'zod';
import { idQueryField } from './numbers';
import { requiredText } from './text';

/**
 * Step statistics over any part of a profile's history, read from per-step aggregates kept at
 * ingestion (server/store/step-measures.ts), never by scanning the reports: the figures equal a
 * recompute from the raw values whatever the history's length.
 *
 * The scope: `from`/`to` (YYYY-MM-DD, UTC, inclusive; default: all history), one production
 * batch (a lot), one jig, and `versions`: the profile version asked for (`this`, the default)
 * or every version of the profile's name (`all`, judged against this version's limits).
 */
const day = z.iso.date('Dates are YYYY-MM-DD.');
export const STATISTICS_VERSIONS = ['this', 'all'] as const;
export const statisticsScopeQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  batch_id: idQueryField('batch').optional(),
  jig_id: idQueryField('jig').optional(),
  versions: z.enum(STATISTICS_VERSIONS, { error: 'versions is this or all.' }).default('this'),
});
export type StatisticsScope = z.infer<typeof statisticsScopeQuery>;

/**
 * Capability of one population of a step's measurements. `sd_within` is the pooled spread inside
 * subgroups (a day's runs on one jig in one batch under one version) and gives Cpk; `sd_overall`
 * is the spread of all of them together and gives Ppk. Null where it means nothing (fewer than
 * two values, no spread, no limit).
 */
export const capabilitySchema = z.object({
  n: z.number().int(),
  mean: z.number().nullable(),
  sd_within: z.number().nullable(),
  sd_overall: z.number().nullable(),
  cpk: z.number().nullable(),
  ppk: z.number().nullable(),
  /** contract/process-capability.ts capabilityLevel of cpk. */
  level: z.enum(['ok', 'flag', 'alarm', 'wide']).nullable(),
});
export type Capability = z.infer<typeof capabilitySchema>;

export const stepStatisticsSchema = z.object({
  name: z.string(),
  /** The step's place in the profile, or null when only the reports have it. */
  position: z.number().int().nullable(),
  unit: z.string(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** Where the limits come from: the profile's step of that name, or the reports. */
  limits_from: z.enum(['profile', 'reports']),
  /** Runs that carried the step, and of them those where it failed. */
  count: z.number().int(),
  passed: z.number().int(),
  pass_rate: z.number().nullable(),
  /** Runs with a numeric value. */
  measured: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Every measured value. */
  all: capabilitySchema,
  /** Only the values of runs that passed as a whole: the process without its failing boards. */
  passing: capabilitySchema,
});
export type StepStatistics = z.infer<typeof stepStatisticsSchema>;

/**
 * Worst first by the Cpk of one population (every value, or those of passing runs): alarms, then
 * flags; steps without a Cpk after, by pass rate, then by their place in the profile.
 */
export const worstFirst =
  (population: 'all' | 'passing') =>
  (a: StepStatistics, b: StepStatistics): number => {
    const ca = a[population].cpk;
    const cb = b[population].cpk;
    if (ca !== null && cb !== null) return ca - cb;
    if (ca !== null) return -1;
    if (cb !== null) return 1;
    return (a.pass_rate ?? 1) - (b.pass_rate ?? 1) || (a.position ?? 1e9) - (b.position ?? 1e9);
  };

/** What the figures cover, said on screen beside them. */
export const statisticsCoverageSchema = z.object({
  /** Counted runs of the scope (held runs and golden units' runs count nowhere). */
  runs: z.number().int(),
  /** The first and last day with a run in the scope; null when it has none. */
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The versions counted, oldest first. */
  versions: z.array(z.string()),
  batch: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  jig: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type StatisticsCoverage = z.infer<typeof statisticsCoverageSchema>;

export const stepStatisticsAnswer = z.object({
  data: z.array(stepStatisticsSchema),
  meta: statisticsCoverageSchema,
});
export type StepStatisticsAnswer = z.infer<typeof stepStatisticsAnswer>;

/** At most this many of the scope's newest values are binned into a histogram. */
export const HISTOGRAM_SAMPLE = 5000;
export const HISTOGRAM_RUNS = ['all', 'passing'] as const;

/**
 * `GET /testprofiles/{id}/histogram`: a step's values over the same scope as the statistics;
 * `runs=passing` keeps only the values of runs that passed (the figures "without failing runs").
 */
export const histogramQuery = statisticsScopeQuery.extend({
  step: requiredText('step').max(200),
  runs: z.enum(HISTOGRAM_RUNS, { error: 'runs is all or passing.' }).default('all'),
});
export type HistogramQuery = z.infer<typeof histogramQuery>;

export const histogramSchema = z.object({
  step: z.string(),
  unit: z.string(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  runs: z.enum(HISTOGRAM_RUNS),
  /** Values of the step in the scope (from the aggregates), and how many of the newest of them are binned. */
  measured: z.number().int(),
  sample: z.number().int(),
  /** The oldest run's finish among the binned values; null when none. */
  sample_since: z.string().nullable(),
  /** Bars of one width: from ≤ value < to (the last bar also holds its upper edge). */
  bins: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** The normal fitted from the aggregates of every value in the scope (mean and overall σ); null without spread. */
  fit: z.object({ mean: z.number(), sd: z.number() }).nullable(),
});
export type Histogram = z.infer<typeof histogramSchema>;
