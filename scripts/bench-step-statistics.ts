/**
 * The step statistics figure of `npm run bench` (section `stepstats`; `BENCH_ONLY=stepstats` runs
 * it alone): how long a step's figures over all of the bench project's history take, read from
 * the per-step aggregates (server/store/step-measures.ts), on the seeded database (1,000,000
 * boards by default, about 1.1 runs each, ten steps a run). Each call is what a statistics answer
 * reads: the steps' measures (`stepMeasures`) and the scope's coverage (`measureCoverage`).
 *
 * Scopes: one step over all history and both profile versions; the whole profile (every step);
 * one step in one batch; one step over the last 30 days. Calls go one at a time, directly on the
 * database handle (no HTTP: the route around it is the statistics screen's); p50 and p99 over
 * BENCH_STEPSTATS_CALLS calls per scope (default 200; 50 with BENCH_QUICK), after one warm-up.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../server/db/schema';
import { BENCH_PROFILE } from '../server/seed/bulk';
import { measureCoverage, stepMeasures, type MeasureScope } from '../server/store/step-measures';
import { fmt, percentile, record } from './bench-results';

const TARGET_P99_MS = 100;

export async function stepStatisticsSection(options: { label: string; db: Kysely<DB>; projectId: number; devices: number; quick: boolean }) {
  const { db, projectId, label } = options;
  const calls = Number(process.env.BENCH_STEPSTATS_CALLS ?? (options.quick ? 50 : 200));
  const profiles = await db
    .selectFrom('test_profiles')
    .where('project_id', '=', projectId)
    .where('name', '=', BENCH_PROFILE.name)
    .select(['id', 'version'])
    .execute();
  if (profiles.length === 0) {
    console.log(`\n${label} step statistics: the bench project has no "${BENCH_PROFILE.name}" profile (seeded before it had one?): skipped`);
    return;
  }
  const profileIds = profiles.map((p) => p.id);
  const busiest = await db
    .selectFrom('step_measure_daily')
    .where('project_id', '=', projectId)
    .groupBy('step_name')
    .select(['step_name', sql<number>`sum(n)`.as('values')])
    .orderBy(sql`sum(n)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  const batch = await db.selectFrom('production_batches').where('project_id', '=', projectId).select('id').orderBy('id').limit(1).executeTakeFirst();
  const last = await db.selectFrom('step_measure_daily').where('project_id', '=', projectId).select(sql<string>`max(day)`.as('day')).executeTakeFirst();
  if (!busiest || !batch || !last?.day) {
    console.log(`\n${label} step statistics: no step measures in the bench project: skipped`);
    return;
  }
  const step = busiest.step_name;
  const monthAgo = new Date(Date.parse(`${last.day}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  const base: MeasureScope = { projectId, profileIds };
  const scopes: { name: string; scope: MeasureScope }[] = [
    { name: `one step ("${step}"), all history, both versions`, scope: { ...base, steps: [step] } },
    { name: 'the whole profile (every step), all history', scope: base },
    { name: 'one step, one batch', scope: { ...base, steps: [step], batchId: batch.id } },
    { name: 'one step, the last 30 days', scope: { ...base, steps: [step], from: monthAgo, to: last.day } },
  ];
  console.log(`\n${label} step statistics — ${fmt(options.devices)} boards, from the step measures; ${calls} calls per scope, one at a time`);
  const rows: string[][] = [];
  for (const { name, scope } of scopes) {
    const once = async () => {
      const [measures, coverage] = [await stepMeasures(db, scope), await measureCoverage(db, scope)];
      return { measures, coverage };
    };
    const first = await once();
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      await once();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const values = first.measures.reduce((s, m) => s + m.all.n, 0);
    rows.push([name, p50.toFixed(2), p99.toFixed(2), fmt(first.coverage.runs), fmt(values)]);
    record({ section: 'stepstats', database: label, name: `${name}: p99`, value: p99, unit: 'ms', target: { op: '<=', value: TARGET_P99_MS } });
    record({ section: 'stepstats', database: label, name: `${name}: p50`, value: p50, unit: 'ms' });
  }
  const widths = [52, 10, 10, 12, 14];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('');
  console.log(line(['scope', 'p50 ms', 'p99 ms', 'runs', 'values']));
  for (const row of rows) console.log(line(row));
}
