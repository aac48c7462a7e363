import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  testFunctionCreateInput,
  testFunctionUpdateInput,
  type TestFunction,
  type TestFunctionCreate,
} from '../../../contract/test-functions';
import { createTestFunction, testFunctionChanged, testFunctionTypesOptions, updateTestFunction } from '../../api/test-functions';
import { navigate } from '../../app/app-actor';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { ErrorPresenter } from '../../components/error-presenter';
import { contractResolver } from '../../components/form/contract-resolver';
import { FieldRows } from '../../components/form/field-rows';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

/** The form holds text, as typed; `toBody` turns it into the contract's body under the same keys. */
type ParameterValues = { name: string; unit: string; default_low: string; default_high: string };
export type TestFunctionFormValues = {
  name: string;
  test_function_type_id: string;
  description: string;
  parameters: ParameterValues[];
};

const emptyParameter = (): ParameterValues => ({ name: '', unit: '', default_low: '', default_high: '' });

const limitText = (n: number | null) => (n === null ? '' : String(n));

function valuesOf(fn: TestFunction | null): TestFunctionFormValues {
  if (!fn) return { name: '', test_function_type_id: '', description: '', parameters: [] };
  return {
    name: fn.name,
    test_function_type_id: String(fn.type.id),
    description: fn.description,
    parameters: fn.parameters.map((p) => ({
      name: p.name,
      unit: p.unit,
      default_low: limitText(p.default_low),
      default_high: limitText(p.default_high),
    })),
  };
}

/** Empty is no limit (null); a number is read as one (a comma as the decimal point); anything else goes as typed, for the schema's message. */
function limitOf(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : t;
}

function toBody(v: TestFunctionFormValues) {
  return {
    name: v.name,
    test_function_type_id: v.test_function_type_id === '' ? undefined : Number(v.test_function_type_id),
    description: v.description,
    parameters: v.parameters.map((p) => ({ name: p.name, unit: p.unit, default_low: limitOf(p.default_low), default_high: limitOf(p.default_high) })),
  };
}

type Props = { testFunction: TestFunction | null };

/** Creating and editing a test function: one form, so both check and show the same things. */
export function TestFunctionForm({ testFunction }: Props) {
  const client = useQueryClient();
  const types = useQuery(testFunctionTypesOptions());
  const form = useForm<TestFunctionFormValues, unknown, TestFunctionCreate>({
    defaultValues: valuesOf(testFunction),
    resolver: contractResolver(testFunction ? testFunctionUpdateInput.required() : testFunctionCreateInput, toBody),
  });
  const leaveGuard = useLeaveGuard(
    form.formState.isDirty,
    testFunction ? 'Your changes to this test function are not saved yet.' : 'The new test function is not created yet.',
  );
  const mutation = useMutation({
    mutationFn: (body: TestFunctionCreate) => (testFunction ? updateTestFunction(testFunction.id, body) : createTestFunction(body)),
    onSuccess: async (saved) => {
      await testFunctionChanged(client, saved);
      leaveGuard.release();
      showSuccess(testFunction ? `Changes to “${saved.name}” saved.` : `Test function “${saved.name}” created.`);
      navigate('/manage/testfunctions');
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate className="flex max-w-3xl flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="name" label="Name" autoComplete="off" />
        <SelectField
          control={form.control}
          name="test_function_type_id"
          label="Type"
          placeholder={types.isPending ? 'Loading types…' : 'Choose a type'}
          options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        />
      </div>
      {types.error ? <ErrorPresenter error={types.error} title="Could not load the test function types" /> : null}
      <TextAreaField control={form.control} name="description" label="Description" />
      <FieldRows
        control={form.control}
        name="parameters"
        legend="Parameters"
        noun="parameter"
        newRow={emptyParameter}
        empty="No parameters: the function takes none, or add the values a test configuration sets."
      >
        {(index) => (
          <>
            <TextField control={form.control} name={`parameters.${index}.name`} label="Name" autoComplete="off" />
            <TextField control={form.control} name={`parameters.${index}.unit`} label="Unit" autoComplete="off" hint="e.g. V, mA, °C" />
            <TextField control={form.control} name={`parameters.${index}.default_low`} label="Default low" inputMode="decimal" autoComplete="off" />
            <TextField control={form.control} name={`parameters.${index}.default_high`} label="Default high" inputMode="decimal" autoComplete="off" />
          </>
        )}
      </FieldRows>
      <FormError message={formErrorOf(form.formState.errors)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={mutation.isPending}>
          {testFunction ? 'Save' : 'Create test function'}
        </Button>
        <ButtonLink href="/manage/testfunctions" variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
