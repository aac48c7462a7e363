import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import {
  REQUEST_STATUSES,
  REQUEST_STEPS,
  type RequestAge,
  type RequestFile,
  type RequestProgress,
  type RequestStatus,
  type RequestStep,
} from '../../contract/requests';
import { toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';

/** Project requests and their documents (migration 010). */

function selectRequests(db: Kysely<DB>) {
  return db
    .selectFrom('project_requests')
    .innerJoin('companies', 'companies.id', 'project_requests.company_id')
    .leftJoin('projects', 'projects.id', 'project_requests.project_id')
    .leftJoin('users', 'users.id', 'project_requests.created_by')
    .leftJoin('users as reviewers', 'reviewers.id', 'project_requests.reviewer_id')
    .select([
      'project_requests.id',
      'project_requests.company_id',
      'companies.name as company_name',
      'project_requests.projectname',
      'project_requests.projectdescription',
      'project_requests.status',
      'project_requests.rejected_reason',
      'project_requests.project_id',
      'projects.name as project_name',
      'project_requests.created_by',
      'users.username as created_by_username',
      'project_requests.reviewer_id',
      'reviewers.username as reviewer_username',
      'project_requests.review_started_at',
      'project_requests.created_at',
      'project_requests.updated_at',
    ]);
}
export type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

/** The flow's order, so sorting by status lists submitted requests first, not alphabetically. */
const statusOrder = sql`case project_requests.status ${sql.join(
  REQUEST_STATUSES.map((status, n) => sql`when ${sql.lit(status)} then ${sql.lit(n)}`),
  sql` `,
)} end`;

type Sort = 'id' | 'projectname' | 'company' | 'status' | 'created_at';
const SORTING: ListSorting<Sort> = {
  columns: {
    id: sql.ref('project_requests.id'),
    projectname: sql`lower(project_requests.projectname)`,
    company: sql`lower(companies.name)`,
    status: statusOrder,
    created_at: sql.ref('project_requests.created_at'),
  },
  default: 'created_at',
  defaultDesc: true,
  tiebreaker: sql.ref('project_requests.id'),
};

const DAY_MS = 24 * 60 * 60 * 1000;
const AGE_DAYS: Record<RequestAge, number> = { today: 1, week: 7, month: 30, older: 30 };

export type RequestFilters = { status?: RequestStatus; company_id?: number; age?: RequestAge };

export async function listRequests(db: Kysely<DB>, list: ListQuery<Sort> & RequestFilters, now = new Date()): Promise<Page<RequestRow>> {
  let query = selectRequests(db);
  if (list.search) {
    const columns = [sql.ref<string>('project_requests.projectname'), sql.ref<string>('project_requests.projectdescription'), sql.ref<string>('companies.name')];
    query = query.where(matchesSearch(db, list.search, columns));
  }
  if (list.status !== undefined) query = query.where('project_requests.status', '=', list.status);
  if (list.company_id !== undefined) query = query.where('project_requests.company_id', '=', list.company_id);
  if (list.age !== undefined) {
    // ISO timestamps in UTC compare as text on both databases.
    const since = new Date(now.getTime() - AGE_DAYS[list.age] * DAY_MS).toISOString();
    query = query.where('project_requests.created_at', list.age === 'older' ? '<' : '>=', since);
  }
  return pagedList(query, list, SORTING);
}

export function findRequestRow(db: Kysely<DB>, id: number): Promise<RequestRow | undefined> {
  return selectRequests(db).where('project_requests.id', '=', id).executeTakeFirst();
}

const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})`;

/**
 * The progress of each request (contract `requestProgressSchema`), counted in the database in
 * one query for all of them: what the list needs for every row's step without loading a pad.
 * Every table under a request counts here (groups, selections too), so its step follows them.
 */
export async function requestProgress(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, RequestProgress>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('project_requests as r')
    .select([
      'r.id',
      'r.confirmed_step',
      'r.pogo_errors',
      'r.project_id',
      count(sql`select count(*) from request_files f where f.request_id = r.id`).as('documents'),
      count(sql`select count(*) from test_pads p where p.request_id = r.id`).as('pads'),
      count(sql`select count(*) from test_pads p where p.request_id = r.id and p.kind <> 'tooling'`).as('probed_pads'),
      count(sql`select count(*) from test_pads p where p.request_id = r.id and p.kind <> 'tooling' and p.group_id is null`).as('ungrouped_pads'),
      count(sql`select count(*) from test_pad_groups g where g.request_id = r.id`).as('groups'),
      count(sql`select count(*) from test_pad_groups g where g.request_id = r.id and (g.selected_cartridge_id is null or g.connector_pin_id is null)`).as(
        'unmapped_groups',
      ),
      count(sql`select count(*) from selected_modules m where m.request_id = r.id`).as('modules'),
      count(sql`select count(*) from selected_cartridges c where c.request_id = r.id`).as('cartridges'),
    ])
    .where('r.id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        confirmed_step: (REQUEST_STEPS as readonly string[]).includes(row.confirmed_step ?? '') ? (row.confirmed_step as RequestStep) : null,
        documents: toCount(row.documents),
        pads: toCount(row.pads),
        probed_pads: toCount(row.probed_pads),
        ungrouped_pads: toCount(row.ungrouped_pads),
        pogo_errors: toCount(row.pogo_errors),
        groups: toCount(row.groups),
        unmapped_groups: toCount(row.unmapped_groups),
        modules: toCount(row.modules),
        cartridges: toCount(row.cartridges),
        project_id: row.project_id,
      },
    ]),
  );
}

export type NewRequest = { company_id: number; projectname: string; projectdescription: string; created_by: number | null };

/** The request, submitted, with its stored documents (file ids in the order sent). */
export async function insertRequest(db: Kysely<DB>, values: NewRequest, fileIds: readonly string[], now = new Date().toISOString()): Promise<number> {
  const { id } = await db
    .insertInto('project_requests')
    .values({ ...values, status: 'submitted', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fileIds.length) {
    await db
      .insertInto('request_files')
      .values(fileIds.map((file_id) => ({ request_id: id, file_id, created_at: now })))
      .execute();
  }
  return id;
}

export type RequestChanges = Partial<{
  projectname: string;
  projectdescription: string;
  status: RequestStatus;
  rejected_reason: string | null;
  confirmed_step: RequestStep;
  reviewer_id: number;
  review_started_at: string;
}>;

export async function updateRequest(db: Kysely<DB>, id: number, changes: RequestChanges): Promise<void> {
  await db
    .updateTable('project_requests')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

function selectFiles(db: Kysely<DB>) {
  return db
    .selectFrom('request_files')
    .innerJoin('files', 'files.id', 'request_files.file_id')
    .select([
      'request_files.id',
      'request_files.request_id',
      'request_files.file_id',
      'files.name',
      'files.type',
      'files.size',
      'request_files.created_at',
    ]);
}

const toFile = ({ file_id: _stored, size, ...row }: { file_id: string; size: number | string } & Omit<RequestFile, 'size'>): RequestFile => ({
  ...row,
  size: Number(size),
});

export async function requestFiles(db: Kysely<DB>, requestId: number): Promise<RequestFile[]> {
  const rows = await selectFiles(db).where('request_files.request_id', '=', requestId).orderBy('request_files.id').execute();
  return rows.map(toFile);
}

/** The stored file behind a request document, or undefined when there is no such document. */
export async function requestFileStoreId(db: Kysely<DB>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('request_files').select('file_id').where('id', '=', id).executeTakeFirst();
  return row?.file_id;
}

export async function requestExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('project_requests').select('id').where('id', '=', id).executeTakeFirst());
}

/** The request's company, or undefined when there is no such request. */
export async function requestCompany(db: Kysely<DB>, requestId: number): Promise<number | undefined> {
  return (await db.selectFrom('project_requests').select('company_id').where('id', '=', requestId).executeTakeFirst())?.company_id;
}
