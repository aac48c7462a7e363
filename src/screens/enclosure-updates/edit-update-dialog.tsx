import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enclosureUpdateUpdateInput, type EnclosureUpdate } from '../../../contract/enclosure-updates';
import { enclosureUpdatesChanged, updateEnclosureUpdate } from '../../api/enclosure-updates';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';

type Props = { update: EnclosureUpdate; open: boolean; onOpenChange: (open: boolean) => void; onSaved: (update: EnclosureUpdate) => void };

/** Edits an update's texts; its file never changes (a new build is a new update). */
export function EditUpdateDialog({ update, open, onOpenChange, onSaved }: Props) {
  const client = useQueryClient();
  const form = useForm({ description: update.description, patch_notes: update.patch_notes });
  const mutation = useMutation({
    mutationFn: (input: { description: string; patch_notes: string }) => updateEnclosureUpdate(update.id, input),
    onSuccess: async (saved) => {
      await enclosureUpdatesChanged(client);
      onOpenChange(false);
      onSaved(saved);
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    const input = form.validate(enclosureUpdateUpdateInput.required(), form.values);
    if (input) mutation.mutate(input);
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Edit enclosure update" description={update.firmware_name} busy={mutation.isPending}>
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Description" {...form.field('description')} />
        <TextAreaField label="Patch notes" {...form.field('patch_notes')} />
        <FormDialogActions formError={form.formError} busy={mutation.isPending} submitLabel="Save" onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
