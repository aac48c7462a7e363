import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import type {
  testConfigurationCreateInput,
  testConfigurationUpdateInput,
  TestConfiguration,
  testProfileCreateInput,
  testProfileListQuery,
  TestProfile,
  testProfileUpdateInput,
} from '../../contract/test-profiles';
import { keptOnPostgres } from '../db/dialect';
import type { DB } from '../db/schema';
import { conflict, HttpError, invalidField, notFound } from '../http/errors';
import { proposeSteps } from '../../contract/step-proposal';
import { foreignResourceIds, proposalResources, setStepResources } from '../store/step-resources';
import { selectTestFunctions, toTestFunction } from '../store/test-functions';
import { findStep, insertStep, listSteps, deleteStep, updateStep, stepCount } from '../store/test-profile-parts';
import {
  archiveActive,
  copyProfileContents,
  findProfile,
  insertProfile,
  linkReports,
  listProfiles,
  lockDraftProfile,
  lockProfile,
  lockProjectRow,
  PROFILE_VERSION_TAKEN,
  profileIdOf,
  readOnlyMessage,
  touchProfile,
  updateProfile,
  versionTaken,
} from '../store/test-profiles';
import { deleteRow } from './deletes';

/**
 * Test profiles. Every change to a profile or its children runs in a transaction that
 * first locks the profile's row and refuses (409) unless it is a draft: an activation waits for
 * an edit in flight and the other way round, so nothing changes a profile once it is active.
 * Activation locks the project's row first, so two activations of one project run one after the
 * other and leave exactly one active profile; the partial unique index is the backstop.
 */

export const profilesOfProject = (db: Kysely<DB>, project: Project, list: z.output<typeof testProfileListQuery>): Promise<Page<TestProfile>> =>
  listProfiles(db, project.id, list);

export async function testProfile(db: Kysely<DB>, id: number): Promise<TestProfile> {
  const found = await findProfile(db, id);
  if (!found) throw notFound();
  return found;
}

const versionTakenError = () => invalidField('version', PROFILE_VERSION_TAKEN);

/** A new draft, or with `copy_of` a new version of a profile of the same project (steps, variables and files copied). */
export async function createProfile(
  db: Kysely<DB>,
  project: Project,
  creator: { id: number },
  input: z.output<typeof testProfileCreateInput>,
): Promise<TestProfile> {
  const id = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    let name = input.name;
    let description = input.description ?? '';
    let attemptLimit = input.attempt_limit ?? null;
    let runRules: number[] | undefined = input.run_rules;
    let source: Awaited<ReturnType<typeof lockProfile>> | undefined;
    if (input.copy_of !== undefined) {
      // Locked: a step deleted from a draft being copied waits, so the copy is whole.
      source = await lockProfile(trx, input.copy_of).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return undefined;
        throw error;
      });
      if (!source || source.project_id !== project.id) throw invalidField('copy_of', `There is no test profile with id ${input.copy_of} in this project.`);
      name ??= source.name;
      const original = await findProfile(trx, source.id);
      if (input.description === undefined) description = original?.description ?? '';
      if (input.attempt_limit === undefined) attemptLimit = original?.attempt_limit ?? null;
      if (runRules === undefined) runRules = original?.run_rules;
    }
    if (await versionTaken(trx, project.id, name!, input.version)) throw versionTakenError();
    const created = await insertProfile(
      trx,
      {
        project_id: project.id,
        name: name!,
        version: input.version,
        description,
        attempt_limit: attemptLimit,
        ...(runRules && { run_rules: JSON.stringify(runRules) }),
        copied_from_id: source?.id ?? null,
        created_by: creator.id,
      },
      now,
    );
    if (source) await copyProfileContents(trx, source.id, created, now);
    if (input.steps_from_test_resources) await fillFromTestResources(trx, project.id, created, now);
    await linkReports(trx, { id: created, project_id: project.id, name: name!, version: input.version });
    return created;
  });
  return testProfile(db, id);
}

/** A step per test resource of the project (contract/step-proposal.ts); none at all → 422 on the option. */
async function fillFromTestResources(trx: Kysely<DB>, projectId: number, profileId: number, now: string): Promise<void> {
  const resources = await proposalResources(trx, projectId);
  if (!resources.length) {
    throw invalidField('steps_from_test_resources', 'This project has no test resources to make steps from: it was not made from a processed request, and none were added.');
  }
  // The catalogue is tens of functions; the bound keeps one read small whatever happens.
  const functions = (await selectTestFunctions(trx).orderBy('test_functions.name').orderBy('test_functions.id').limit(1000).execute()).map(toTestFunction);
  for (const [i, { test_resource_ids: ids, ...values }] of proposeSteps(resources, functions).entries()) {
    const step = await insertStep(trx, profileId, values, i + 1, now);
    await setStepResources(trx, step, ids);
  }
}

