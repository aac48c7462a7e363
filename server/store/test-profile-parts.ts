import { sql, type Kysely } from 'kysely';
import type { StepParameter, StepResource, TestConfiguration, TestFile, TestVariable, TestVariableType } from '../../contract/test-profiles';
import { toCount } from '../db/dialect';
import type { DB } from '../db/schema';
import { resourcesOfSteps } from './step-resources';
import { selectTestFunctions } from './test-functions';
import { withUniqueFields } from './unique';

/** A test profile's steps (test_configurations), files and variables (migration 013). */

// Steps

function selectSteps(db: Kysely<DB>) {
  return db
    .selectFrom('test_configurations as c')
    .leftJoin('test_functions as f', 'f.id', 'c.test_function_id')
    .select([
      'c.id',
      'c.test_profile_id',
      'c.position',
      'c.name',
      'c.parameters',
      'c.low',
      'c.high',
      'c.unit',
      'c.created_at',
      'c.updated_at',
      'f.id as function_id',
      'f.name as function_name',
    ]);
}
type StepRow = Awaited<ReturnType<ReturnType<typeof selectSteps>['executeTakeFirstOrThrow']>>;

const toStep = ({ function_id, function_name, parameters, low, high, ...row }: StepRow, resources: StepResource[]): TestConfiguration => ({
  ...row,
  test_resources: resources,
  // PostgreSQL's `real` is float4: read back through its shortest text form.
  low: low === null ? null : Number(low),
  high: high === null ? null : Number(high),
  parameters: JSON.parse(parameters) as StepParameter[],
  test_function: function_id === null || function_name === null ? null : { id: function_id, name: function_name },
});

export async function listSteps(db: Kysely<DB>, profileId: number): Promise<TestConfiguration[]> {
  const rows = await selectSteps(db).where('c.test_profile_id', '=', profileId).orderBy('c.position').orderBy('c.id').execute();
  const resources = await resourcesOfSteps(db, rows.map((r) => r.id));
  return rows.map((r) => toStep(r, resources.get(r.id) ?? []));
}

