import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { productionBatchCreateInput, type ProductionBatchCreateInput } from '../../../../contract/batches';
import { batchChanged, createBatch } from '../../../api/batches';
import { manufacturerChoicesOptions } from '../../../api/manufacturers';
import { navigate } from '../../../app/app-actor';
import { ErrorPresenter } from '../../../components/error-presenter';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';

type BatchFormDialogProps = { projectId: number; open: boolean; onOpenChange: (open: boolean) => void };

const empty = { name: '', manufacturer_id: '', planned_quantity: '' };

/** Inputs are text; the contract's schema gets numbers, or what fails as "a whole number". */
const toInput = (v: typeof empty) => ({
  name: v.name,
  manufacturer_id: v.manufacturer_id ? Number(v.manufacturer_id) : undefined,
  planned_quantity: v.planned_quantity.trim() === '' ? undefined : Number(v.planned_quantity),
});

/** "New batch": name, manufacturer of this project, planned quantity; then the new batch opens. */
export function BatchFormDialog({ projectId, open, onOpenChange }: BatchFormDialogProps) {
  const client = useQueryClient();
  const form = useForm(empty);
  const manufacturers = useQuery({ ...manufacturerChoicesOptions(projectId), enabled: open });
  const options = (manufacturers.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  const noManufacturers = manufacturers.isSuccess && options.length === 0;

  const mutation = useMutation({
    mutationFn: (input: ProductionBatchCreateInput) => createBatch(projectId, input),
    onSuccess: async (batch) => {
      await batchChanged(client, batch);
      form.setValues(empty);
      onOpenChange(false);
      navigate(`/projects/${projectId}/productionbatches/${batch.id}`);
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    const input = form.validate(productionBatchCreateInput, toInput(form.values));
    if (input) mutation.mutate(input);
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New batch" description="A lot of boards built by one manufacturer." busy={mutation.isPending}>
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="off" {...form.field('name')} />
        <SelectField
          label="Manufacturer"
          placeholder={manufacturers.isPending ? 'Loading manufacturers…' : 'Choose a manufacturer'}
          options={options}
          hint={
            noManufacturers ? (
              <>
                This project has no manufacturers yet.{' '}
                <Link href={`/projects/${projectId}/manufacturers`} className="font-medium text-primary-dark underline">
                  Add one first
                </Link>
                .
              </>
            ) : undefined
          }
          {...form.field('manufacturer_id')}
        />
        {manufacturers.error ? <ErrorPresenter error={manufacturers.error} title="Could not load manufacturers" /> : null}
        <TextField label="Planned quantity" inputMode="numeric" autoComplete="off" {...form.field('planned_quantity')} />
        <FormDialogActions
          formError={form.formError}
          busy={mutation.isPending}
          submitLabel="Create batch"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
