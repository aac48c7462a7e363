import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idField, idListField, realField } from './numbers';
import { runRulesField } from './run-rules';
import { optionalText, requiredText } from './text';
import { testFunctionSchema } from './test-functions';

/**
 * Test profiles (SPEC §7 `/testprofiles/{id}`): what a jig runs on a project's boards,
 * by name and version. A draft is edited (its steps, files and variables); activating it makes it
 * the project's one active profile and archives the one before; active and archived profiles are
 * read-only, and "new version" copies one into a new draft. Reports point at the version they ran.
 */
export const TEST_PROFILE_STATUSES = ['draft', 'active', 'archived'] as const;
export type TestProfileStatus = (typeof TEST_PROFILE_STATUSES)[number];

export const testProfileSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  version: z.string(),
  description: z.string(),
  status: z.enum(TEST_PROFILE_STATUSES),
  copied_from_id: z.number().int().nullable(),
  activated_at: z.string().nullable(),
  step_count: z.number().int(),
  report_count: z.number().int(),
  /** Runs a board may have per repair cycle under this profile; null: no limit. */
  attempt_limit: z.number().int().nullable(),
  /** The run rules its run charts are judged by (contract/run-rules.ts), ascending. */
  run_rules: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TestProfile = z.infer<typeof testProfileSchema>;

const name = requiredText('Name').max(120, 'Name is at most 120 characters.');
const version = requiredText('Version').max(40, 'Version is at most 40 characters.');
const description = optionalText('Description').max(2000, 'Description is at most 2,000 characters.');
/** The retest policy: how many runs a board gets per repair cycle (null: as many as it takes). */
export const ATTEMPT_LIMIT_MAX = 20;
const attemptLimit = z
  .number({ error: 'Attempt limit is a whole number from 1 to 20, or empty for no limit.' })
  .int('Attempt limit is a whole number from 1 to 20, or empty for no limit.')
  .min(1, 'Attempt limit is at least 1 (or empty for no limit).')
  .max(ATTEMPT_LIMIT_MAX, `Attempt limit is at most ${ATTEMPT_LIMIT_MAX}.`)
  .nullable();

/**
 * `POST /projects/{id}/testprofiles`: a new draft; with `copy_of`, a new version of that profile
 * (its steps, variables and files copied; the name is the original's unless given). With
 * `steps_from_test_resources`, the draft starts with a step per test resource of the project
 * (`proposeSteps`, contract/step-proposal.ts); a project without any → 422 on that field.
 */
export const testProfileCreateInput = z.object({
  name: name.optional(),
  version,
  description: description.optional(),
  attempt_limit: attemptLimit.optional(),
  /** Default: the copied version's, else the Western Electric rules. */
  run_rules: runRulesField.optional(),
  copy_of: idField('test profile').optional(),
  steps_from_test_resources: z.boolean({ error: 'steps_from_test_resources is true or false.' }).optional(),
}).superRefine((input, ctx) => {
  if (input.copy_of === undefined && input.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required.' });
  if (input.copy_of !== undefined && input.steps_from_test_resources) {
    ctx.addIssue({ code: 'custom', path: ['steps_from_test_resources'], message: 'A new version copies its steps; steps from the test resources are for a new profile.' });
  }
});
export type TestProfileCreateInput = z.input<typeof testProfileCreateInput>;

/**
 * `PATCH /testprofiles/{id}`: a draft's name, version and description; `status: "archived"`
 * retires a draft or the active profile. Activation is `POST /testprofiles/{id}/active`.
 * `attempt_limit` is the floor's retest policy, not part of what the jig runs, so it changes on a
 * draft or the active profile alike (never on an archived one). `run_rules` is how the charts
 * judge the runs, not what the jig runs, so it changes on any version, archived ones included.
 */
export const testProfileUpdateInput = z.object({
  name: name.optional(),
  version: version.optional(),
  description: description.optional(),
  attempt_limit: attemptLimit.optional(),
  run_rules: runRulesField.optional(),
  status: z.literal('archived', { error: 'status can only be set to archived here; activate with POST …/active.' }).optional(),
});
export type TestProfileUpdateInput = z.input<typeof testProfileUpdateInput>;

export const TEST_PROFILE_SORTABLE = ['name', 'version', 'status', 'updated_at', 'created_at'] as const;
/** Active first, then drafts, then archived, newest first, unless sorted; searched by name and version. */
export const testProfileListQuery = listQuerySchema(TEST_PROFILE_SORTABLE).extend({
  status: z.enum(TEST_PROFILE_STATUSES, { error: `status must be one of: ${TEST_PROFILE_STATUSES.join(', ')}` }).optional(),
});

// Steps (test configurations)

export const stepParameterSchema = z.object({ name: z.string(), value: z.string() });
export type StepParameter = z.infer<typeof stepParameterSchema>;

/**
 * A test resource a step measures: a wired pin of one of the project's cartridges, and the
 * request's pad group it came from (so the pads it touches); null for one added by hand.
 */
export const stepResourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pad_group: z.object({ id: z.number().int(), name: z.string(), pad_count: z.number().int() }).nullable(),
  bay: z.number().int(),
  connector_pin: z.object({ number: z.number().int(), name: z.string() }),
});
export type StepResource = z.infer<typeof stepResourceSchema>;

