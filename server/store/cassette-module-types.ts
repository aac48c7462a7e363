import { sql, type Kysely } from 'kysely';
import type { AmsType, CassetteModuleType } from '../../contract/cassette-module-types';
import type { Page } from '../../contract/envelope';
import { keptOnPostgres, lockedOnPostgres, toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { withUniqueFields } from './unique';

/** AMS modules (cassette_module_types, migration 009). */

export const MODULE_TYPE_NAME_TAKEN = 'An AMS module with this name exists already.';

function selectModuleTypes(db: Kysely<DB>) {
  return db
    .selectFrom('cassette_module_types')
    .select((eb) => [
      'cassette_module_types.id',
      'cassette_module_types.name',
      'cassette_module_types.ams_type',
      'cassette_module_types.description',
      'cassette_module_types.created_at',
      'cassette_module_types.updated_at',
      eb
        .selectFrom('cassette_modules')
        .whereRef('cassette_modules.cassette_module_type_id', '=', 'cassette_module_types.id')
        .select((e) => e.fn.count('cassette_modules.cassette_id').distinct().as('n'))
        .as('cassette_count'),
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectModuleTypes>['executeTakeFirstOrThrow']>>;

const toModuleType = (row: Row): CassetteModuleType => ({
  ...row,
  ams_type: row.ams_type as AmsType,
  cassette_count: toCount(row.cassette_count as string | number | null),
});

type Sort = 'id' | 'name' | 'ams_type' | 'cassette_count' | 'created_at';
const SORTING: ListSorting<Sort> = {
  columns: {
    id: sql.ref('cassette_module_types.id'),
    name: sql`lower(cassette_module_types.name)`,
    ams_type: sql.ref('cassette_module_types.ams_type'),
    cassette_count: sql.ref('cassette_count'),
    created_at: sql.ref('cassette_module_types.created_at'),
  },
  default: 'name',
  tiebreaker: sql.ref('cassette_module_types.id'),
};

export async function listModuleTypes(
  db: Kysely<DB>,
  list: ListQuery<Sort> & { ams_type?: AmsType },
): Promise<Page<CassetteModuleType>> {
  let query = selectModuleTypes(db);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('cassette_module_types.name')]));
  if (list.ams_type) query = query.where('cassette_module_types.ams_type', '=', list.ams_type);
  const page = await pagedList(query, list, SORTING);
  return { data: page.data.map(toModuleType), meta: page.meta };
}

export async function findModuleType(db: Kysely<DB>, id: number): Promise<CassetteModuleType | undefined> {
  const row = await selectModuleTypes(db).where('cassette_module_types.id', '=', id).executeTakeFirst();
  return row && toModuleType(row);
}

/** The ids among `ids` that name no AMS module (the others kept from a delete, on PostgreSQL). */
export async function missingModuleTypes(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  // Kept (PostgreSQL) until the caller's transaction ends: a delete of one waits for the write.
  const found = await keptOnPostgres(db, db.selectFrom('cassette_module_types').select('id').where('id', 'in', [...ids])).execute();
  const have = new Set(found.map((r) => r.id));
  return ids.filter((id) => !have.has(id));
}

async function nameTaken(db: Kysely<DB>, name: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('cassette_module_types').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) query = query.where('id', '!=', except);
  return !!(await query.executeTakeFirst());
}

export async function insertModuleType(db: Kysely<DB>, values: { name: string; ams_type: AmsType; description: string }): Promise<number> {
  if (await nameTaken(db, values.name)) throw invalidField('name', MODULE_TYPE_NAME_TAKEN);
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () => db.insertInto('cassette_module_types').values({ ...values, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow(),
    { name: ['name', MODULE_TYPE_NAME_TAKEN] },
  );
  return id;
}

export async function updateModuleType(
  db: Kysely<DB>,
  id: number,
  values: { name: string; ams_type: AmsType; description?: string },
): Promise<void> {
  if (await nameTaken(db, values.name, id)) throw invalidField('name', MODULE_TYPE_NAME_TAKEN);
  await withUniqueFields(
    () => db.updateTable('cassette_module_types').set({ ...values, updated_at: new Date().toISOString() }).where('id', '=', id).execute(),
    { name: ['name', MODULE_TYPE_NAME_TAKEN] },
  );
}

export function lockModuleType(db: Kysely<DB>, id: number): Promise<{ id: number; name: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('cassette_module_types').select(['id', 'name']).where('id', '=', id)).executeTakeFirst();
}

/** How many cassettes hold a module of this type (in any slot). */
export async function cassettesUsingModuleType(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db
    .selectFrom('cassette_modules')
    .select((eb) => eb.fn.count<string | number>('cassette_id').distinct().as('n'))
    .where('cassette_module_type_id', '=', id)
    .executeTakeFirst();
  return toCount(row?.n);
}

export async function deleteModuleTypeRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('cassette_module_types').where('id', '=', id).execute();
}
