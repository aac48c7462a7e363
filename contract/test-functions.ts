import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idField, idQueryField, realField } from './numbers';
import { optionalText, requiredText } from './text';

/**
 * Test functions (SPEC §7, `/manage/testfunctions`): what a jig can do to a board (measure a rail,
 * flash a firmware, check a JTAG chain), each of a type, with the parameters a test configuration
 * fills in and their default limits. A platform catalogue: it belongs to no company.
 */
export const testFunctionTypeSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type TestFunctionType = z.infer<typeof testFunctionTypeSchema>;

export const testFunctionParameterSchema = z.object({
  name: z.string(),
  unit: z.string(),
  default_low: z.number().nullable(),
  default_high: z.number().nullable(),
});
export type TestFunctionParameter = z.infer<typeof testFunctionParameterSchema>;

export const testFunctionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: testFunctionTypeSchema,
  parameters: z.array(testFunctionParameterSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TestFunction = z.infer<typeof testFunctionSchema>;

export const TEST_FUNCTION_NAME_MAX = 100;
export const TEST_FUNCTION_DESCRIPTION_MAX = 2000;
export const TEST_FUNCTION_PARAMETERS_MAX = 50;

const limit = (label: string) => realField(label).nullable().optional().transform((v) => v ?? null);

/** One parameter row: a name, a unit (may be empty), and optional default limits, low ≤ high. */
export const testFunctionParameterInput = z
  .object({
    name: requiredText('Parameter name').max(60, 'Parameter name is at most 60 characters.'),
    unit: optionalText('Unit').max(20, 'Unit is at most 20 characters.').default(''),
    default_low: limit('Default low'),
    default_high: limit('Default high'),
  })
  .superRefine((p, ctx) => {
    if (p.default_low !== null && p.default_high !== null && p.default_low > p.default_high) {
      ctx.addIssue({ code: 'custom', path: ['default_high'], message: 'Default high must not be below default low.' });
    }
  });
export type TestFunctionParameterInput = z.input<typeof testFunctionParameterInput>;

const parameters = z
  .array(testFunctionParameterInput, { error: 'Parameters are a list.' })
  .max(TEST_FUNCTION_PARAMETERS_MAX, `A test function has at most ${TEST_FUNCTION_PARAMETERS_MAX} parameters.`)
  .superRefine((rows, ctx) => {
    const seen = new Map<string, number>();
    rows.forEach((row, index) => {
      const key = row.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `Parameter “${row.name}” is listed twice.` });
      else seen.set(key, index);
    });
  });

const fields = {
  name: requiredText('Name').max(TEST_FUNCTION_NAME_MAX, `Name is at most ${TEST_FUNCTION_NAME_MAX} characters.`),
  test_function_type_id: idField('test function type', { required: 'Type is required.' }),
  description: optionalText('Description')
    .max(TEST_FUNCTION_DESCRIPTION_MAX, `Description is at most ${TEST_FUNCTION_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`),
  parameters,
};

/** `POST /testfunctions`. */
export const testFunctionCreateInput = z.object({
  ...fields,
  description: fields.description.default(''),
  parameters: parameters.default([]),
});
export type TestFunctionCreateInput = z.input<typeof testFunctionCreateInput>;
export type TestFunctionCreate = z.output<typeof testFunctionCreateInput>;

/** `PATCH /testfunctions/{id}`: any of the fields; `parameters` replaces the whole list. */
export const testFunctionUpdateInput = z.object(fields).partial();
export type TestFunctionUpdateInput = z.input<typeof testFunctionUpdateInput>;
export type TestFunctionUpdate = z.output<typeof testFunctionUpdateInput>;

export const TEST_FUNCTION_SORTABLE = ['id', 'name', 'type', 'updated_at'] as const;
/** Searched by name; filtered by type (`?type_id=`); by name unless sorted. */
export const testFunctionListQuery = listQuerySchema(TEST_FUNCTION_SORTABLE).extend({
  type_id: idQueryField('test function type').optional(),
});
