import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { manufacturerCreateInput, type Manufacturer, type ManufacturerCreateInput } from '../../../../contract/projects';
import { createManufacturer, manufacturerChanged } from '../../../api/manufacturers';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';

type Props = {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told once it is added and the project's manufacturer lists refreshed, e.g. to choose it in a form. */
  onAdded?: (manufacturer: Manufacturer) => void;
};

type Values = { name: string; contact_email: string };

/** The contact email is optional: an empty input means none. */
const toInput = (v: Values) => ({ name: v.name, contact_email: v.contact_email.trim() || null });

/** "Add manufacturer": a company that builds this project's boards, and whom to write to. */
export function ManufacturerFormDialog({ projectId, open, onOpenChange, onAdded }: Props) {
  const client = useQueryClient();
  const form = useForm<Values, unknown, ManufacturerCreateInput>({
    defaultValues: { name: '', contact_email: '' },
    resolver: contractResolver(manufacturerCreateInput, toInput),
  });
  const mutation = useMutation({
    mutationFn: (input: ManufacturerCreateInput) => createManufacturer(projectId, input),
    onSuccess: async (manufacturer) => {
      await manufacturerChanged(client, manufacturer);
      form.reset();
      onOpenChange(false);
      showSuccess(`Manufacturer “${manufacturer.name}” added.`);
      onAdded?.(manufacturer);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Add manufacturer" description="A company that builds this project’s boards." busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" autoComplete="organization" />
        <TextField
          control={form.control}
          name="contact_email"
          label="Contact email"
          type="email"
          autoComplete="email"
          hint="Optional: whom to write to about this project’s batches."
        />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel="Add manufacturer"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