export async function changeProfile(db: Kysely<DB>, id: number, input: z.output<typeof testProfileUpdateInput>): Promise<TestProfile> {
  await db.transaction().execute(async (trx) => {
    const profile = await lockProfile(trx, id);
    const { status, attempt_limit: attemptLimit, run_rules: runRules, ...fields } = input;
    // How the charts judge the runs, not what the jig runs: any version may change it.
    if (runRules !== undefined) await updateProfile(trx, id, { run_rules: JSON.stringify(runRules) });
    if (attemptLimit !== undefined) {
      if (profile.status === 'archived') throw conflict(readOnlyMessage(profile));
      await updateProfile(trx, id, { attempt_limit: attemptLimit });
    }
    if (Object.keys(fields).length) {
      if (profile.status !== 'draft') throw conflict(readOnlyMessage(profile));
      const name = fields.name ?? profile.name;
      const version = fields.version ?? profile.version;
      const renamed = name !== profile.name || version !== profile.version;
      if (renamed && (await versionTaken(trx, profile.project_id, name, version, id))) throw versionTakenError();
      await updateProfile(trx, id, fields);
      if (renamed) await linkReports(trx, { id, project_id: profile.project_id, name, version }, true);
    }
    if (status === 'archived') {
      if (profile.status === 'archived') throw conflict(`Test profile “${profile.name}” ${profile.version} is archived already.`);
      await updateProfile(trx, id, { status: 'archived' });
    }
  });
  return testProfile(db, id);
}

/**
 * Makes the profile the project's active one, archiving the one before, in one transaction on
 * the project's locked row. The active one again is no change; an archived one is refused (make
 * a new version of it), as is a draft without steps.
 */
export async function activateProfile(db: Kysely<DB>, profile: { id: number; project_id: number }): Promise<TestProfile> {
  await db.transaction().execute(async (trx) => {
    await lockProjectRow(trx, profile.project_id);
    const locked = await lockProfile(trx, profile.id);
    if (locked.status === 'active') return;
    if (locked.status === 'archived') {
      throw conflict(`Test profile “${locked.name}” ${locked.version} is archived: make a new version of it to use it again.`);
    }
    if ((await stepCount(trx, locked.id)) === 0) throw conflict(`Test profile “${locked.name}” ${locked.version} has no steps: add its steps before activating it.`);
    const now = new Date().toISOString();
    await archiveActive(trx, locked.project_id, locked.id, now);
    await updateProfile(trx, locked.id, { status: 'active', activated_at: now });
  });
  return testProfile(db, profile.id);
}

// Steps

export const stepsOfProfile = (db: Kysely<DB>, profileId: number): Promise<TestConfiguration[]> => listSteps(db, profileId);

export async function testConfiguration(db: Kysely<DB>, id: number): Promise<TestConfiguration> {
  const found = await findStep(db, id);
  if (!found) throw notFound();
  return found;
}

/** The step's function exists, and is kept from a delete until the step is written (PostgreSQL). */
async function checkFunction(trx: Kysely<DB>, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const found = await keptOnPostgres(trx, trx.selectFrom('test_functions').select('id').where('id', '=', id)).executeTakeFirst();
  if (!found) throw invalidField('test_function_id', `There is no test function with id ${id}.`);
}

/**
 * The step's test resources are the project's (each once), kept from a delete until the links are
 * written (PostgreSQL); undefined when the input does not change them.
 */
async function checkResources(trx: Kysely<DB>, projectId: number, ids: readonly number[] | undefined): Promise<number[] | undefined> {
  if (ids === undefined) return undefined;
  const unique = [...new Set(ids)];
  const foreign = await foreignResourceIds(trx, projectId, unique);
  if (foreign.length === 1) throw invalidField('test_resource_ids', `There is no test resource with id ${foreign[0]} in this project.`);
  if (foreign.length) throw invalidField('test_resource_ids', `There are no test resources with ids ${foreign.join(', ')} in this project.`);
  return unique;
}

export async function addStep(db: Kysely<DB>, profileId: number, input: z.output<typeof testConfigurationCreateInput>): Promise<TestConfiguration> {
  const { position, test_resource_ids: resourceIds, ...values } = input;
  const id = await db.transaction().execute(async (trx) => {
    const profile = await lockDraftProfile(trx, profileId);
    await checkFunction(trx, input.test_function_id);
    const resources = await checkResources(trx, profile.project_id, resourceIds);
    const now = new Date().toISOString();
    const created = await insertStep(trx, profileId, values, position, now);
    if (resources?.length) await setStepResources(trx, created, resources);
    await touchProfile(trx, profileId, now);
    return created;
  });
  return testConfiguration(db, id);
}

export async function changeStep(db: Kysely<DB>, id: number, input: z.output<typeof testConfigurationUpdateInput>): Promise<TestConfiguration> {
  await db.transaction().execute(async (trx) => {
    const profileId = await profileIdOf(trx, 'test_configurations', id);
    if (profileId === undefined) throw notFound();
    const profile = await lockDraftProfile(trx, profileId);
    await checkFunction(trx, input.test_function_id);
    const { test_resource_ids: resourceIds, ...changes } = input;
    const resources = await checkResources(trx, profile.project_id, resourceIds);
    const step = await findStep(trx, id);
    if (!step) throw notFound();
    // The limits are checked together: one sent alone must still fit the other's stored value.
    const low = input.low !== undefined ? input.low : step.low;
    const high = input.high !== undefined ? input.high : step.high;
    if (low !== null && high !== null && low > high) throw invalidField('high', 'High must not be below low.');
    const now = new Date().toISOString();
    await updateStep(trx, step, changes, now);
    if (resources) await setStepResources(trx, id, resources);
    await touchProfile(trx, profileId, now);
  });
  return testConfiguration(db, id);
}

export async function removeStep(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: async (trx) => {
        const profileId = await profileIdOf(trx, 'test_configurations', id);
        if (profileId === undefined) return undefined;
        await lockDraftProfile(trx, profileId);
        return findStep(trx, id);
      },
      remove: async (trx, step) => {
        await deleteStep(trx, step);
        await touchProfile(trx, step.test_profile_id);
      },
    },
  );
}
