import { lockedOnPostgres } from '../db/dialect';
import { sql, type Generated, type Kysely } from 'kysely';
import type { EnclosureUpdate, EnclosureUpdateUpdateInput } from '../../contract/enclosure-updates';
import type { Page } from '../../contract/envelope';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';

/** Firmware for the jigs; its bytes and their facts are the file `file_id` names (migration 006). */
export interface EnclosureUpdatesTable {
  id: Generated<number>;
  description: string;
  patch_notes: string;
  file_id: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

// The table joins the database's type here, beside its queries, not in db/schema.ts.
declare module '../db/schema' {
  interface DB {
    enclosure_updates: EnclosureUpdatesTable;
  }
}

/** Updates with their file's facts (the file store's row) and who uploaded them. */
function selectUpdates(db: Kysely<DB>) {
  return db
    .selectFrom('enclosure_updates')
    .innerJoin('files', 'files.id', 'enclosure_updates.file_id')
    .leftJoin('users', 'users.id', 'enclosure_updates.created_by')
    .select([
      'enclosure_updates.id',
      'enclosure_updates.description',
      'enclosure_updates.patch_notes',
      'enclosure_updates.file_id',
      'files.name as firmware_name',
      'files.size as firmware_size',
      'files.type as firmware_type',
      'files.sha256 as firmware_sha256',
      'enclosure_updates.created_at',
      'enclosure_updates.updated_at',
      'enclosure_updates.created_by',
      'users.username as created_by_username',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectUpdates>['executeTakeFirstOrThrow']>>;

/** An update as the API shows it, plus the id of its file (which the API never shows). */
export type StoredEnclosureUpdate = EnclosureUpdate & { file_id: string };

function toUpdate({ created_by, created_by_username, firmware_size, ...row }: Row): StoredEnclosureUpdate {
  return {
    ...row,
    // bigint on PostgreSQL arrives as a string
    firmware_size: Number(firmware_size),
    created_by: created_by !== null && created_by_username !== null ? { id: created_by, username: created_by_username } : null,
  };
}

type Sort = 'id' | 'description' | 'firmware_name' | 'firmware_size' | 'created_at';

const SORTING: ListSorting<Sort> = {
  columns: {
    id: sql.ref('enclosure_updates.id'),
    description: sql`lower(enclosure_updates.description)`,
    firmware_name: sql`lower(files.name)`,
    firmware_size: sql.ref('files.size'),
    created_at: sql.ref('enclosure_updates.created_at'),
  },
  default: 'created_at',
  defaultDesc: true,
  tiebreaker: sql.ref('enclosure_updates.id'),
};

export async function listEnclosureUpdates(db: Kysely<DB>, list: ListQuery<Sort>): Promise<Page<StoredEnclosureUpdate>> {
  let query = selectUpdates(db);
  if (list.search) {
    const columns = [sql.ref<string>('enclosure_updates.description'), sql.ref<string>('enclosure_updates.patch_notes'), sql.ref<string>('files.name')];
    query = query.where(matchesSearch(db, list.search, columns));
  }
  const page = await pagedList(query, list, SORTING);
  return { data: page.data.map(toUpdate), meta: page.meta };
}

export async function findEnclosureUpdate(db: Kysely<DB>, id: number): Promise<StoredEnclosureUpdate | undefined> {
  const row = await selectUpdates(db).where('enclosure_updates.id', '=', id).executeTakeFirst();
  return row && toUpdate(row);
}

export async function insertEnclosureUpdate(
  db: Kysely<DB>,
  values: { description: string; patch_notes: string; file_id: string; created_by: number | null },
  /** When it was uploaded: now, unless seeding a history. */
  now = new Date().toISOString(),
): Promise<number> {
  const { id } = await db
    .insertInto('enclosure_updates')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateEnclosureUpdate(db: Kysely<DB>, id: number, changes: EnclosureUpdateUpdateInput): Promise<void> {
  await db
    .updateTable('enclosure_updates')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Removes the row and tells which file it held (undefined: there was no such row). */
/** The update's row, locked until the transaction ends (PostgreSQL), for its delete. */
export function lockEnclosureUpdate(db: Kysely<DB>, id: number): Promise<{ id: number; file_id: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('enclosure_updates').select(['id', 'file_id']).where('id', '=', id)).executeTakeFirst();
}

export async function deleteEnclosureUpdateRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('enclosure_updates').where('id', '=', id).execute();
}

/** The newest update (what a jig asking for its update gets), or undefined when none was uploaded. */
export async function findNewestEnclosureUpdate(db: Kysely<DB>): Promise<StoredEnclosureUpdate | undefined> {
  const row = await selectUpdates(db)
    .orderBy('enclosure_updates.created_at', 'desc')
    .orderBy('enclosure_updates.id', 'desc')
    .executeTakeFirst();
  return row && toUpdate(row);
}
