import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { TestFunction, TestFunctionParameter, TestFunctionType } from '../../contract/test-functions';
import { lockedOnPostgres } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { withUniqueFields } from './unique';

// test_functions and test_function_types are in CatalogueDB (db/schema.ts, migration 009).

export const TEST_FUNCTION_NAME_TAKEN = 'A test function with this name exists already.';

export function listTestFunctionTypes(db: Kysely<DB>): Promise<TestFunctionType[]> {
  return db.selectFrom('test_function_types').select(['id', 'slug', 'name']).orderBy('id').execute();
}

export function findTestFunctionType(db: Kysely<DB>, id: number): Promise<TestFunctionType | undefined> {
  return db.selectFrom('test_function_types').select(['id', 'slug', 'name']).where('id', '=', id).executeTakeFirst();
}

export function selectTestFunctions(db: Kysely<DB>) {
  return db
    .selectFrom('test_functions')
    .innerJoin('test_function_types', 'test_function_types.id', 'test_functions.test_function_type_id')
    .select([
      'test_functions.id',
      'test_functions.name',
      'test_functions.description',
      'test_functions.parameters',
      'test_functions.created_at',
      'test_functions.updated_at',
      'test_function_types.id as type_id',
      'test_function_types.slug as type_slug',
      'test_function_types.name as type_name',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectTestFunctions>['executeTakeFirstOrThrow']>>;

export function toTestFunction({ type_id, type_slug, type_name, parameters, ...row }: Row): TestFunction {
  return { ...row, type: { id: type_id, slug: type_slug, name: type_name }, parameters: JSON.parse(parameters) as TestFunctionParameter[] };
}

type Sort = 'id' | 'name' | 'type' | 'updated_at';

const SORTING: ListSorting<Sort> = {
  columns: {
    id: sql.ref('test_functions.id'),
    name: sql`lower(test_functions.name)`,
    type: sql`lower(test_function_types.name)`,
    updated_at: sql.ref('test_functions.updated_at'),
  },
  default: 'name',
  tiebreaker: sql.ref('test_functions.id'),
};

export async function listTestFunctions(db: Kysely<DB>, list: ListQuery<Sort> & { type_id?: number }): Promise<Page<TestFunction>> {
  let query = selectTestFunctions(db);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('test_functions.name')]));
  if (list.type_id !== undefined) query = query.where('test_functions.test_function_type_id', '=', list.type_id);
  const page = await pagedList(query, list, SORTING);
  return { data: page.data.map(toTestFunction), meta: page.meta };
}

export async function findTestFunction(db: Kysely<DB>, id: number): Promise<TestFunction | undefined> {
  const row = await selectTestFunctions(db).where('test_functions.id', '=', id).executeTakeFirst();
  return row && toTestFunction(row);
}

/** Names are unique regardless of case: the pre-check answers it, the unique index backs it. */
async function checkNameFree(db: Kysely<DB>, name: string, except?: number): Promise<void> {
  let query = db.selectFrom('test_functions').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (except !== undefined) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) throw invalidField('name', TEST_FUNCTION_NAME_TAKEN);
}

export type TestFunctionValues = {
  name: string;
  test_function_type_id: number;
  description: string;
  parameters: TestFunctionParameter[];
};

export async function insertTestFunction(db: Kysely<DB>, values: TestFunctionValues, now = new Date().toISOString()): Promise<number> {
  await checkNameFree(db, values.name);
  const { id } = await withUniqueFields(
    () =>
      db
        .insertInto('test_functions')
        .values({ ...values, parameters: JSON.stringify(values.parameters), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { name: ['name', TEST_FUNCTION_NAME_TAKEN] },
  );
  return id;
}

export async function updateTestFunction(db: Kysely<DB>, id: number, changes: Partial<TestFunctionValues>): Promise<void> {
  if (changes.name !== undefined) await checkNameFree(db, changes.name, id);
  const { parameters, ...rest } = changes;
  await withUniqueFields(
    () =>
      db
        .updateTable('test_functions')
        .set({ ...rest, ...(parameters ? { parameters: JSON.stringify(parameters) } : {}), updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute(),
    { name: ['name', TEST_FUNCTION_NAME_TAKEN] },
  );
}

/** The row, locked until the transaction ends (PostgreSQL), for its delete. */
export function lockTestFunction(db: Kysely<DB>, id: number): Promise<{ id: number; name: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('test_functions').select(['id', 'name']).where('id', '=', id)).executeTakeFirst();
}

export async function deleteTestFunctionRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('test_functions').where('id', '=', id).execute();
}
