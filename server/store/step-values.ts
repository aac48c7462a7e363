import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { DB } from '../db/schema';
import { countedReport } from './counted-reports';
import { companyJigName } from './jig-names';
import type { MeasureScope } from './step-measures';

/**
 * The few reads of raw report values the capability screen still needs, each bounded: a
 * histogram's newest values and the limits reports carried for steps the profile does not have.
 * Every figure (counts, means, spreads, Cpk) comes from the per-step aggregates instead.
 */

/** The scope's conditions on `r` (device_reports) for one profile version: the index (test_profile_id, finished_at) leads. */
function scopeOf(scope: Omit<MeasureScope, 'profileIds' | 'steps'>, profileId: number, passingOnly: boolean): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`r.test_profile_id = ${profileId}`, sql`r.project_id = ${scope.projectId}`, countedReport('r')];
  if (scope.from) parts.push(sql`r.finished_at >= ${scope.from}`);
  // The day's last moment and then some: finished_at is an ISO time, compared as text.
  if (scope.to) parts.push(sql`r.finished_at < ${`${scope.to}T99`}`);
  if (scope.batchId !== undefined) parts.push(sql`r.production_batch_id = ${scope.batchId}`);
  if (scope.jigId !== undefined) parts.push(sql`r.enclosure_id = ${scope.jigId}`);
  if (passingOnly) parts.push(sql`r.result = 'pass'`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

export type StepValue = { report_id: number; finished_at: string; value: number };

/**
 * The step's newest `limit` numeric values in the scope, newest first. Per version, walking the
 * (test_profile_id, finished_at) index backwards and stopping at `limit`: the cost is bounded by
 * the sample, not by the history.
 */
export async function newestStepValues(
  db: Kysely<DB>,
  scope: Omit<MeasureScope, 'steps'> & { step: string; passingOnly: boolean },
  limit: number,
): Promise<StepValue[]> {
  const postgres = dialectOf(db) === 'postgres';
  const perVersion = await Promise.all(
    scope.profileIds.map(async (profileId) => {
      const where = scopeOf(scope, profileId, scope.passingOnly);
      const query = postgres
        ? sql<Record<string, unknown>>`
          select r.id as report_id, r.finished_at, (s.value ->> 'value')::float8 as value
          from device_reports r cross join lateral jsonb_array_elements(r.steps::jsonb) s(value)
          where ${where} and s.value ->> 'name' = ${scope.step} and jsonb_typeof(s.value -> 'value') = 'number'
          order by r.finished_at desc, r.id desc
          limit ${limit}`
        : sql<Record<string, unknown>>`
          select r.id as report_id, r.finished_at, json_extract(s.value, '$.value') as value
          from device_reports r, json_each(r.steps) s
          where ${where} and json_extract(s.value, '$.name') = ${scope.step} and json_type(s.value, '$.value') in ('integer', 'real')
          order by r.finished_at desc, r.id desc
          limit ${limit}`;
      const { rows } = await query.execute(db);
      return rows.map((r) => ({ report_id: Number(r.report_id), finished_at: String(r.finished_at), value: Number(r.value) }));
    }),
  );
  return perVersion
    .flat()
    .filter((v) => Number.isFinite(v.value))
    .sort((a, b) => (a.finished_at < b.finished_at ? 1 : a.finished_at > b.finished_at ? -1 : b.report_id - a.report_id))
    .slice(0, limit);
}

export type ReportedLimits = { unit: string; low: number | null; high: number | null };

/** How many of a version's newest runs are read for the limits they carried. */
const LIMITS_READ = 20;

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The unit and limits the newest runs carried for steps the profile does not configure (a jig
 * program's own checks): the newest versions first, at most LIMITS_READ runs of each, until
 * every name is found. A name none of them carried keeps no limits.
 */
export async function reportedLimits(db: Kysely<DB>, profileIds: readonly number[], names: readonly string[]): Promise<Map<string, ReportedLimits>> {
  const found = new Map<string, ReportedLimits>();
  const wanted = new Set(names);
  for (const profileId of [...profileIds].sort((a, b) => b - a)) {
    if (found.size === wanted.size) break;
    const reports = await db
      .selectFrom('device_reports as r')
      .select('r.steps')
      .where('r.test_profile_id', '=', profileId)
      .where(countedReport('r'))
      .orderBy('r.finished_at', 'desc')
      .limit(LIMITS_READ)
      .execute();
    for (const { steps } of reports) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(steps);
      } catch {
        continue;
      }
      if (!Array.isArray(parsed)) continue;
      for (const s of parsed as { name?: unknown; unit?: unknown; low?: unknown; high?: unknown }[]) {
        if (!s || typeof s.name !== 'string' || !wanted.has(s.name) || found.has(s.name)) continue;
        found.set(s.name, { unit: typeof s.unit === 'string' ? s.unit : '', low: finite(s.low), high: finite(s.high) });
      }
    }
  }
  return found;
}

/** The batch of the project, by id, with its name; undefined when the project has no such batch. */
export const batchOfProject = (db: Kysely<DB>, projectId: number, batchId: number) =>
  db.selectFrom('production_batches').select(['id', 'name']).where('id', '=', batchId).where('project_id', '=', projectId).executeTakeFirst();

/** The company's jig, by id, with the company's name for it; undefined when the company has no such jig. */
export const jigOfCompany = (db: Kysely<DB>, companyId: number, jigId: number) =>
  db
    .selectFrom('enclosures')
    .select(['enclosures.id', companyJigName('enclosures', companyId).as('name')])
    .where('enclosures.id', '=', jigId)
    .where('enclosures.company_id', '=', companyId)
    .executeTakeFirst();

/** The versions of a profile's name in its project, oldest first. */
export const versionsOfName = (db: Kysely<DB>, projectId: number, name: string) =>
  db.selectFrom('test_profiles').select(['id', 'version']).where('project_id', '=', projectId).where('name', '=', name).orderBy('id').execute();
