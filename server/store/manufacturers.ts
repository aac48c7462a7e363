import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { Manufacturer } from '../../contract/projects';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { withUniqueFields } from './unique';

const NAME_TAKEN = 'This project has a manufacturer with this name already.';

export function selectManufacturers(db: Kysely<DB>) {
  return db
    .selectFrom('manufacturers')
    .select([
      'manufacturers.id',
      'manufacturers.project_id',
      'manufacturers.name',
      'manufacturers.contact_email',
      'manufacturers.created_at',
    ]);
}

export const MANUFACTURER_SORTING: ListSorting<'id' | 'name' | 'created_at'> = {
  columns: {
    id: sql.ref('manufacturers.id'),
    name: sql`lower(manufacturers.name)`,
    created_at: sql.ref('manufacturers.created_at'),
  },
  default: 'id',
  tiebreaker: sql.ref('manufacturers.id'),
};

type ManufacturerSort = keyof typeof MANUFACTURER_SORTING.columns;

/** A page of a project's manufacturers, searched by name in SQL. */
export function listProjectManufacturers(
  db: Kysely<DB>,
  projectId: number,
  list: ListQuery<ManufacturerSort>,
): Promise<Page<Manufacturer>> {
  let query = selectManufacturers(db).where('manufacturers.project_id', '=', projectId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('manufacturers.name')]));
  return pagedList(query, list, MANUFACTURER_SORTING);
}

export async function findManufacturer(db: Kysely<DB>, id: number): Promise<Manufacturer | undefined> {
  return selectManufacturers(db).where('manufacturers.id', '=', id).executeTakeFirst();
}

export async function createManufacturer(
  db: Kysely<DB>,
  manufacturer: { project_id: number; name: string; contact_email?: string | null },
): Promise<number> {
  const taken = await db
    .selectFrom('manufacturers')
    .where('project_id', '=', manufacturer.project_id)
    .where(sql`lower(name)`, '=', manufacturer.name.toLowerCase())
    .select('id')
    .executeTakeFirst();
  if (taken) throw invalidField('name', NAME_TAKEN);
  const { id } = await withUniqueFields(
    () =>
      db
        .insertInto('manufacturers')
        .values({
          project_id: manufacturer.project_id,
          name: manufacturer.name,
          contact_email: manufacturer.contact_email ?? null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { manufacturers_project_name: ['name', NAME_TAKEN] },
  );
  return id;
}
