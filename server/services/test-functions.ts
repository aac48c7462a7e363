import { sql, type Kysely } from 'kysely';
import { toCount } from '../db/dialect';
import type { Page } from '../../contract/envelope';
import type { TestFunction, TestFunctionCreate, testFunctionListQuery, TestFunctionType, TestFunctionUpdate } from '../../contract/test-functions';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { invalidField, notFound } from '../http/errors';
import { countOf, deleteRow, named } from './deletes';
import {
  deleteTestFunctionRow,
  findTestFunction,
  findTestFunctionType,
  insertTestFunction,
  listTestFunctions,
  listTestFunctionTypes,
  lockTestFunction,
  updateTestFunction,
  type TestFunctionValues,
} from '../store/test-functions';

/**
 * Test functions (`/manage/testfunctions`): the platform's catalogue of what a jig can
 * do to a board. Names are unique; the type must exist (a 422 on the field otherwise).
 */

export const testFunctionTypes = (db: Kysely<DB>): Promise<TestFunctionType[]> => listTestFunctionTypes(db);

export const testFunctions = (db: Kysely<DB>, list: z.output<typeof testFunctionListQuery>): Promise<Page<TestFunction>> =>
  listTestFunctions(db, list);

export async function testFunction(db: Kysely<DB>, id: number): Promise<TestFunction> {
  const found = await findTestFunction(db, id);
  if (!found) throw notFound();
  return found;
}

async function checkType(db: Kysely<DB>, id: number | undefined): Promise<void> {
  if (id !== undefined && !(await findTestFunctionType(db, id))) {
    throw invalidField('test_function_type_id', `There is no test function type with id ${id}.`);
  }
}

export async function addTestFunction(db: Kysely<DB>, input: TestFunctionCreate): Promise<TestFunction> {
  await checkType(db, input.test_function_type_id);
  const id = await insertTestFunction(db, input as TestFunctionValues);
  return testFunction(db, id);
}

export async function changeTestFunction(db: Kysely<DB>, id: number, input: TestFunctionUpdate): Promise<TestFunction> {
  await testFunction(db, id);
  await checkType(db, input.test_function_type_id);
  if (Object.keys(input).length) await updateTestFunction(db, id, input as Partial<TestFunctionValues>);
  return testFunction(db, id);
}

/**
 * Deletes a test function, unless steps of test profiles call it: those are someone's
 * test setup (an active profile's are read-only), so the delete is refused, never cascaded.
 */
export async function removeTestFunction(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockTestFunction(trx, id),
      refusal: async (trx, row) => {
        const { n } = await trx
          .selectFrom('test_configurations')
          .select(sql<number | string>`count(*)`.as('n'))
          .where('test_function_id', '=', row.id)
          .executeTakeFirstOrThrow();
        const steps = toCount(n);
        return steps ? `${named('Test function', row.name)} is called by ${countOf(steps, 'test profile step', 'test profile steps')}; change or delete those steps first.` : null;
      },
      remove: (trx, row) => deleteTestFunctionRow(trx, row.id),
    },
  );
}
