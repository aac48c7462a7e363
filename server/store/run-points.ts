import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { DB } from '../db/schema';
import { countedReport } from './counted-reports';
import type { MeasureScope } from './step-measures';

/**
 * The measured values of a scope's newest runs, in time order, for run charts and their rules.
 * Every read starts from the scope's newest runs taken per profile version along the
 * (test_profile_id, finished_at) index and bounded, so its cost does not grow with the history.
 */
export type RunPoint = {
  report_id: number;
  serial: string;
  finished_at: string;
  step: string;
  value: number;
  pass: boolean;
  /** What the report carried for the step: the limits of a step the profile does not have. */
  unit: string;
  low: number | null;
  high: number | null;
};

/** Runs the chart's points are looked for in: a step missing from most runs still draws, at a bounded cost. */
export const RUN_POINTS_WINDOW = 5000;

/** The newest `limit` counted runs of one profile version within the scope's filters. */
function newestOfVersion(scope: MeasureScope, profileId: number, limit: number): RawBuilder<unknown> {
  const filters = [sql`r.project_id = ${scope.projectId}`, sql`r.test_profile_id = ${profileId}`, countedReport('r')];
  if (scope.from) filters.push(sql`r.finished_at >= ${scope.from}`);
  if (scope.to) filters.push(sql`r.finished_at < ${`${scope.to}T99`}`);
  if (scope.batchId !== undefined) filters.push(sql`r.production_batch_id = ${scope.batchId}`);
  if (scope.jigId !== undefined) filters.push(sql`r.enclosure_id = ${scope.jigId}`);
  return sql`select * from (select r.id, r.finished_at from device_reports r where ${sql.join(filters, sql` and `)} order by r.finished_at desc, r.id desc limit ${limit}) v`;
}

/** The scope's newest `limit` runs (id, finished_at), newest first: each version's newest, then the newest of those. */
function newestRuns(scope: MeasureScope, limit: number): RawBuilder<unknown> {
  const versions = scope.profileIds.length ? scope.profileIds : [0];
  const union = sql.join(
    versions.map((id) => newestOfVersion(scope, id, limit)),
    sql` union all `,
  );
  return sql`select id, finished_at from (${union}) u order by finished_at desc, id desc limit ${limit}`;
}

/**
 * One row per measured step of `runs` (a query of id, finished_at, newest first), newest run first.
 * The runs drive the join in their order, so the newest `limit` values end the read early instead
 * of parsing every run of the window.
 */
function stepValues(db: Kysely<DB>, runs: RawBuilder<unknown>, step: string | undefined, limit: number): RawBuilder<Record<string, unknown>> {
  if (dialectOf(db) === 'postgres') {
    const name = step === undefined ? sql`true` : sql`s.value ->> 'name' = ${step}`;
    return sql`
      select r.id as report_id, d.serial, r.finished_at, s.value ->> 'name' as step, (s.value ->> 'value')::float8 as value,
        case when (s.value ->> 'pass') = 'true' then 1 else 0 end as pass, s.value ->> 'unit' as unit,
        case when jsonb_typeof(s.value -> 'low') = 'number' then (s.value ->> 'low')::float8 end as low,
        case when jsonb_typeof(s.value -> 'high') = 'number' then (s.value ->> 'high')::float8 end as high
      from (${runs}) w join device_reports r on r.id = w.id join devices d on d.id = r.device_id
        cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
      where ${name} and jsonb_typeof(s.value -> 'value') = 'number'
      order by w.finished_at desc, w.id desc limit ${limit}`;
  }
  const name = step === undefined ? sql`1` : sql`json_extract(s.value, '$.name') = ${step}`;
  return sql`
    select r.id as report_id, d.serial, r.finished_at, json_extract(s.value, '$.name') as step, json_extract(s.value, '$.value') as value,
      case when json_extract(s.value, '$.pass') = 1 then 1 else 0 end as pass, json_extract(s.value, '$.unit') as unit,
      case when json_type(s.value, '$.low') in ('integer', 'real') then json_extract(s.value, '$.low') end as low,
      case when json_type(s.value, '$.high') in ('integer', 'real') then json_extract(s.value, '$.high') end as high
    from (${runs}) w join device_reports r on r.id = w.id join devices d on d.id = r.device_id, json_each(r.steps) s
    where ${name} and json_type(s.value, '$.value') in ('integer', 'real')
    order by w.finished_at desc, w.id desc limit ${limit}`;
}

const toPoint = (r: Record<string, unknown>): RunPoint => ({
  report_id: Number(r.report_id),
  serial: String(r.serial),
  finished_at: String(r.finished_at),
  step: String(r.step),
  value: Number(r.value),
  pass: Number(r.pass) === 1,
  unit: typeof r.unit === 'string' ? r.unit : '',
  low: r.low === null || r.low === undefined ? null : Number(r.low),
  high: r.high === null || r.high === undefined ? null : Number(r.high),
});

/** The step's newest `limit` measured values in the scope's newest RUN_POINTS_WINDOW runs, oldest first. */
export async function stepRunPoints(db: Kysely<DB>, scope: MeasureScope, step: string, limit: number): Promise<RunPoint[]> {
  const { rows } = await stepValues(db, newestRuns(scope, RUN_POINTS_WINDOW), step, limit).execute(db);
  return rows.map(toPoint).reverse();
}

/**
 * Every step's measured values in the scope's newest `runs` runs, per step oldest first (a run
 * carries each step once, so a step has at most `runs` points).
 */
export async function recentRunPoints(db: Kysely<DB>, scope: MeasureScope, runs: number): Promise<Map<string, RunPoint[]>> {
  // A run holds a few hundred steps at most; the bound only keeps one read finite.
  const { rows } = await stepValues(db, newestRuns(scope, runs), undefined, runs * 1000).execute(db);
  const steps = new Map<string, RunPoint[]>();
  for (const row of rows.reverse()) {
    const point = toPoint(row);
    if (scope.steps && !scope.steps.includes(point.step)) continue;
    const points = steps.get(point.step);
    if (points) points.push(point);
    else steps.set(point.step, [point]);
  }
  return steps;
}
