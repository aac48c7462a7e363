import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { testConfigurationCreateInput, type TestConfiguration, type TestConfigurationCreateInput } from '../../../../../contract/test-profiles';
import { addTestStep, testFunctionChoicesOptions, testProfileChanged, updateTestStep } from '../../../../api/test-profiles';
import { FormDialog, FormDialogActions } from '../../../../components/form-dialog';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { FieldRows } from '../../../../components/form/field-rows';
import { formErrorOf } from '../../../../components/form/form-error';
import { SelectField } from '../../../../components/form/select-field';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextField } from '../../../../components/form/text-field';
import { showSuccess } from '../../../../components/toast';
import { stepInputOf, stepValuesOf, type StepValues } from './form-values';
import { ResourcesField } from './resources-field';

type Props = {
  profile: { id: number; project_id: number };
  /** The step to edit; a new one (added last) without it. */
  step?: TestConfiguration;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * A step as a row dialog: its name (what the jig reports it as), the catalogue test function it
 * calls with that function's parameters, the project's test resources (pads) it measures, its
 * limits and unit. Choosing a function fills in its
 * parameters and default limits where the step has none yet.
 */
export function StepDialog({ profile, step, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const functions = useQuery({ ...testFunctionChoicesOptions(profile.project_id), enabled: open });
  const form = useForm<StepValues, unknown, TestConfigurationCreateInput>({
    defaultValues: stepValuesOf(step),
    resolver: contractResolver(testConfigurationCreateInput, stepInputOf),
  });
  // Reset when the dialog opens on a step, not when its query refetches while someone types.
  const stepId = step?.id;
  useEffect(() => {
    if (open) form.reset(stepValuesOf(step));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, stepId, form]);

  const chosen = useWatch({ control: form.control, name: 'test_function_id' });
  const previous = useRef(chosen);
  useEffect(() => {
    if (previous.current === chosen) return;
    previous.current = chosen;
    const fn = functions.data?.data.find((f) => String(f.id) === chosen);
    if (!fn) return;
    if (!form.getValues('parameters').length) form.setValue('parameters', fn.parameters.map((p) => ({ name: p.name, value: '' })), { shouldDirty: true });
    const first = fn.parameters[0];
    if (first && !form.getValues('low') && !form.getValues('high')) {
      if (first.default_low !== null) form.setValue('low', String(first.default_low), { shouldDirty: true });
      if (first.default_high !== null) form.setValue('high', String(first.default_high), { shouldDirty: true });
      if (!form.getValues('unit')) form.setValue('unit', first.unit, { shouldDirty: true });
    }
  }, [chosen, functions.data, form]);

  const mutation = useMutation({
    mutationFn: (input: TestConfigurationCreateInput) => (step ? updateTestStep(step.id, input) : addTestStep(profile.id, input)),
    onSuccess: async (saved) => {
      await testProfileChanged(client, profile);
      onOpenChange(false);
      showSuccess(step ? `Step “${saved.name}” saved.` : `Step “${saved.name}” added.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const options = (functions.data?.data ?? []).map((f) => ({ value: String(f.id), label: `${f.name} (${f.type.name})` }));
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={step ? `Edit step ${step.position}` : 'Add step'} busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Step name" hint="As the jig reports it: statistics match reports by this name." />
        <SelectField
          control={form.control}
          name="test_function_id"
          label="Test function"
          options={options}
          placeholder={functions.isPending ? 'Loading functions…' : 'None'}
        />
        <ResourcesField control={form.control} projectId={profile.project_id} />
        <FieldRows control={form.control} name="parameters" legend="Parameters" noun="parameter" newRow={() => ({ name: '', value: '' })} empty="No parameters.">
          {(index) => (
            <div className="grid grid-cols-2 gap-3 sm:col-span-2">
              <TextField control={form.control} name={`parameters.${index}.name`} label="Name" />
              <TextField control={form.control} name={`parameters.${index}.value`} label="Value" />
            </div>
          )}
        </FieldRows>
        <div className="grid grid-cols-3 gap-3">
          <TextField control={form.control} name="low" label="Low" inputMode="decimal" />
          <TextField control={form.control} name="high" label="High" inputMode="decimal" />
          <TextField control={form.control} name="unit" label="Unit" />
        </div>
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel={step ? 'Save step' : 'Add step'} onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
