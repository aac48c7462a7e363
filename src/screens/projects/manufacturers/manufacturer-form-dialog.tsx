import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manufacturerCreateInput, type ManufacturerCreateInput } from '../../../../contract/projects';
import { createManufacturer, manufacturerChanged } from '../../../api/manufacturers';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';

type Props = { projectId: number; open: boolean; onOpenChange: (open: boolean) => void; onCreated: (name: string) => void };

const empty = { name: '', contact_email: '' };

/** "Add manufacturer": a company that builds this project's boards, and whom to write to. */
export function ManufacturerFormDialog({ projectId, open, onOpenChange, onCreated }: Props) {
  const client = useQueryClient();
  const form = useForm(empty);
  const mutation = useMutation({
    mutationFn: (input: ManufacturerCreateInput) => createManufacturer(projectId, input),
    onSuccess: async (manufacturer) => {
      await manufacturerChanged(client, manufacturer);
      form.setValues(empty);
      onOpenChange(false);
      onCreated(manufacturer.name);
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    const email = form.values.contact_email.trim();
    const input = form.validate(manufacturerCreateInput, { name: form.values.name, contact_email: email || null });
    if (input) mutation.mutate(input);
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Add manufacturer" description="A company that builds this project’s boards." busy={mutation.isPending}>
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="organization" {...form.field('name')} />
        <TextField
          label="Contact email"
          type="email"
          autoComplete="email"
          hint="Optional: whom to write to about this project’s batches."
          {...form.field('contact_email')}
        />
        <FormDialogActions
          formError={form.formError}
          busy={mutation.isPending}
          submitLabel="Add manufacturer"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
