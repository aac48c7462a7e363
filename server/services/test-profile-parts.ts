import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import {
  variableChoicesError,
  variableValueError,
  type ProjectTestFunction,
  type projectTestFunctionListQuery,
  type TestFile,
  type testVariableCreateInput,
  type TestVariable,
  type testVariableUpdateInput,
} from '../../contract/test-profiles';
import { toCount } from '../db/dialect';
import { matchesSearch, pagedList } from '../db/paged-list';
import type { DB } from '../db/schema';
import type { FileStore, StoredFile } from '../files/file-store';
import { conflict, invalid, invalidField, notFound } from '../http/errors';
import {
  deleteFileRow,
  deleteVariable,
  findFile,
  findVariable,
  insertFile,
  insertVariable,
  listFiles,
  listVariables,
  PROJECT_FUNCTION_SORTING,
  selectProjectFunctions,
  updateVariable,
  VARIABLE_NAME_TAKEN,
  variableNameTaken,
  type StoredTestFile,
} from '../store/test-profile-parts';
import { toTestFunction } from '../store/test-functions';
import { findProfile, lockDraftProfile, profileIdOf, readOnlyMessage, touchProfile } from '../store/test-profiles';
import { deleteRow, type CleanupLog } from './deletes';

/** A test profile's files, variables and run chart; its steps are in test-profiles.ts, its step statistics in step-statistics.ts. */

// Files

const shownFile = ({ file_id: _file, ...file }: StoredTestFile): TestFile => file;

export const filesOfProfile = async (db: Kysely<DB>, profileId: number): Promise<TestFile[]> => (await listFiles(db, profileId)).map(shownFile);

export async function testFileId(db: Kysely<DB>, id: number): Promise<string> {
  const found = await findFile(db, id);
  if (!found) throw notFound();
  return found.file_id;
}

/** Before the upload is read: a profile that is not a draft is a 409 before a byte is stored. */
export async function assertDraft(db: Kysely<DB>, profileId: number): Promise<void> {
  const profile = await findProfile(db, profileId);
  if (!profile) throw notFound();
  if (profile.status !== 'draft') throw conflict(readOnlyMessage(profile));
}

/** Records an uploaded file on a draft; whatever refuses the row removes the bytes again. */
export async function addTestFile(db: Kysely<DB>, files: FileStore, profileId: number, uploader: { id: number }, file: StoredFile): Promise<TestFile> {
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      await lockDraftProfile(trx, profileId);
      const now = new Date().toISOString();
      const created = await insertFile(trx, { test_profile_id: profileId, file_id: file.id, created_by: uploader.id }, now);
      await touchProfile(trx, profileId, now);
      return created;
    });
  } catch (error) {
    await files.delete(file.id);
    throw error;
  }
  return shownFile((await findFile(db, id))!);
}

/** Deletes a draft's file; the bytes go only when no other version still shares them. */
export async function removeTestFile(db: Kysely<DB>, files: FileStore, id: number, log: CleanupLog): Promise<void> {
  await deleteRow(
    { db, files, log },
    {
      lock: async (trx) => {
        const profileId = await profileIdOf(trx, 'test_files', id);
        if (profileId === undefined) return undefined;
        await lockDraftProfile(trx, profileId);
        return findFile(trx, id);
      },
      remove: async (trx, row) => {
        const gone = await deleteFileRow(trx, row);
        await touchProfile(trx, row.test_profile_id);
        return gone;
      },
    },
  );
}

// Variables

export const variablesOfProfile = (db: Kysely<DB>, profileId: number): Promise<TestVariable[]> => listVariables(db, profileId);

async function variable(db: Kysely<DB>, id: number): Promise<TestVariable> {
  const found = await findVariable(db, id);
  if (!found) throw notFound();
  return found;
}

export async function addVariable(db: Kysely<DB>, profileId: number, input: z.output<typeof testVariableCreateInput>): Promise<TestVariable> {
  const id = await db.transaction().execute(async (trx) => {
    await lockDraftProfile(trx, profileId);
    if (await variableNameTaken(trx, profileId, input.name)) throw invalidField('name', VARIABLE_NAME_TAKEN);
    const now = new Date().toISOString();
    const created = await insertVariable(trx, profileId, { ...input, value: input.value! }, now);
    await touchProfile(trx, profileId, now);
    return created;
  });
  return variable(db, id);
}

/** A change is checked whole: the value against the type and choices the variable has after it. */
export async function changeVariable(db: Kysely<DB>, id: number, input: z.output<typeof testVariableUpdateInput>): Promise<TestVariable> {
  await db.transaction().execute(async (trx) => {
    const profileId = await profileIdOf(trx, 'test_variables', id);
    if (profileId === undefined) throw notFound();
    await lockDraftProfile(trx, profileId);
    const before = await variable(trx, id);
    const after = { name: input.name ?? before.name, type: input.type ?? before.type, value: input.value ?? before.value, choices: input.choices ?? before.choices };
    if (after.type !== 'enum' && input.type !== undefined && input.choices === undefined) after.choices = [];
    const errors: Record<string, string[]> = {};
    const choiceError = variableChoicesError(after.type, after.choices);
    if (choiceError) errors.choices = [choiceError];
    const valueError = variableValueError(after.type, after.value, after.choices);
    if (valueError) errors.value = [valueError];
    if (after.name !== before.name && (await variableNameTaken(trx, profileId, after.name, id))) errors.name = [VARIABLE_NAME_TAKEN];
    if (Object.keys(errors).length) throw invalid(errors);
    const now = new Date().toISOString();
    await updateVariable(trx, id, after, now);
    await touchProfile(trx, profileId, now);
  });
  return variable(db, id);
}

export async function removeVariable(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: async (trx) => {
        const profileId = await profileIdOf(trx, 'test_variables', id);
        if (profileId === undefined) return undefined;
        await lockDraftProfile(trx, profileId);
        return findVariable(trx, id);
      },
      remove: async (trx, row) => {
        await deleteVariable(trx, row.id);
        await touchProfile(trx, row.test_profile_id);
      },
    },
  );
}

// The run chart (the per-step figures over a scope are in step-statistics.ts)

// The project's test functions

export async function projectTestFunctions(
  db: Kysely<DB>,
  projectId: number,
  list: z.output<typeof projectTestFunctionListQuery>,
): Promise<Page<ProjectTestFunction>> {
  let query = selectProjectFunctions(db, projectId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('test_functions.name')]));
  const page = await pagedList(query, list, PROJECT_FUNCTION_SORTING);
  return {
    data: page.data.map(({ step_count, ...row }) => ({ ...toTestFunction(row), step_count: toCount(step_count) })),
    meta: page.meta,
  };
}