export async function findStep(db: Kysely<DB>, id: number): Promise<TestConfiguration | undefined> {
  const row = await selectSteps(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return toStep(row, (await resourcesOfSteps(db, [row.id])).get(row.id) ?? []);
}

export async function stepCount(db: Kysely<DB>, profileId: number): Promise<number> {
  const row = await db.selectFrom('test_configurations').select(sql<number | string>`count(*)`.as('n')).where('test_profile_id', '=', profileId).executeTakeFirst();
  return toCount(row?.n);
}

export type StepValues = {
  name: string;
  test_function_id: number | null;
  parameters: StepParameter[];
  low: number | null;
  high: number | null;
  unit: string;
};

/** Inserts a step at `position` (1-based, clamped to the end); the steps from there move down one. */
export async function insertStep(trx: Kysely<DB>, profileId: number, values: StepValues, position: number | undefined, now: string): Promise<number> {
  const count = await stepCount(trx, profileId);
  const at = Math.min(position ?? count + 1, count + 1);
  await trx
    .updateTable('test_configurations')
    .set({ position: sql`position + 1` })
    .where('test_profile_id', '=', profileId)
    .where('position', '>=', at)
    .execute();
  const { id } = await trx
    .insertInto('test_configurations')
    .values({ ...values, parameters: JSON.stringify(values.parameters), test_profile_id: profileId, position: at, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes a step; a new `position` moves it there (clamped) and shifts the steps between. */
export async function updateStep(
  trx: Kysely<DB>,
  step: { id: number; test_profile_id: number; position: number },
  changes: Partial<StepValues> & { position?: number },
  now: string,
): Promise<void> {
  const { position, parameters, ...rest } = changes;
  if (position !== undefined && position !== step.position) {
    const to = Math.min(position, await stepCount(trx, step.test_profile_id));
    const shift = trx.updateTable('test_configurations').where('test_profile_id', '=', step.test_profile_id).where('id', '<>', step.id);
    if (to > step.position) {
      await shift.set({ position: sql`position - 1` }).where('position', '>', step.position).where('position', '<=', to).execute();
    } else if (to < step.position) {
      await shift.set({ position: sql`position + 1` }).where('position', '>=', to).where('position', '<', step.position).execute();
    }
    await trx.updateTable('test_configurations').set({ position: to }).where('id', '=', step.id).execute();
  }
  await trx
    .updateTable('test_configurations')
    .set({ ...rest, ...(parameters && { parameters: JSON.stringify(parameters) }), updated_at: now })
    .where('id', '=', step.id)
    .execute();
}

export async function deleteStep(trx: Kysely<DB>, step: { id: number; test_profile_id: number; position: number }): Promise<void> {
  await trx.deleteFrom('test_configurations').where('id', '=', step.id).execute();
  await trx
    .updateTable('test_configurations')
    .set({ position: sql`position - 1` })
    .where('test_profile_id', '=', step.test_profile_id)
    .where('position', '>', step.position)
    .execute();
}

/** The profile's step limits by name, for the statistics (the profile's word over the reports'). */
export async function stepLimits(db: Kysely<DB>, profileId: number) {
  const steps = await listSteps(db, profileId);
  return new Map(steps.map((s) => [s.name, s]));
}

// Files

function selectFiles(db: Kysely<DB>) {
  return db
    .selectFrom('test_files as t')
    .innerJoin('files', 'files.id', 't.file_id')
    .select(['t.id', 't.test_profile_id', 't.file_id', 't.created_at', 'files.name', 'files.type', 'files.size']);
}
type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['executeTakeFirstOrThrow']>>;
export type StoredTestFile = TestFile & { file_id: string };

const toFile = (row: FileRow): StoredTestFile => ({ ...row, size: Number(row.size) });

export async function listFiles(db: Kysely<DB>, profileId: number): Promise<StoredTestFile[]> {
  return (await selectFiles(db).where('t.test_profile_id', '=', profileId).orderBy('files.name').orderBy('t.id').execute()).map(toFile);
}

export async function findFile(db: Kysely<DB>, id: number): Promise<StoredTestFile | undefined> {
  const row = await selectFiles(db).where('t.id', '=', id).executeTakeFirst();
  return row && toFile(row);
}

export async function insertFile(trx: Kysely<DB>, values: { test_profile_id: number; file_id: string; created_by: number | null }, now: string) {
  const { id } = await trx.insertInto('test_files').values({ ...values, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Deletes a test file row; gives back the file id when no other profile's row points at the same
 * bytes (a copied version shares them), so the caller removes the bytes after the commit.
 */
export async function deleteFileRow(trx: Kysely<DB>, row: { id: number; file_id: string }): Promise<string[]> {
  await trx.deleteFrom('test_files').where('id', '=', row.id).execute();
  const other = await trx.selectFrom('test_files').select('id').where('file_id', '=', row.file_id).executeTakeFirst();
  return other ? [] : [row.file_id];
}

// Variables

export const VARIABLE_NAME_TAKEN = 'This profile has a variable of this name already.';

type VariableRow = { id: number; test_profile_id: number; name: string; type: string; value: string; choices: string; created_at: string; updated_at: string };

/** Values are stored as text; the API gives them back typed. */
export function storedValue(value: string | number | boolean): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function typedValue(type: TestVariableType, value: string): string | number | boolean {
  if (type === 'int' || type === 'float') return Number(value);
  if (type === 'bool') return value === 'true';
  return value;
}

const toVariable = (row: VariableRow): TestVariable => ({
  ...row,
  type: row.type as TestVariableType,
  value: typedValue(row.type as TestVariableType, row.value),
  choices: JSON.parse(row.choices) as string[],
});

export async function listVariables(db: Kysely<DB>, profileId: number): Promise<TestVariable[]> {
  const rows = await db.selectFrom('test_variables').selectAll().where('test_profile_id', '=', profileId).orderBy('name').execute();
  return rows.map(toVariable);
}

export async function findVariable(db: Kysely<DB>, id: number): Promise<TestVariable | undefined> {
  const row = await db.selectFrom('test_variables').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toVariable(row);
}

export type VariableValues = { name: string; type: TestVariableType; value: string | number | boolean; choices: string[] };

export async function insertVariable(trx: Kysely<DB>, profileId: number, values: VariableValues, now: string): Promise<number> {
  const { id } = await withUniqueFields(
    () =>
      trx
        .insertInto('test_variables')
        .values({
          ...values,
          value: storedValue(values.value),
          choices: JSON.stringify(values.choices),
          test_profile_id: profileId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { name: ['name', VARIABLE_NAME_TAKEN] },
  );
  return id;
}

export async function variableNameTaken(db: Kysely<DB>, profileId: number, name: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('test_variables').select('id').where('test_profile_id', '=', profileId).where('name', '=', name);
  if (except !== undefined) query = query.where('id', '<>', except);
  return !!(await query.executeTakeFirst());
}

export async function updateVariable(trx: Kysely<DB>, id: number, values: VariableValues, now: string): Promise<void> {
  await withUniqueFields(
    () =>
      trx
        .updateTable('test_variables')
        .set({ ...values, value: storedValue(values.value), choices: JSON.stringify(values.choices), updated_at: now })
        .where('id', '=', id)
        .execute(),
    { name: ['name', VARIABLE_NAME_TAKEN] },
  );
}

export async function deleteVariable(trx: Kysely<DB>, id: number): Promise<void> {
  await trx.deleteFrom('test_variables').where('id', '=', id).execute();
}

// The catalogue's test functions, as a project sees them

type FunctionSort = 'name' | 'step_count';

/** Test functions with how many steps of the project's profiles call each (any status). */
export function selectProjectFunctions(db: Kysely<DB>, projectId: number) {
  return selectTestFunctions(db).select(
    sql<number | string>`(select count(*) from test_configurations c
      join test_profiles p on p.id = c.test_profile_id
      where c.test_function_id = test_functions.id and p.project_id = ${projectId})`.as('step_count'),
  );
}

export const PROJECT_FUNCTION_SORTING = {
  columns: { name: sql`lower(test_functions.name)`, step_count: sql`step_count` },
  default: 'name' as FunctionSort,
  tiebreaker: sql.ref('test_functions.id'),
};
