import { z } from 'zod';
import { listOf, oneOf, pageOf } from '../../contract/envelope';
import {
  projectTestFunctionListQuery,
  projectTestFunctionSchema,
  TEST_VARIABLE_TYPE_LIST,
  testConfigurationCreateInput,
  testConfigurationSchema,
  testConfigurationUpdateInput,
  testFileSchema,
  testFileUploadForm,
  testProfileCreateInput,
  testProfileListQuery,
  testProfileSchema,
  testProfileUpdateInput,
  testVariableCreateInput,
  testVariableSchema,
  testVariableTypeSchema,
  testVariableUpdateInput,
} from '../../contract/test-profiles';
import { HISTOGRAM_SAMPLE, histogramQuery, histogramSchema, statisticsScopeQuery, stepStatisticsAnswer } from '../../contract/step-statistics';
import { sendFile } from '../files/download';
import { FILE_TYPES, formatBytes } from '../files/limits';
import { receiveUpload } from '../files/multipart';
import { deleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import {
  addTestFile,
  addVariable,
  assertDraft,
  changeVariable,
  filesOfProfile,
  projectTestFunctions,
  removeTestFile,
  removeVariable,
  testFileId,
  variablesOfProfile,
} from '../services/test-profile-parts';
import { stepHistogram, stepStatistics } from '../services/step-statistics';
import {
  activateProfile,
  addStep,
  changeProfile,
  changeStep,
  createProfile,
  profilesOfProject,
  removeStep,
  stepsOfProfile,
  testConfiguration,
  testProfile,
} from '../services/test-profiles';

const MEASURES =
  '`test_resource_ids`: the project\'s test resources the step measures (the whole set; each once); another project\'s or an unknown one → 422 on `test_resource_ids`.';
const READ_ONLY = 'A profile that is not a draft (active or archived) is read-only: changing it or its steps, files or variables → 409.';

/**
 * Test profiles (SPEC §7): a project's members read them; its admins and engineers
 * create drafts, edit them, activate one and make new versions. Every row is scoped through its
 * profile to the project, so another company's profile, step, file or variable is a 404.
 */
export default defineRoutes(
  (route, { db, files, config }) => {
    route({
      method: 'GET',
      url: '/projects/:id/testprofiles',
      summary: "A project's test profiles",
      description: 'Active first, then drafts, then archived (newest first) unless sorted; searched over name and version; `status` keeps one status.',
      access: 'read',
      scope: 'project',
      query: testProfileListQuery,
      response: pageOf(testProfileSchema),
      handler: async ({ row: project, query }) => profilesOfProject(db, project, query),
    });

    route({
      method: 'POST',
      url: '/projects/:id/testprofiles',
      summary: 'Create a test profile (a draft), or a new version of one',
      description:
        'With `copy_of`, a new draft copying that profile of the project: its steps, variables and files (the files\' bytes are shared, not copied); ' +
        'the name is the original\'s unless given. A name and version the project has → 422 on `version`. Reports of that name and version that came in before point at it. ' +
        'With `steps_from_test_resources: true` the draft starts with a step per test resource of the project (ground references left out), each measuring its resource, ' +
        'with the catalogue function that fits its type and name where one does (its parameters, limits and unit); a project without test resources → 422 on that field.',
      access: 'production.edit',
      scope: 'project',
      body: testProfileCreateInput,
      status: 201,
      response: oneOf(testProfileSchema),
      handler: async ({ row: project, caller, body }) => ({ data: await createProfile(db, project, caller, body) }),
    });

    route({
      method: 'GET',
      url: '/testprofiles/:id',
      summary: 'One test profile',
      access: 'read',
      scope: 'testProfile',
      response: oneOf(testProfileSchema),
      handler: async ({ row }) => ({ data: await testProfile(db, row.id) }),
    });

    route({
      method: 'PATCH',
      url: '/testprofiles/:id',
      summary: "Change a draft's name, version or description, or archive a profile",
      description: `${READ_ONLY} \`status: "archived"\` retires a draft or the active profile (then the project has none active).`,
      access: 'production.edit',
      scope: 'testProfile',
      body: testProfileUpdateInput,
      response: oneOf(testProfileSchema),
      handler: async ({ row, body }) => ({ data: await changeProfile(db, row.id, body) }),
    });

    route({
      method: 'POST',
      url: '/testprofiles/:id/active',
      summary: "Make the profile the project's active one",
      description:
        'Atomically: the project\'s active profile is archived and this one becomes active, also when two are activated at once (one after the other). ' +
        'Already active → 200, no change; archived → 409 (make a new version); a draft without steps → 409.',
      access: 'production.edit',
      scope: 'testProfile',
      response: oneOf(testProfileSchema),
      handler: async ({ row }) => ({ data: await activateProfile(db, row) }),
    });

    // Steps

    route({
      method: 'GET',
      url: '/testprofiles/:id/testconfigurations',
      summary: "A test profile's steps, in order",
      access: 'read',
      scope: 'testProfile',
      response: listOf(testConfigurationSchema),
      handler: async ({ row }) => ({ data: await stepsOfProfile(db, row.id) }),
    });

    route({
      method: 'POST',
      url: '/testprofiles/:id/testconfigurations',
      summary: 'Add a step to a draft',
      description: `Last unless \`position\` (1-based) says where; the steps from there move down. Low above high → 422 on \`high\`. ${MEASURES} ${READ_ONLY}`,
      access: 'production.edit',
      scope: 'testProfile',
      body: testConfigurationCreateInput,
      status: 201,
      response: oneOf(testConfigurationSchema),
      handler: async ({ row, body }) => ({ data: await addStep(db, row.id, body) }),
    });

    route({
      method: 'GET',
      url: '/testconfigurations/:id',
      summary: 'One step of a test profile',
      access: 'read',
      scope: 'testConfiguration',
      response: oneOf(testConfigurationSchema),
      handler: async ({ row }) => ({ data: await testConfiguration(db, row.id) }),
    });

    route({
      method: 'PATCH',
      url: '/testconfigurations/:id',
      summary: "Change a step of a draft, or move it",
      description: `Any field; \`position\` moves the step there (the steps between shift). ${MEASURES} ${READ_ONLY}`,
      access: 'production.edit',
      scope: 'testConfiguration',
      body: testConfigurationUpdateInput,
      response: oneOf(testConfigurationSchema),
      handler: async ({ row, body }) => ({ data: await changeStep(db, row.id, body) }),
    });

    deleteRoute(route, {
      url: '/testconfigurations/:id',
      summary: 'Delete a step of a draft',
      refusedWhen: 'when the profile is not a draft',
      access: 'production.edit',
      scope: 'testConfiguration',
      remove: (row) => removeStep(db, row.id),
    });

    // Files

    route({
      method: 'GET',
      url: '/testprofiles/:id/testfiles',
      summary: "A test profile's files",
      access: 'read',
      scope: 'testProfile',
      response: listOf(testFileSchema),
      handler: async ({ row }) => ({ data: await filesOfProfile(db, row.id) }),
    });

    route({
      method: 'POST',
      url: '/testprofiles/:id/testfiles',
      summary: 'Upload a file to a draft',
      description:
        `Multipart, the file in \`testfile\`, streamed to the file store. Larger than ${formatBytes(config.fileLimits.testfile)} → 413; ` +
        `a type other than ${FILE_TYPES.testfile.join(', ')} → 415; no file → 422. ${READ_ONLY} (before a byte is stored)`,
      access: 'production.edit',
      scope: 'testProfile',
      consumes: 'multipart/form-data',
      body: testFileUploadForm,
      status: 201,
      response: oneOf(testFileSchema),
      handler: async ({ row, caller, request }) => {
        await assertDraft(db, row.id);
        const upload = await receiveUpload(request, files, { field: 'testfile', limit: config.fileLimits.testfile, types: FILE_TYPES.testfile });
        return { data: await addTestFile(db, files, row.id, caller, upload.file) };
      },
    });

    route({
      method: 'GET',
      url: '/testfiles/:id',
      summary: 'Download a test file',
      description: 'Streamed with its stored type, exact length and file name (Content-Disposition: attachment).',
      access: 'read',
      scope: 'testFile',
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary', description: 'The file, byte for byte as uploaded.' }),
      handler: async ({ row, reply }) => sendFile(reply, files, await testFileId(db, row.id)),
    });

    deleteRoute(route, {
      url: '/testfiles/:id',
      summary: 'Delete a file of a draft',
      refusedWhen: 'when the profile is not a draft',
      access: 'production.edit',
      scope: 'testFile',
      remove: (row, log) => removeTestFile(db, files, row.id, log),
    });

    // Variables

    route({
      method: 'GET',
      url: '/testvariabletypes',
      summary: 'The types a test variable may have',
      description: 'int, float, string, bool and enum (which lists its choices).',
      access: 'read',
      response: listOf(testVariableTypeSchema),
      handler: async () => ({ data: TEST_VARIABLE_TYPE_LIST }),
    });

    route({
      method: 'GET',
      url: '/testprofiles/:id/testvariables',
      summary: "A test profile's variables",
      access: 'read',
      scope: 'testProfile',
      response: listOf(testVariableSchema),
      handler: async ({ row }) => ({ data: await variablesOfProfile(db, row.id) }),
    });

    route({
      method: 'POST',
      url: '/testprofiles/:id/testvariables',
      summary: 'Add a variable to a draft',
      description: `The value is checked against the type (an enum's against its choices) → 422 on \`value\`. ${READ_ONLY}`,
      access: 'production.edit',
      scope: 'testProfile',
      body: testVariableCreateInput,
      status: 201,
      response: oneOf(testVariableSchema),
      handler: async ({ row, body }) => ({ data: await addVariable(db, row.id, body) }),
    });

    route({
      method: 'PATCH',
      url: '/testvariables/:id',
      summary: 'Change a variable of a draft',
      description: `The value is checked against the type the variable has after the change. ${READ_ONLY}`,
      access: 'production.edit',
      scope: 'testVariable',
      body: testVariableUpdateInput,
      response: oneOf(testVariableSchema),
      handler: async ({ row, body }) => ({ data: await changeVariable(db, row.id, body) }),
    });

    deleteRoute(route, {
      url: '/testvariables/:id',
      summary: 'Delete a variable of a draft',
      refusedWhen: 'when the profile is not a draft',
      access: 'production.edit',
      scope: 'testVariable',
      remove: (row) => removeVariable(db, row.id),
    });

    // Statistics

    route({
      method: 'GET',
      url: '/testprofiles/:id/statistics',
      summary: "Per-step capability over a scope of the profile's history",
      description:
        'Per step name over the counted runs of the scope (`from`/`to` UTC days inclusive, `batch_id` a batch of the project, `jig_id` a jig of its company: ' +
        'another → 422 on it; `versions` `this` (default) or `all` versions of the profile\'s name): runs, pass rate, min/max, and for every value (`all`) ' +
        'and for the values of passing runs (`passing`) the mean, σ within subgroups (a day × batch × jig × version) and overall, Cpk (from σ within) and Ppk ' +
        '(from σ overall) against the profile\'s limits for that step (else those the newest runs carried), `level` alarm below 1.0, flag below 1.33, ' +
        'wide above 4; worst first. `meta` says what the figures cover. Read from the per-step aggregates, never from the reports.',
      access: 'read',
      scope: 'testProfile',
      query: statisticsScopeQuery,
      response: stepStatisticsAnswer,
      handler: async ({ row, query }) => stepStatistics(db, row.id, query),
    });

    route({
      method: 'GET',
      url: '/testprofiles/:id/histogram',
      summary: "A step's values over a scope as a histogram, with its limits and fitted normal",
      description:
        'The same scope as the statistics; `step` (required) and `runs` (`all` or `passing`). Bars of one round width spanning the values and the limits, ' +
        `over the scope's newest ${HISTOGRAM_SAMPLE.toLocaleString('en-US')} values at most (\`sample\`; \`measured\` all of them); \`fit\`: the normal of all the scope's values ` +
        '(mean and overall σ, from the aggregates).',
      access: 'read',
      scope: 'testProfile',
      query: histogramQuery,
      response: oneOf(histogramSchema),
      handler: async ({ row, query }) => ({ data: await stepHistogram(db, row.id, query) }),
    });

    route({
      method: 'GET',
      url: '/projects/:id/testfunctions',
      summary: "The catalogue's test functions, with how many steps of the project's profiles call each",
      description: 'By name unless sorted (`step_count`); searched by name. What a step\'s function is picked from.',
      access: 'read',
      scope: 'project',
      query: projectTestFunctionListQuery,
      response: pageOf(projectTestFunctionSchema),
      handler: async ({ row: project, query }) => projectTestFunctions(db, project.id, query),
    });
  },
  { uploads: true },
);
