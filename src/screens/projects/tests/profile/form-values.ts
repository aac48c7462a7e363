import type { TestConfiguration, TestVariable, TestVariableType } from '../../../../../contract/test-profiles';

/**
 * What the step and variable forms hold (text, as inputs do) and the body each sends: numbers
 * that are numbers, null for an empty limit. A number field with something else in it is sent
 * as typed, so the contract's own message says what is wrong, on that field.
 */
export const numberOrText = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
};
const limitOf = (text: string) => (text.trim() === '' ? null : numberOrText(text));

/** A resource the step measures, with what the form shows for it. */
export type ChosenResource = { id: number; name: string; label: string };

export type StepValues = {
  name: string;
  test_function_id: string;
  parameters: { name: string; value: string }[];
  low: string;
  high: string;
  unit: string;
  test_resources: ChosenResource[];
};

/** "+3V3 · pad group +3V3, 2 pads · bay 1 pin 1 AIN1", from what a step says of its resources. */
export const stepResourceLabel = (r: TestConfiguration['test_resources'][number]) =>
  `${r.name} · ${r.pad_group ? `pad group ${r.pad_group.name}, ${r.pad_group.pad_count} ${r.pad_group.pad_count === 1 ? 'pad' : 'pads'}` : 'no pad group'} · bay ${r.bay} pin ${r.connector_pin.number} ${r.connector_pin.name}`;

export const stepValuesOf = (step?: TestConfiguration): StepValues => ({
  name: step?.name ?? '',
  test_function_id: step?.test_function ? String(step.test_function.id) : '',
  parameters: step?.parameters ?? [],
  low: step?.low === null || step?.low === undefined ? '' : String(step.low),
  high: step?.high === null || step?.high === undefined ? '' : String(step.high),
  unit: step?.unit ?? '',
  test_resources: (step?.test_resources ?? []).map((r) => ({ id: r.id, name: r.name, label: stepResourceLabel(r) })),
});

export const stepInputOf = (v: StepValues) => ({
  name: v.name,
  test_function_id: v.test_function_id ? Number(v.test_function_id) : null,
  parameters: v.parameters,
  low: limitOf(v.low),
  high: limitOf(v.high),
  unit: v.unit,
  test_resource_ids: v.test_resources.map((r) => r.id),
});

export type VariableValues = { name: string; type: TestVariableType; value: string; flag: boolean; choices: string };

export const variableValuesOf = (variable?: TestVariable): VariableValues => ({
  name: variable?.name ?? '',
  type: variable?.type ?? 'string',
  value: variable && typeof variable.value !== 'boolean' ? String(variable.value) : '',
  flag: variable?.value === true,
  choices: variable?.choices.join(', ') ?? '',
});

/** Choices are typed as a comma-separated list. */
export const choicesOf = (text: string) =>
  text
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

export const variableInputOf = (v: VariableValues) => ({
  name: v.name,
  type: v.type,
  value: v.type === 'bool' ? v.flag : v.type === 'int' || v.type === 'float' ? numberOrText(v.value) : v.value,
  choices: v.type === 'enum' ? choicesOf(v.choices) : [],
});
