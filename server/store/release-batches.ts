import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Project } from '../../contract/projects';
import type { ReleaseBatch, ReleaseBatchDetail, ReleaseBatchStatus } from '../../contract/release-batches';
import { lockedOnPostgres, toCount } from '../db/dialect';
import type { Page } from '../../contract/envelope';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import { preparedOnce, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { conflict, invalidField } from '../http/errors';
import { boardsStoppedQualifying, countDraftBoards } from './draft-board-counts';
import { JOINED_PROJECT_COLUMNS, projectOfJoined } from './projects';
import { withUniqueFields } from './unique';

const NAME_TAKEN = 'This project has a release batch with this name already.';

/** The answer for any change to a released batch (API.md: the action does not fit the row's state). */
export const releasedAlready = () =>
  conflict('This release batch is released: it and its boards cannot change any more.');

/**
 * Release batches with who released them and how many of a draft's boards no longer qualify,
 * counted from the draft's picks or the project's boards that are not passed, whichever are
 * fewer (countDraftBoards); a released batch is 0 by definition, as its boards were all passed
 * when it was released.
 */
export function selectReleaseBatches(db: Kysely<DB>) {
  return db
    .selectFrom('release_batches')
    .leftJoin('users as releaser', 'releaser.id', 'release_batches.released_by')
    .select((eb) => [
      'release_batches.id',
      'release_batches.project_id',
      'release_batches.name',
      'release_batches.status',
      'release_batches.device_count',
      'release_batches.released_at',
      'release_batches.released_by',
      'releaser.username as released_by_username',
      'release_batches.created_at',
      'release_batches.updated_at',
      eb
        .case()
        .when('release_batches.status', '=', 'draft')
        .then(
          countDraftBoards(
            { picked: sql<SqlBool>`picks.release_batch_id = release_batches.id`, size: sql.ref('release_batches.device_count') },
            boardsStoppedQualifying(sql.ref('release_batches.project_id')),
          ),
        )
        .else(0)
        .end()
        .as('not_qualifying_count'),
    ]);
}
type ReleaseBatchRow = Awaited<ReturnType<ReturnType<typeof selectReleaseBatches>['executeTakeFirstOrThrow']>>;

export const toReleaseBatch = ({ released_by, released_by_username, ...row }: ReleaseBatchRow): ReleaseBatch => ({
  ...row,
  status: row.status as ReleaseBatchStatus,
  not_qualifying_count: toCount(row.not_qualifying_count as string | number | null),
  released_by: released_by === null ? null : { id: released_by, username: released_by_username ?? '' },
});

type ReleaseBatchSort = 'id' | 'name' | 'status' | 'device_count' | 'released_at' | 'created_at';
/** Newest first by default (defaultDesc), like the other lists of things people add. */
export const RELEASE_BATCH_SORTING: ListSorting<ReleaseBatchSort> = {
  columns: {
    id: sql.ref('release_batches.id'),
    name: sql`lower(release_batches.name)`,
    status: sql.ref('release_batches.status'),
    device_count: sql.ref('release_batches.device_count'),
    released_at: sql.ref('release_batches.released_at'),
    created_at: sql.ref('release_batches.created_at'),
  },
  default: 'created_at',
  defaultDesc: true, // the newest shipment first
  tiebreaker: sql.ref('release_batches.id'),
  nullable: ['released_at'],
};

/** A page of a project's release batches, searched by name, filtered by status. */
export async function listProjectReleaseBatches(
  db: Kysely<DB>,
  projectId: number,
  list: ListQuery<ReleaseBatchSort> & { status?: ReleaseBatchStatus },
): Promise<Page<ReleaseBatch>> {
  let query = selectReleaseBatches(db).where('release_batches.project_id', '=', projectId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('release_batches.name')]));
  if (list.status) query = query.where('release_batches.status', '=', list.status);
  const page = await pagedList(query, list, RELEASE_BATCH_SORTING, { db });
  return { data: page.data.map(toReleaseBatch), meta: page.meta };
}

export async function findReleaseBatch(db: Kysely<DB>, id: number): Promise<ReleaseBatch | undefined> {
  const row = await selectReleaseBatches(db).where('release_batches.id', '=', id).executeTakeFirst();
  return row && toReleaseBatch(row);
}

/**
 * What the routes check before they act (project, status, count), without the not-qualifying
 * count, which reads every board of a draft.
 */
