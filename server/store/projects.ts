import { sql, type Kysely } from 'kysely';
import type { Project, ProjectStatus } from '../../contract/projects';
import type { Page } from '../../contract/envelope';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import { preparedOnce, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { ensureConfiguration } from './hardware';
import { invalidField } from '../http/errors';
import { withUniqueFields } from './unique';

const NAME_TAKEN = 'This company has a project with this name already.';

export function selectProjects(db: Kysely<DB>) {
  return db
    .selectFrom('projects')
    .select([
      'projects.id',
      'projects.company_id',
      'projects.name',
      'projects.description',
      'projects.status',
      'projects.request_id',
      'projects.device_count',
      'projects.created_at',
      'projects.updated_at',
    ]);
}
type ProjectRow = Awaited<ReturnType<ReturnType<typeof selectProjects>['executeTakeFirstOrThrow']>>;

export const toProject = (row: ProjectRow): Project => ({ ...row, status: row.status as ProjectStatus });

/**
 * A project's columns under `p_` names, for a query that joins `projects` to a row the project
 * owns: an access scope then reads the row and its project in one statement instead of two
 * (`projectOfJoined` takes them back out).
 */
export const JOINED_PROJECT_COLUMNS = [
  'projects.company_id as p_company_id',
  'projects.name as p_name',
  'projects.description as p_description',
  'projects.status as p_status',
  'projects.request_id as p_request_id',
  'projects.device_count as p_device_count',
  'projects.created_at as p_created_at',
  'projects.updated_at as p_updated_at',
] as const;

type JoinedProject = { [K in keyof Omit<ProjectRow, 'id'> as `p_${K & string}`]: ProjectRow[K] };

/** Splits a row read with JOINED_PROJECT_COLUMNS into its own columns and its project. */
export function projectOfJoined<R extends JoinedProject & { project_id: number }>(row: R): { project: Project; own: Omit<R, keyof JoinedProject> } {
  const { p_company_id, p_name, p_description, p_status, p_request_id, p_device_count, p_created_at, p_updated_at, ...own } = row;
  const project = toProject({
    id: row.project_id,
    company_id: p_company_id,
    name: p_name,
    description: p_description,
    status: p_status,
    request_id: p_request_id,
    device_count: p_device_count,
    created_at: p_created_at,
    updated_at: p_updated_at,
  });
  return { project, own };
}

/**
 * The projects a company list shows: the company's own and, when a user lists their own company,
 * also the projects of other companies they joined by invitation (a manufacturer's people see the
 * customer projects they build for on their /projects screen).
 */
export function selectCompanyProjects(db: Kysely<DB>, companyId: number, memberProjectIds: readonly number[] = []) {
  const query = selectProjects(db);
  // Without memberships (nearly everyone) the plain filter keeps the company index in use.
  if (memberProjectIds.length === 0) return query.where('projects.company_id', '=', companyId);
  return query.where((eb) =>
    eb.or([eb('projects.company_id', '=', companyId), eb('projects.id', 'in', [...memberProjectIds])]),
  );
}

export const PROJECT_SORTING: ListSorting<'id' | 'name' | 'status' | 'created_at' | 'device_count'> = {
  columns: {
    id: sql.ref('projects.id'),
    name: sql`lower(projects.name)`,
    status: sql.ref('projects.status'),
    created_at: sql.ref('projects.created_at'),
    device_count: sql.ref('projects.device_count'),
  },
  default: 'id',
  tiebreaker: sql.ref('projects.id'),
};

type ProjectSort = keyof typeof PROJECT_SORTING.columns;

/** A page of a company's projects (and the given joined ones), searched and filtered in SQL. */
export async function listCompanyProjects(
  db: Kysely<DB>,
  companyId: number,
  memberProjectIds: readonly number[],
  list: ListQuery<ProjectSort> & { status?: ProjectStatus },
): Promise<Page<Project>> {
  let query = selectCompanyProjects(db, companyId, memberProjectIds);
  if (list.search) {
    query = query.where(matchesSearch(db, list.search, [sql.ref('projects.name'), sql.ref('projects.description')]));
  }
  if (list.status) query = query.where('projects.status', '=', list.status);
  const page = await pagedList(query, list, PROJECT_SORTING);
  return { data: page.data.map(toProject), meta: page.meta };
}

export async function findProject(db: Kysely<DB>, id: number): Promise<Project | undefined> {
  const [row] = await projectById(db, { id });
  return row && toProject(row);
}

/** A project by id: one statement compiled once (prepared.ts): the access check of every project route reads it, and Kysely's building and compiling cost more than the read. */
const projectById = preparedOnce((slot: Slot<'id'>, db: Kysely<DB>) => selectProjects(db).where('projects.id', '=', slot('id')));

/** Whether the company owns the project (a statistics filter must name one of its own). */
export async function companyHasProject(db: Kysely<DB>, companyId: number, projectId: number): Promise<boolean> {
  const row = await db
    .selectFrom('projects')
    .where('id', '=', projectId)
    .where('company_id', '=', companyId)
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Names are unique within a company regardless of case, as the unique index says. */
async function assertNameFree(db: Kysely<DB>, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('projects')
    .where('company_id', '=', companyId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .select('id');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalidField('name', NAME_TAKEN);
}

export async function createProject(
  db: Kysely<DB>,
  project: { company_id: number; name: string; description: string; request_id?: number | null },
): Promise<number> {
  await assertNameFree(db, project.company_id, project.name);
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () =>
      db
        .insertInto('projects')
        .values({ ...project, request_id: project.request_id ?? null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { projects_company_name: ['name', NAME_TAKEN] },
  );
  // Every project has its cassette configuration from the start.
  await ensureConfiguration(db, id);
  return id;
}

export async function updateProject(
  db: Kysely<DB>,
  project: Pick<Project, 'id' | 'company_id'>,
  changes: { name?: string; description?: string; status?: ProjectStatus },
): Promise<void> {
  if (changes.name !== undefined) await assertNameFree(db, project.company_id, changes.name, project.id);
  await withUniqueFields(
    () =>
      db
        .updateTable('projects')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', project.id)
        .execute(),
    { projects_company_name: ['name', NAME_TAKEN] },
  );
}
