import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { enclosureUpdateUpdateInput, type EnclosureUpdate, type EnclosureUpdateUpdateInput } from '../../../contract/enclosure-updates';
import { enclosureUpdatesChanged, updateEnclosureUpdate } from '../../api/enclosure-updates';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Props = { update: EnclosureUpdate; open: boolean; onOpenChange: (open: boolean) => void };

/** Edits an update's texts; its file never changes (a new build is a new update). */
export function EditUpdateDialog({ update, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm({
    defaultValues: { description: update.description, patch_notes: update.patch_notes },
    resolver: contractResolver(enclosureUpdateUpdateInput.required()),
  });
  const mutation = useMutation({
    mutationFn: (input: EnclosureUpdateUpdateInput) => updateEnclosureUpdate(update.id, input),
    onSuccess: async (saved) => {
      await enclosureUpdatesChanged(client);
      onOpenChange(false);
      showSuccess(`Changes to “${saved.description}” saved.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Edit enclosure update" description={update.firmware_name} busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="description" label="Description" />
        <TextAreaField control={form.control} name="patch_notes" label="Patch notes" />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel="Save"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
