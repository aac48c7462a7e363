import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  AMS_TYPE_LABELS,
  AMS_TYPES,
  cassetteModuleTypeCreateInput,
  type CassetteModuleType,
  type CassetteModuleTypeCreateInput,
} from '../../../contract/cassette-module-types';
import { createModuleType, moduleTypesChanged, updateModuleType } from '../../api/cassette-module-types';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Props = {
  /** The module to edit; none for a new one. */
  moduleType?: CassetteModuleType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type Values = { name: string; ams_type: string; description: string };

export const AMS_TYPE_OPTIONS = AMS_TYPES.map((t) => ({ value: t, label: AMS_TYPE_LABELS[t] }));

/** "New AMS module" and "Edit AMS module": name, family and a description. */
export function ModuleTypeDialog({ moduleType, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm<Values, unknown, CassetteModuleTypeCreateInput>({
    defaultValues: { name: moduleType?.name ?? '', ams_type: moduleType?.ams_type ?? '', description: moduleType?.description ?? '' },
    resolver: contractResolver(cassetteModuleTypeCreateInput),
  });
  const mutation = useMutation({
    mutationFn: (input: CassetteModuleTypeCreateInput) => (moduleType ? updateModuleType(moduleType.id, input) : createModuleType(input)),
    onSuccess: async (saved) => {
      await moduleTypesChanged(client);
      form.reset();
      onOpenChange(false);
      showSuccess(moduleType ? `Changes to AMS module “${saved.name}” saved.` : `AMS module “${saved.name}” created.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={moduleType ? 'Edit AMS module' : 'New AMS module'}
      description="An instrument module that sits in a cassette’s slot."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" autoComplete="off" />
        <SelectField control={form.control} name="ams_type" label="AMS type" placeholder="Choose a type" options={AMS_TYPE_OPTIONS} />
        <TextAreaField control={form.control} name="description" label="Description" />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel={moduleType ? 'Save' : 'Create AMS module'}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