export const testConfigurationSchema = z.object({
  id: z.number().int(),
  test_profile_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  test_function: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  parameters: z.array(stepParameterSchema),
  low: z.number().nullable(),
  high: z.number().nullable(),
  unit: z.string(),
  /** The project's test resources it measures, by bay and pin. */
  test_resources: z.array(stepResourceSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TestConfiguration = z.infer<typeof testConfigurationSchema>;

const limit = (label: string) => realField(label).nullable();
export const STEP_RESOURCES_MAX = 200;
const stepFields = {
  name: requiredText('Step name').max(200, 'Step name is at most 200 characters.'),
  test_function_id: idField('test function').nullable(),
  parameters: z
    .array(
      z.object({
        name: requiredText('Parameter name').max(60, 'Parameter name is at most 60 characters.'),
        value: optionalText('Parameter value').max(200, 'Parameter value is at most 200 characters.'),
      }),
      { error: 'Parameters are a list.' },
    )
    .max(50, 'A step has at most 50 parameters.'),
  low: limit('Low'),
  high: limit('High'),
  unit: optionalText('Unit').max(20, 'Unit is at most 20 characters.'),
  /** The project's test resources the step measures (the whole set); another project's → 422. */
  test_resource_ids: idListField('test resource', { max: STEP_RESOURCES_MAX, maxMessage: `A step measures at most ${STEP_RESOURCES_MAX} test resources.` }),
  /** 1-based place in the profile; the other steps move to make room. */
  position: z.number({ error: 'Position is a whole number.' }).int('Position is a whole number.').min(1, 'Position starts at 1.').max(10_000),
};

const lowNotAboveHigh = (step: { low?: number | null; high?: number | null }, ctx: z.RefinementCtx) => {
  if (step.low != null && step.high != null && step.low > step.high) {
    ctx.addIssue({ code: 'custom', path: ['high'], message: 'High must not be below low.' });
  }
};

/** `POST /testprofiles/{id}/testconfigurations`: a step, last unless `position` says where. */
export const testConfigurationCreateInput = z
  .object({
    name: stepFields.name,
    test_function_id: stepFields.test_function_id.default(null),
    parameters: stepFields.parameters.default([]),
    low: stepFields.low.default(null),
    high: stepFields.high.default(null),
    unit: stepFields.unit.default(''),
    test_resource_ids: stepFields.test_resource_ids.default([]),
    position: stepFields.position.optional(),
  })
  .superRefine(lowNotAboveHigh);
export type TestConfigurationCreateInput = z.input<typeof testConfigurationCreateInput>;

/** `PATCH /testconfigurations/{id}`: any field; `position` moves the step (the others shift). */
export const testConfigurationUpdateInput = z.object(stepFields).partial().superRefine(lowNotAboveHigh);
export type TestConfigurationUpdateInput = z.input<typeof testConfigurationUpdateInput>;

// Files

export const testFileSchema = z.object({
  id: z.number().int(),
  test_profile_id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type TestFile = z.infer<typeof testFileSchema>;

/** The multipart form of `POST /testprofiles/{id}/testfiles`, for the description. */
export const testFileUploadForm = z.object({ testfile: z.string().meta({ format: 'binary', description: 'The file.' }) });

// Variables

export const TEST_VARIABLE_TYPES = ['int', 'float', 'string', 'bool', 'enum'] as const;
export type TestVariableType = (typeof TEST_VARIABLE_TYPES)[number];

export const TEST_VARIABLE_TYPE_NAMES: Record<TestVariableType, string> = {
  int: 'Whole number',
  float: 'Number',
  string: 'Text',
  bool: 'Yes or no',
  enum: 'One of a list',
};

export const testVariableTypeSchema = z.object({ slug: z.enum(TEST_VARIABLE_TYPES), name: z.string(), has_choices: z.boolean() });
export type TestVariableTypeInfo = z.infer<typeof testVariableTypeSchema>;

export const TEST_VARIABLE_TYPE_LIST: TestVariableTypeInfo[] = TEST_VARIABLE_TYPES.map((slug) => ({
  slug,
  name: TEST_VARIABLE_TYPE_NAMES[slug],
  has_choices: slug === 'enum',
}));

export const variableValueSchema = z.union([optionalText('Value', { trim: false }), z.number(), z.boolean()]);
export type VariableValue = z.infer<typeof variableValueSchema>;

export const testVariableSchema = z.object({
  id: z.number().int(),
  test_profile_id: z.number().int(),
  name: z.string(),
  type: z.enum(TEST_VARIABLE_TYPES),
  value: variableValueSchema,
  choices: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TestVariable = z.infer<typeof testVariableSchema>;

export const TEST_VARIABLE_STRING_MAX = 1000;

/**
 * Whether `value` fits the type (and an enum's choices): the message for the `value` field, or
 * null. Numbers travel as JSON numbers, yes/no as a boolean, text and an enum's choice as text.
 */
export function variableValueError(type: TestVariableType, value: unknown, choices: readonly string[]): string | null {
  switch (type) {
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : 'A whole-number variable takes a whole number.';
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'A number variable takes a number.';
    case 'bool':
      return typeof value === 'boolean' ? null : 'A yes-or-no variable takes true or false.';
    case 'string':
      if (typeof value !== 'string') return 'A text variable takes text.';
      return value.length > TEST_VARIABLE_STRING_MAX ? `Text is at most ${TEST_VARIABLE_STRING_MAX} characters.` : null;
    case 'enum':
      if (typeof value !== 'string' || !choices.includes(value)) return `The value must be one of its choices: ${choices.join(', ') || 'none yet'}.`;
      return null;
  }
}

/** What an enum's choices must be (and any other type's: none). */
export function variableChoicesError(type: TestVariableType, choices: readonly string[]): string | null {
  if (type !== 'enum') return choices.length ? 'Only an enum variable has choices.' : null;
  if (!choices.length) return 'An enum variable needs at least one choice.';
  if (new Set(choices).size !== choices.length) return 'Each choice is listed once.';
  return null;
}

const variableFields = {
  name: requiredText('Name')
    .max(60, 'Name is at most 60 characters.')
    .regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'A variable name starts with a letter or _ and holds letters, digits, _ . and -.'),
  type: z.enum(TEST_VARIABLE_TYPES, { error: `Type must be one of: ${TEST_VARIABLE_TYPES.join(', ')}.` }),
  value: variableValueSchema,
  choices: z
    .array(requiredText('Choice').max(100, 'A choice is at most 100 characters.'), { error: 'Choices are a list.' })
    .max(100, 'At most 100 choices.'),
};

const typedVariable = (v: { type?: TestVariableType; value?: unknown; choices?: string[] }, ctx: z.RefinementCtx) => {
  if (v.type === undefined) return;
  const choices = v.choices ?? [];
  const choiceError = variableChoicesError(v.type, choices);
  if (choiceError) ctx.addIssue({ code: 'custom', path: ['choices'], message: choiceError });
  if (v.value !== undefined) {
    const valueError = variableValueError(v.type, v.value, choices);
    if (valueError) ctx.addIssue({ code: 'custom', path: ['value'], message: valueError });
  }
};

/** `POST /testprofiles/{id}/testvariables`: the value checked against the type. */
export const testVariableCreateInput = z
  .object({ ...variableFields, value: variableValueSchema.optional(), choices: variableFields.choices.default([]) })
  .superRefine((v, ctx) => {
    if (v.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Value is required.' });
    else typedVariable(v, ctx);
  });
export type TestVariableCreateInput = z.input<typeof testVariableCreateInput>;

/**
 * `PATCH /testvariables/{id}`: any field; the server checks the value against the type the
 * variable has after the change (a type change needs a value that fits it).
 */
export const testVariableUpdateInput = z.object(variableFields).partial();
export type TestVariableUpdateInput = z.input<typeof testVariableUpdateInput>;

// The project's test functions

export const projectTestFunctionSchema = testFunctionSchema.extend({
  /** Steps of this project's profiles (any status) that call it. */
  step_count: z.number().int(),
});
export type ProjectTestFunction = z.infer<typeof projectTestFunctionSchema>;

export const PROJECT_TEST_FUNCTION_SORTABLE = ['name', 'step_count'] as const;
export const projectTestFunctionListQuery = listQuerySchema(PROJECT_TEST_FUNCTION_SORTABLE);

// Statistics: the per-step figures over a scope are contract/step-statistics.ts, the run chart contract/run-chart.ts.
