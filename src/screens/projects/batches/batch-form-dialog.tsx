import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { productionBatchCreateInput, type ProductionBatchCreateInput } from '../../../../contract/batches';
import { batchChanged, createBatch } from '../../../api/batches';
import { manufacturerChoicesOptions } from '../../../api/manufacturers';
import { navigate } from '../../../app/app-actor';
import { ErrorPresenter } from '../../../components/error-presenter';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';
import { ManufacturerFormDialog } from '../manufacturers/manufacturer-form-dialog';

type BatchFormDialogProps = { projectId: number; open: boolean; onOpenChange: (open: boolean) => void };

type Values = { name: string; manufacturer_id: string; planned_quantity: string };

/** Inputs are text; the contract's schema gets numbers, or what fails as "a whole number". */
const toInput = (v: Values) => ({
  name: v.name,
  manufacturer_id: v.manufacturer_id ? Number(v.manufacturer_id) : undefined,
  planned_quantity: v.planned_quantity.trim() === '' ? undefined : Number(v.planned_quantity),
});

/**
 * "New batch": name, manufacturer of this project, planned quantity; then the new batch opens. A
 * project without manufacturers adds one from here, in a dialog over this one, and it is chosen:
 * what was typed stays.
 */
export function BatchFormDialog({ projectId, open, onOpenChange }: BatchFormDialogProps) {
  const client = useQueryClient();
  const form = useForm<Values, unknown, ProductionBatchCreateInput>({
    defaultValues: { name: '', manufacturer_id: '', planned_quantity: '' },
    resolver: contractResolver(productionBatchCreateInput, toInput),
  });
  const manufacturers = useQuery({ ...manufacturerChoicesOptions(projectId), enabled: open });
  const options = (manufacturers.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  const noManufacturers = manufacturers.isSuccess && options.length === 0;
  const [addingManufacturer, setAddingManufacturer] = useState(false);

  const mutation = useMutation({
    mutationFn: (input: ProductionBatchCreateInput) => createBatch(projectId, input),
    onSuccess: async (batch) => {
      await batchChanged(client, batch);
      form.reset();
      onOpenChange(false);
      showSuccess(`Production batch “${batch.name}” created.`);
      navigate(`/projects/${projectId}/productionbatches/${batch.id}`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New batch" description="A lot of boards built by one manufacturer." busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" autoComplete="off" />
        <SelectField
          control={form.control}
          name="manufacturer_id"
          label="Manufacturer"
          placeholder={manufacturers.isPending ? 'Loading manufacturers…' : 'Choose a manufacturer'}
          options={options}
          hint={
            noManufacturers ? (
              <>
                This project has no manufacturers yet.{' '}
                <button type="button" onClick={() => setAddingManufacturer(true)} className="font-medium text-primary-dark underline">
                  Add a manufacturer
                </button>
                , then create the batch.
              </>
            ) : undefined
          }
        />
        {manufacturers.error ? <ErrorPresenter error={manufacturers.error} title="Could not load manufacturers" /> : null}
        <TextField control={form.control} name="planned_quantity" label="Planned quantity" inputMode="numeric" autoComplete="off" />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel="Create batch"
          onCancel={() => onOpenChange(false)}
        />
      </form>
      <ManufacturerFormDialog
        projectId={projectId}
        open={addingManufacturer}
        onOpenChange={setAddingManufacturer}
        onAdded={(added) => form.setValue('manufacturer_id', String(added.id), { shouldValidate: form.formState.isSubmitted })}
      />
    </FormDialog>
  );
}
