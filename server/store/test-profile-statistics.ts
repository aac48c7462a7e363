import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf, toCount } from '../db/dialect';
import type { DB } from '../db/schema';

/**
 * Per-step figures over a bounded set of reports (fixture health's splits), computed in the
 * database: the reports' steps are a JSON array (json_each on SQLite, jsonb_array_elements on
 * PostgreSQL). Mean first, then the squared deviations from it (two passes: no cancellation,
 * whatever the values' size). A profile's statistics over its history come from the per-step
 * aggregates instead (store/step-measures.ts).
 */
export type StepAggregate = {
  name: string;
  count: number;
  passed: number;
  measured: number;
  mean: number | null;
  /** Sum of squared deviations from the mean. */
  ss: number | null;
  unit: string;
  low: number | null;
  high: number | null;
};

/** One row per (report, step) of the reports `reports` (a condition on `r`): id, finished_at, name, value, pass, unit, low, high. */
function stepRows(db: Kysely<DB>, reports: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres'
    ? sql`
      select r.id as report_id, r.finished_at, s.value ->> 'name' as name,
        case when jsonb_typeof(s.value -> 'value') = 'number' then (s.value ->> 'value')::float8 end as value,
        case when (s.value ->> 'pass') = 'true' then 1 else 0 end as pass,
        s.value ->> 'unit' as unit,
        case when jsonb_typeof(s.value -> 'low') = 'number' then (s.value ->> 'low')::float8 end as low,
        case when jsonb_typeof(s.value -> 'high') = 'number' then (s.value ->> 'high')::float8 end as high
      from device_reports r cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
      where ${reports}`
    : sql`
      select r.id as report_id, r.finished_at, json_extract(s.value, '$.name') as name,
        case when json_type(s.value, '$.value') in ('integer', 'real') then json_extract(s.value, '$.value') end as value,
        case when json_extract(s.value, '$.pass') = 1 then 1 else 0 end as pass,
        json_extract(s.value, '$.unit') as unit,
        case when json_type(s.value, '$.low') in ('integer', 'real') then json_extract(s.value, '$.low') end as low,
        case when json_type(s.value, '$.high') in ('integer', 'real') then json_extract(s.value, '$.high') end as high
      from device_reports r, json_each(r.steps) s
      where ${reports}`;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Per-step figures over the reports a condition on `r` (device_reports) chooses; keep it bounded. */
export async function stepAggregatesOf(db: Kysely<DB>, reports: RawBuilder<unknown>): Promise<StepAggregate[]> {
  const { rows } = await sql<Record<string, unknown>>`
    with s as (${stepRows(db, reports)}),
    m as (select name, avg(value) as mean from s group by name)
    select s.name, count(*) as count, sum(s.pass) as passed, count(s.value) as measured, m.mean,
      sum((s.value - m.mean) * (s.value - m.mean)) as ss,
      max(s.unit) as unit, max(s.low) as low, min(s.high) as high
    from s join m on m.name = s.name
    group by s.name, m.mean`.execute(db);
  return rows.map((r) => ({
    name: String(r.name),
    count: toCount(r.count as number),
    passed: toCount(r.passed as number),
    measured: toCount(r.measured as number),
    mean: num(r.mean),
    ss: num(r.ss),
    unit: (r.unit as string | null) ?? '',
    low: num(r.low),
    high: num(r.high),
  }));
}