export type ReleaseBatchHead = { id: number; project_id: number; name: string; status: ReleaseBatchStatus; device_count: number };
const HEAD_COLUMNS = ['release_batches.id', 'release_batches.project_id', 'release_batches.name', 'release_batches.status', 'release_batches.device_count'] as const;

/**
 * The batch's head with its project, in one query: what every `/releasebatches/:id` route starts
 * from (the access scope), so none of them costs a second round trip.
 */
export async function findReleaseBatchHeadWithProject(db: Kysely<DB>, id: number): Promise<{ batch: ReleaseBatchHead; project: Project } | undefined> {
  const [row] = await releaseBatchHeadById(db, { id });
  if (!row) return undefined;
  const { project, own } = projectOfJoined(row);
  return { batch: { ...own, status: own.status as ReleaseBatchStatus }, project };
}

/** A release batch's head with its project by id: one statement compiled once (prepared.ts): the access check of every release batch route reads it, and Kysely's building and compiling cost more than the read. */
const releaseBatchHeadById = preparedOnce((slot: Slot<'id'>, db: Kysely<DB>) =>
  db
    .selectFrom('release_batches')
    .innerJoin('projects', 'projects.id', 'release_batches.project_id')
    .where('release_batches.id', '=', slot('id'))
    .select([...HEAD_COLUMNS, ...JOINED_PROJECT_COLUMNS]),
);

/** The batch with the production batches its boards come from, most boards first. */
export async function findReleaseBatchDetail(db: Kysely<DB>, batch: ReleaseBatch): Promise<ReleaseBatchDetail> {
  const rows = await db
    .selectFrom('release_batch_picks as picks')
    // The pick's copy of its board's production batch (migration 018): no device row is read.
    .innerJoin('production_batches', 'production_batches.id', 'picks.production_batch_id')
    .where('picks.release_batch_id', '=', batch.id)
    .groupBy(['production_batches.id', 'production_batches.name'])
    .select((eb) => ['production_batches.id', 'production_batches.name', eb.fn.countAll().as('device_count')])
    .orderBy('device_count', 'desc')
    .orderBy('production_batches.id')
    .execute();
  return {
    ...batch,
    production_batches: rows.map((r) => ({ id: r.id, name: r.name, device_count: toCount(r.device_count as string | number) })),
  };
}

async function assertNameFree(db: Kysely<DB>, projectId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('release_batches')
    .where('project_id', '=', projectId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .select('id');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalidField('name', NAME_TAKEN);
}

const uniqueName = { release_batches_project_name: ['name', NAME_TAKEN] } as const satisfies Record<string, [string, string]>;

export async function createReleaseBatch(
  db: Kysely<DB>,
  batch: { project_id: number; name: string; created_by: number },
): Promise<number> {
  await assertNameFree(db, batch.project_id, batch.name);
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () =>
      db
        .insertInto('release_batches')
        .values({ ...batch, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { ...uniqueName },
  );
  return id;
}

/** Renames a draft; a released batch (also one released a moment ago) is a 409. */
export async function renameReleaseBatch(db: Kysely<DB>, batch: ReleaseBatchHead, name: string): Promise<void> {
  if (batch.status !== 'draft') throw releasedAlready();
  await assertNameFree(db, batch.project_id, name, batch.id);
  const result = await withUniqueFields(
    () =>
      db
        .updateTable('release_batches')
        .set({ name, updated_at: new Date().toISOString() })
        .where('id', '=', batch.id)
        .where('status', '=', 'draft')
        .executeTakeFirst(),
    { ...uniqueName },
  );
  if (Number(result.numUpdatedRows) === 0) throw releasedAlready();
}

/**
 * The batch, locked for a delete (services/deletes.ts): first in the lock order every writer of
 * release batches follows (production/release-update.ts). Undefined once gone.
 */
export async function lockReleaseBatch(trx: Kysely<DB>, id: number): Promise<ReleaseBatchHead | undefined> {
  const row = await lockedOnPostgres(trx, trx.selectFrom('release_batches').where('release_batches.id', '=', id).select(HEAD_COLUMNS)).executeTakeFirst();
  return row && { ...row, status: row.status as ReleaseBatchStatus };
}

/** Deletes the batch row; its boards must have been put back first (`freeBoards`). */
export async function deleteReleaseBatch(trx: Kysely<DB>, id: number): Promise<void> {
  await trx.deleteFrom('release_batches').where('id', '=', id).execute();
}
