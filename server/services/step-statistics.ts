import type { Kysely } from 'kysely';
import { capabilityOf, histogramBins } from '../../contract/process-capability';
import {
  HISTOGRAM_SAMPLE,
  type Histogram,
  type HistogramQuery,
  type StatisticsScope,
  type StepStatistics,
  type StepStatisticsAnswer,
  worstFirst,
} from '../../contract/step-statistics';
import type { DB } from '../db/schema';
import { invalidField, notFound } from '../http/errors';
import { measureCoverage, stepMeasures, type MeasureScope, type StepMeasure } from '../store/step-measures';
import { batchOfProject, jigOfCompany, newestStepValues, reportedLimits, versionsOfName, type ReportedLimits } from '../store/step-values';
import { listSteps } from '../store/test-profile-parts';
import { findProfileWithProject } from '../store/test-profiles';

/**
 * Capability of each step of a test profile over any scope of its history: Cpk and Ppk with and
 * without failing runs, from the per-step aggregates (stepMeasures), never from the reports.
 */

type Resolved = {
  measure: MeasureScope;
  profileId: number;
  meta: Omit<StepStatisticsAnswer['meta'], 'runs' | 'first_day' | 'last_day'>;
};

/**
 * The scope as runs to count: this version or every version of the profile's name in its
 * project; a batch of the project and a jig of its company (else a 422 on it, never whether
 * another company has one), with their names for the sentence that says what the figures cover.
 */
async function resolveScope(db: Kysely<DB>, profileId: number, scope: StatisticsScope): Promise<Resolved> {
  const profile = await findProfileWithProject(db, 'test_profiles', profileId);
  if (!profile) throw notFound();
  if (scope.from && scope.to && scope.from > scope.to) throw invalidField('from', 'from must not be after to.');
  const [versions, batch, jig] = await Promise.all([
    scope.versions === 'all' ? versionsOfName(db, profile.project_id, profile.name) : [{ id: profile.id, version: profile.version }],
    scope.batch_id === undefined ? null : batchOfProject(db, profile.project_id, scope.batch_id),
    scope.jig_id === undefined ? null : jigOfCompany(db, profile.project.company_id, scope.jig_id),
  ]);
  if (batch === undefined) throw invalidField('batch_id', 'There is no such batch in this project.');
  if (jig === undefined) throw invalidField('jig_id', 'There is no such jig in this company.');
  return {
    profileId: profile.id,
    measure: {
      projectId: profile.project_id,
      profileIds: versions.map((v) => v.id),
      from: scope.from,
      to: scope.to,
      batchId: scope.batch_id,
      jigId: scope.jig_id,
    },
    meta: {
      from: scope.from ?? null,
      to: scope.to ?? null,
      versions: versions.map((v) => v.version),
      batch: batch ? { id: batch.id, name: batch.name } : null,
      jig: jig ? { id: jig.id, name: jig.name } : null,
    },
  };
}

type Limits = { position: number | null; unit: string; low: number | null; high: number | null; limits_from: 'profile' | 'reports' };

/**
 * Each step's limits: the profile's step of that name (every version of the scope is judged
 * against this version's limits), else what the newest runs carried.
 */
async function limitsOf(db: Kysely<DB>, profileId: number, profileIds: number[], names: string[]): Promise<Map<string, Limits>> {
  const configured = new Map((await listSteps(db, profileId)).map((s) => [s.name, s]));
  const unconfigured = names.filter((n) => !configured.has(n) || !configured.get(n)!.unit);
  const reported: Map<string, ReportedLimits> = unconfigured.length ? await reportedLimits(db, profileIds, unconfigured) : new Map();
  return new Map(
    names.map((name): [string, Limits] => {
      const step = configured.get(name);
      const carried = reported.get(name);
      if (step) return [name, { position: step.position, unit: step.unit || carried?.unit || '', low: step.low, high: step.high, limits_from: 'profile' }];
      return [name, { position: null, unit: carried?.unit ?? '', low: carried?.low ?? null, high: carried?.high ?? null, limits_from: 'reports' }];
    }),
  );
}

function toStatistics(m: StepMeasure, limits: Limits): StepStatistics {
  const passed = m.runs - m.fails;
  return {
    name: m.step_name,
    position: limits.position,
    unit: limits.unit,
    low: limits.low,
    high: limits.high,
    limits_from: limits.limits_from,
    count: m.runs,
    passed,
    pass_rate: m.runs ? passed / m.runs : null,
    measured: m.all.n,
    min: m.min,
    max: m.max,
    all: capabilityOf(m.all, limits.low, limits.high),
    passing: capabilityOf(m.passing, limits.low, limits.high),
  };
}

/** `GET /testprofiles/{id}/statistics`: every step's figures over the scope, worst first, and what they cover. */
export async function stepStatistics(db: Kysely<DB>, profileId: number, scope: StatisticsScope): Promise<StepStatisticsAnswer> {
  const { measure, meta, profileId: id } = await resolveScope(db, profileId, scope);
  const [measures, coverage] = await Promise.all([stepMeasures(db, measure), measureCoverage(db, measure)]);
  const limits = await limitsOf(
    db,
    id,
    measure.profileIds,
    measures.map((m) => m.step_name),
  );
  const data = measures.map((m) => toStatistics(m, limits.get(m.step_name)!)).sort(worstFirst('all'));
  return { data, meta: { runs: coverage.runs, first_day: coverage.first_day, last_day: coverage.last_day, ...meta } };
}

/**
 * `GET /testprofiles/{id}/histogram`: the step's newest values of the scope (at most
 * HISTOGRAM_SAMPLE) in bars, and the normal fitted from the aggregates of all its values.
 */
export async function stepHistogram(db: Kysely<DB>, profileId: number, query: HistogramQuery): Promise<Histogram> {
  const { measure, profileId: id } = await resolveScope(db, profileId, query);
  const passingOnly = query.runs === 'passing';
  const [[measured], values, limits] = await Promise.all([
    stepMeasures(db, { ...measure, steps: [query.step] }),
    newestStepValues(db, { ...measure, step: query.step, passingOnly }, HISTOGRAM_SAMPLE),
    limitsOf(db, id, measure.profileIds, [query.step]),
  ]);
  const { unit, low, high } = limits.get(query.step)!;
  const capability = measured ? capabilityOf(passingOnly ? measured.passing : measured.all, low, high) : null;
  const fit = capability && capability.mean !== null && capability.sd_overall ? { mean: capability.mean, sd: capability.sd_overall } : null;
  return {
    step: query.step,
    unit,
    low,
    high,
    runs: passingOnly ? 'passing' : 'all',
    measured: capability?.n ?? 0,
    sample: values.length,
    sample_since: values.length ? values[values.length - 1].finished_at : null,
    bins: histogramBins(
      values.map((v) => v.value),
      low,
      high,
    ),
    fit,
  };
}
