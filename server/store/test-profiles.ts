import { sql, type Kysely, type Transaction } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import { parseRunRules } from '../../contract/run-rules';
import type { TestProfile, TestProfileStatus } from '../../contract/test-profiles';
import { lockedOnPostgres, toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import { preparedPerShape, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { JOINED_PROJECT_COLUMNS, projectOfJoined } from './projects';
import { copyStepResources } from './step-resources';
import { withUniqueFields } from './unique';

// Tables in TestProfilesDB (db/schema.ts, migration 013).

export const PROFILE_VERSION_TAKEN = 'This project has a test profile of this name and version already.';
export const TEST_PROFILE_NOT_FOUND = 'There is no such test profile.';

function selectProfiles(db: Kysely<DB>) {
  return db
    .selectFrom('test_profiles')
    .select([
      'test_profiles.id',
      'test_profiles.project_id',
      'test_profiles.name',
      'test_profiles.version',
      'test_profiles.description',
      'test_profiles.status',
      'test_profiles.copied_from_id',
      'test_profiles.activated_at',
      'test_profiles.attempt_limit',
      'test_profiles.run_rules',
      'test_profiles.created_at',
      'test_profiles.updated_at',
      sql<number | string>`(select count(*) from test_configurations c where c.test_profile_id = test_profiles.id)`.as('step_count'),
      sql<number | string>`(select count(*) from device_reports r where r.test_profile_id = test_profiles.id)`.as('report_count'),
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectProfiles>['executeTakeFirstOrThrow']>>;

const toProfile = (row: Row): TestProfile => ({
  ...row,
  status: row.status as TestProfileStatus,
  step_count: toCount(row.step_count),
  report_count: toCount(row.report_count),
  run_rules: parseRunRules(row.run_rules),
});

type Sort = 'name' | 'version' | 'status' | 'updated_at' | 'created_at';

const SORTING: ListSorting<Sort> = {
  columns: {
    name: sql`lower(test_profiles.name)`,
    version: sql`lower(test_profiles.version)`,
    // Active first, then drafts, then archived: what a person opening the list looks for.
    status: sql`(case test_profiles.status when 'active' then 0 when 'draft' then 1 else 2 end)`,
    updated_at: sql.ref('test_profiles.updated_at'),
    created_at: sql.ref('test_profiles.created_at'),
  },
  default: 'status',
  // Newest first among equals (ids grow with time).
  tiebreaker: sql`(0 - test_profiles.id)`,
};

export async function listProfiles(
  db: Kysely<DB>,
  projectId: number,
  list: ListQuery<Sort> & { status?: TestProfileStatus },
): Promise<Page<TestProfile>> {
  let query = selectProfiles(db).where('test_profiles.project_id', '=', projectId);
  if (list.search) {
    query = query.where(matchesSearch(db, list.search, [sql.ref<string>('test_profiles.name'), sql.ref<string>('test_profiles.version')]));
  }
  if (list.status) query = query.where('test_profiles.status', '=', list.status);
  const page = await pagedList(query, list, SORTING);
  return { data: page.data.map(toProfile), meta: page.meta };
}

export async function findProfile(db: Kysely<DB>, id: number): Promise<TestProfile | undefined> {
  const row = await selectProfiles(db).where('test_profiles.id', '=', id).executeTakeFirst();
  return row && toProfile(row);
}

/** What a profile is found by for its access check: its own id, or the id of one of its steps, files or variables. */
export type ProfileFoundBy = 'test_profiles' | 'test_configurations' | 'test_files' | 'test_variables';

/**
 * A profile with its project, by `by`'s id, in one statement (one per `by`) compiled once: the
 * access check of every profile route reads it. It took two reads, three by a step, file or
 * variable, each a round trip on PostgreSQL.
 */
const profileWithProject = preparedPerShape((slot: Slot<'id'>, db: Kysely<DB>, by: ProfileFoundBy) => {
  const joined = selectProfiles(db).innerJoin('projects', 'projects.id', 'test_profiles.project_id').select(JOINED_PROJECT_COLUMNS);
  if (by === 'test_profiles') return joined.where('test_profiles.id', '=', slot('id'));
  // The three tables of a profile's parts share the two columns read here.
  const child = `${by} as child` as 'test_configurations as child';
  return joined.innerJoin(child, 'child.test_profile_id', 'test_profiles.id').where('child.id', '=', slot('id'));
});

export async function findProfileWithProject(db: Kysely<DB>, by: ProfileFoundBy, id: number): Promise<(TestProfile & { project: Project }) | undefined> {
  const [row] = await profileWithProject(db, by, { id });
  if (!row) return undefined;
  const { project, own } = projectOfJoined(row);
  return { ...toProfile(own), project };
}

export type LockedProfile = { id: number; project_id: number; name: string; version: string; status: TestProfileStatus };

/** The profile's row, locked until the transaction ends (PostgreSQL; SQLite has one writer). */
export async function lockProfile(trx: Kysely<DB>, id: number): Promise<LockedProfile> {
  const row = await lockedOnPostgres(
    trx,
    trx.selectFrom('test_profiles').select(['id', 'project_id', 'name', 'version', 'status']).where('id', '=', id),
  ).executeTakeFirst();
  if (!row) throw notFound(TEST_PROFILE_NOT_FOUND);
  return { ...row, status: row.status as TestProfileStatus };
}

/** Why a profile that is not a draft cannot change: said the same way by every edit. */
export const readOnlyMessage = (p: Pick<LockedProfile, 'name' | 'version' | 'status'>) =>
  `Test profile “${p.name}” ${p.version} is ${p.status}, so it is read-only: make a new version to change it.`;

/** `lockProfile`, refused with a 409 unless the profile is a draft: what every edit starts with. */
export async function lockDraftProfile(trx: Kysely<DB>, id: number): Promise<LockedProfile> {
  const profile = await lockProfile(trx, id);
  if (profile.status !== 'draft') throw conflict(readOnlyMessage(profile));
  return profile;
}

/** The project's row, locked: activations of one project's profiles run one after the other. */
export async function lockProjectRow(trx: Transaction<DB>, projectId: number): Promise<void> {
  await lockedOnPostgres(trx, trx.selectFrom('projects').select('id').where('id', '=', projectId)).executeTakeFirst();
}

export type ProfileValues = {
  project_id: number;
  name: string;
  version: string;
  description: string;
  attempt_limit: number | null;
  /** JSON text of rule numbers; the column's default when absent. */
  run_rules?: string;
  copied_from_id: number | null;
  created_by: number | null;
};

export async function insertProfile(db: Kysely<DB>, values: ProfileValues, now = new Date().toISOString()): Promise<number> {
  const { id } = await withUniqueFields(
    () =>
      db
        .insertInto('test_profiles')
        .values({ ...values, status: 'draft', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { version: ['version', PROFILE_VERSION_TAKEN] },
  );
  return id;
}

export async function versionTaken(db: Kysely<DB>, projectId: number, name: string, version: string, except?: number): Promise<boolean> {
  let query = db
    .selectFrom('test_profiles')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .where('version', '=', version);
  if (except !== undefined) query = query.where('id', '<>', except);
  return !!(await query.executeTakeFirst());
}

export async function updateProfile(
  db: Kysely<DB>,
  id: number,
  changes: Partial<{ name: string; version: string; description: string; attempt_limit: number | null; run_rules: string; status: TestProfileStatus; activated_at: string }>,
): Promise<void> {
  await withUniqueFields(
    () => db.updateTable('test_profiles').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute(),
    { version: ['version', PROFILE_VERSION_TAKEN] },
  );
}

/** Archives the project's active profile (if any other than `except`). */
export async function archiveActive(trx: Kysely<DB>, projectId: number, except: number, now: string): Promise<void> {
  await trx
    .updateTable('test_profiles')
    .set({ status: 'archived', updated_at: now })
    .where('project_id', '=', projectId)
    .where('status', '=', 'active')
    .where('id', '<>', except)
    .execute();
}

/**
 * Points the reports that ran this name and version (and point at nothing yet) at the profile:
 * reports may come in before the profile is entered. A draft renamed lets go of its reports first.
 */
export async function linkReports(trx: Kysely<DB>, profile: { id: number; project_id: number; name: string; version: string }, relink = false) {
  if (relink) await trx.updateTable('device_reports').set({ test_profile_id: null }).where('test_profile_id', '=', profile.id).execute();
  await trx
    .updateTable('device_reports')
    .set({ test_profile_id: profile.id })
    .where('project_id', '=', profile.project_id)
    .where('test_profile', '=', profile.name)
    .where('test_profile_version', '=', profile.version)
    .where('test_profile_id', 'is', null)
    .execute();
}

/**
 * The profile a jig's report names, by its project, name and version (the unique index): a
 * subquery (null without a name and version) for the report's insert to read in its own statement.
 */
export function profileIdQuery(db: Kysely<DB>, projectId: number, name: string | undefined, version: string | undefined) {
  if (name === undefined || version === undefined) return null;
  return db.selectFrom('test_profiles').select('id').where('project_id', '=', projectId).where('name', '=', name).where('version', '=', version);
}

/**
 * Copies the steps (with the test resources each measures), variables and file rows of `from` into `to`. The files' bytes are shared:
 * a test file row points at its `files` row, and the bytes go only with the last row (services).
 */
export async function copyProfileContents(trx: Kysely<DB>, from: number, to: number, now: string): Promise<void> {
  const steps = await trx.selectFrom('test_configurations').selectAll().where('test_profile_id', '=', from).orderBy('position').execute();
  if (steps.length) {
    await trx
      .insertInto('test_configurations')
      .values(steps.map(({ id: _id, ...s }) => ({ ...s, test_profile_id: to, created_at: now, updated_at: now })))
      .execute();
    await copyStepResources(trx, from, to);
  }
  const variables = await trx.selectFrom('test_variables').selectAll().where('test_profile_id', '=', from).orderBy('id').execute();
  if (variables.length) {
    await trx
      .insertInto('test_variables')
      .values(variables.map(({ id: _id, ...v }) => ({ ...v, test_profile_id: to, created_at: now, updated_at: now })))
      .execute();
  }
  const files = await trx.selectFrom('test_files').selectAll().where('test_profile_id', '=', from).orderBy('id').execute();
  if (files.length) {
    await trx
      .insertInto('test_files')
      .values(files.map(({ id: _id, ...f }) => ({ ...f, test_profile_id: to })))
      .execute();
  }
}

/** The profile a child row (step, file, variable) belongs to; undefined when the child is gone. */
export async function profileIdOf(db: Kysely<DB>, table: 'test_configurations' | 'test_files' | 'test_variables', id: number) {
  const row = await db.selectFrom(table).select('test_profile_id').where('id', '=', id).executeTakeFirst();
  return row?.test_profile_id;
}

export const touchProfile = (trx: Kysely<DB>, id: number, now = new Date().toISOString()) =>
  trx.updateTable('test_profiles').set({ updated_at: now }).where('id', '=', id).execute();
