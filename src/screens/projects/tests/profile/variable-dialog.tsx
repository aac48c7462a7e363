import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { testVariableCreateInput, type TestVariable, type TestVariableCreateInput } from '../../../../../contract/test-profiles';
import { addTestVariable, testProfileChanged, testVariableTypesOptions, updateTestVariable } from '../../../../api/test-profiles';
import { FormDialog, FormDialogActions } from '../../../../components/form-dialog';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { errorsOf, FormField } from '../../../../components/form/form-field';
import { formErrorOf } from '../../../../components/form/form-error';
import { SelectField } from '../../../../components/form/select-field';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { TextField } from '../../../../components/form/text-field';
import { showSuccess } from '../../../../components/toast';
import { choicesOf, variableInputOf, variableValuesOf, type VariableValues } from './form-values';

type Props = { profile: { id: number; project_id: number }; variable?: TestVariable; open: boolean; onOpenChange: (open: boolean) => void };

/** Yes or no: a checkbox, its refusal (from the `value` key) beside it. */
function FlagField({ control }: { control: Control<VariableValues, unknown, TestVariableCreateInput> }) {
  const { field } = useController({ control, name: 'flag' });
  const { fieldState } = useController({ control, name: 'value' });
  return (
    <FormField label="Value" errors={errorsOf(fieldState.error)}>
      {(a11y) => (
        <label className="flex min-h-11 items-center gap-2">
          <input {...a11y} type="checkbox" ref={field.ref} name={field.name} checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} className="size-5" />
          <span>{field.value ? 'Yes (true)' : 'No (false)'}</span>
        </label>
      )}
    </FormField>
  );
}

/** A variable: name, type (from `GET /testvariabletypes`) and a value editor that fits the type. */
export function VariableDialog({ profile, variable, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const types = useQuery({ ...testVariableTypesOptions(), enabled: open });
  const form = useForm<VariableValues, unknown, TestVariableCreateInput>({
    defaultValues: variableValuesOf(variable),
    resolver: contractResolver(testVariableCreateInput, variableInputOf),
  });
  // Reset when the dialog opens on a variable, not when its query refetches while someone types.
  const variableId = variable?.id;
  useEffect(() => {
    if (open) form.reset(variableValuesOf(variable));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, variableId, form]);
  const type = useWatch({ control: form.control, name: 'type' });
  const choices = choicesOf(useWatch({ control: form.control, name: 'choices' }));
  const mutation = useMutation({
    mutationFn: (input: TestVariableCreateInput) => (variable ? updateTestVariable(variable.id, input) : addTestVariable(profile.id, input)),
    onSuccess: async (saved) => {
      await testProfileChanged(client, profile);
      onOpenChange(false);
      showSuccess(`Variable “${saved.name}” saved.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.slug, label: `${t.name} (${t.slug})` }));
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={variable ? `Edit ${variable.name}` : 'Add variable'} busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" placeholder="supply_voltage" autoComplete="off" />
        <SelectField control={form.control} name="type" label="Type" options={typeOptions.length ? typeOptions : [{ value: type, label: type }]} />
        {type === 'enum' ? <TextField control={form.control} name="choices" label="Choices" hint="Separated by commas: fast, slow" /> : null}
        {type === 'bool' ? (
          <FlagField control={form.control} />
        ) : type === 'enum' ? (
          <SelectField control={form.control} name="value" label="Value" options={choices.map((c) => ({ value: c, label: c }))} placeholder="Choose one" />
        ) : type === 'int' || type === 'float' ? (
          <TextField control={form.control} name="value" label="Value" inputMode={type === 'int' ? 'numeric' : 'decimal'} />
        ) : (
          <TextField control={form.control} name="value" label="Value" />
        )}
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel={variable ? 'Save variable' : 'Add variable'} onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
